import Synchronization

/// What a lookup does when the selected table lacks the key.
public enum FallbackPolicy: String, Sendable {
    /// Apple's rule: the first localization that has the table decides; a missing key gives the
    /// default value, else the key.
    case apple
    /// Opt-in: look the key up through the rest of the ordered list before the default value.
    case chain
}

/// Process-wide localization state: the user's preferred languages, the main bundle, the device
/// class. Bundles read it as one consistent snapshot; changing it bumps a generation so that each
/// bundle recomputes its ordered localizations once.
public final class Runtime: Sendable {
    struct State: Sendable {
        var preferred: [String]
        var generation: UInt64 = 1
        var main: (id: ObjectIdentifier, table: CompiledTable)? = nil
        var device: DeviceClass = .mac
        var policy: FallbackPolicy = .apple
    }

    let state: Mutex<State>
    public let matcher: any LocalizationMatcher

    /// - Parameter preferredLanguages: most preferred first; nil reads them from the environment.
    public init(preferredLanguages: [String]? = nil, matcher: any LocalizationMatcher = SimpleMatcher()) {
        state = Mutex(State(preferred: preferredLanguages ?? SystemLanguages.preferred()))
        self.matcher = matcher
    }

    public var preferredLanguages: [String] {
        get { state.withLock { $0.preferred } }
        set { state.withLock { $0.preferred = newValue; $0.generation &+= 1 } }
    }

    public var deviceClass: DeviceClass {
        get { state.withLock { $0.device } }
        set { state.withLock { $0.device = newValue } }
    }

    public var fallbackPolicy: FallbackPolicy {
        get { state.withLock { $0.policy } }
        set { state.withLock { $0.policy = newValue } }
    }

    /// Opens a compiled bundle. At most one bundle of a runtime is the main bundle.
    public func open(path: String, main: Bool = false, verify: Bool = false) throws(LokaleError) -> Bundle {
        try adopt(CompiledTable(path: path, verifyPayload: verify), main: main)
    }

    public func adopt(_ table: CompiledTable, main: Bool) throws(LokaleError) -> Bundle {
        let bundle = Bundle(table: table, runtime: self, isMain: main)
        if main {
            let ok = state.withLock { s -> Bool in
                guard s.main == nil else { return false }
                s.main = (ObjectIdentifier(bundle), table)
                s.generation &+= 1
                return true
            }
            if !ok {
                bundle.detach()
                throw LokaleError(.state, "the runtime already has a main bundle")
            }
        }
        return bundle
    }

    func unregisterMain(_ id: ObjectIdentifier) {
        state.withLock { s in
            if let m = s.main, m.id == id { s.main = nil; s.generation &+= 1 }
        }
    }

    var snapshot: State { state.withLock { $0 } }
}

/// The ordered localization list of `table` for `preferred`: the matcher's choice, then the
/// development localization, then Base.
func orderedLocalizations(_ table: CompiledTable, preferred: [String], matcher: any LocalizationMatcher) -> [LocalizationChoice] {
    let candidates = table.localizations.indices.filter { !table.isBaseLocalization[$0] }
    let names = candidates.map { table.localizations[$0] }
    var result = matcher.order(preferred: preferred, available: names).map {
        LocalizationChoice(localization: candidates[$0.localization], reason: $0.reason)
    }
    if !result.contains(where: { $0.localization == table.developmentLocalization }) {
        result.append(LocalizationChoice(localization: table.developmentLocalization, reason: .development))
    }
    if let base = table.isBaseLocalization.firstIndex(of: true) {
        result.append(LocalizationChoice(localization: base, reason: .base))
    }
    return result
}
