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
    }

    let state: Mutex<State>
    /// A copy of `state.generation` readable without the lock: the lookup fast path only
    /// compares it with the generation its bundle cached.
    let generation = Atomic<UInt64>(1)
    private let policyRaw = Atomic<UInt8>(0)
    public let matcher: any LocalizationMatcher

    /// - Parameter preferredLanguages: most preferred first; nil reads them from the environment.
    public init(preferredLanguages: [String]? = nil, matcher: any LocalizationMatcher = AppleMatcher()) {
        state = Mutex(State(preferred: preferredLanguages ?? SystemLanguages.preferred()))
        self.matcher = matcher
    }

    public var preferredLanguages: [String] {
        get { state.withLock { $0.preferred } }
        set { state.withLock { $0.preferred = newValue; bump(&$0) } }
    }

    public var deviceClass: DeviceClass {
        get { state.withLock { $0.device } }
        set { state.withLock { $0.device = newValue } }
    }

    public var fallbackPolicy: FallbackPolicy {
        get { policyRaw.load(ordering: .relaxed) == 1 ? .chain : .apple }
        set { policyRaw.store(newValue == .chain ? 1 : 0, ordering: .relaxed) }
    }

    /// Called with the lock held after every change that can alter a bundle's ordered list.
    private func bump(_ s: inout State) {
        s.generation &+= 1
        generation.store(s.generation, ordering: .releasing)
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
                bump(&s)
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
            if let m = s.main, m.id == id { s.main = nil; bump(&s) }
        }
    }

    var snapshot: State { state.withLock { $0 } }
}

/// The ordered localization list of `table` for `preferred`: the matcher's choice, then the
/// development localization, then Base.
///
/// - Parameter user: the user's own preferences when `preferred` is another bundle's choice
///   (`preferredChoices` says which user preference each of its entries answers); nil when
///   `preferred` are the user's preferences.
func orderedLocalizations(_ table: CompiledTable, preferred: [String], matcher: any LocalizationMatcher,
                          user: (languages: [String], preferredChoices: [LocalizationChoice])? = nil) -> [LocalizationChoice] {
    let candidates = table.localizations.indices.filter { !table.isBaseLocalization[$0] }
    let names = candidates.map { table.localizations[$0] }
    let userLanguages = user?.languages ?? preferred
    var result = matcher.order(preferred: preferred, available: names).map { c -> LocalizationChoice in
        let p = c.preference
        let answers = user == nil ? p : p.flatMap { $0 < user!.preferredChoices.count ? user!.preferredChoices[$0].userPreference : nil }
        return LocalizationChoice(localization: candidates[c.localization], reason: c.reason, userPreference: answers)
    }
    func answered(_ localization: Int) -> Int? {
        // A development localization the user also asked for counts as that preference.
        userLanguages.indices.first { !matcher.order(preferred: [userLanguages[$0]], available: [table.localizations[localization]]).isEmpty }
    }
    if !result.contains(where: { $0.localization == table.developmentLocalization }) {
        let d = table.developmentLocalization
        result.append(LocalizationChoice(localization: d, reason: .development, userPreference: answered(d)))
    }
    if let base = table.isBaseLocalization.firstIndex(of: true) {
        result.append(LocalizationChoice(localization: base, reason: .base))
    }
    return result
}
