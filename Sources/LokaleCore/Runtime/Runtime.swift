#if canImport(Glibc)
import Glibc
#endif
import Synchronization
internal import CTable

/// What a lookup does when the selected table lacks the key.
public enum FallbackPolicy: String, Sendable {
    /// Apple's rule: the first localization that has the table decides; a missing key gives the
    /// default value, else the key.
    case apple
    /// Opt-in: look the key up through the rest of the ordered list before the default value.
    case chain
}

/// Process-wide localization state: the user's preferred languages, the in-app language
/// override, the main bundle, the device class. Bundles read it as one consistent snapshot;
/// changing it bumps a generation so that each bundle recomputes its ordered localizations once.
public final class Runtime: Sendable {
    struct State: Sendable {
        /// Empty while `pending` holds the environment's languages.
        var preferred: [String]
        /// Languages not read yet: the environment's as it spells them (they become `preferred`),
        /// or the caller's (already `preferred`), whose malformed ones are still to be reported.
        /// Read on first need (`resolve`): by then a bundle may have been opened whose table
        /// answers them, and ICU need not be loaded.
        var pending: (languages: [String], fromEnvironment: Bool)? = nil
        var generation: UInt64 = 1
        var main: (id: ObjectIdentifier, table: CompiledTable, path: String?)? = nil
        /// The in-app language (Localize-Swift's feature), ahead of the user's preferences.
        var override: String? = nil
        /// Whether the override was set in this run (it then wins over the stored one).
        var overrideSetHere = false
        var settings: Settings
        /// Not a cache: as many as the caller registered and did not remove.
        var callbacks: [(id: UInt64, call: @Sendable (Runtime) -> Void)] = []
        var nextCallback: UInt64 = 1
        /// The last `diagnosticsLimit` distinct problems, oldest first: every language change can
        /// add some (a server setting its users' junk languages), so older ones go.
        private(set) var diagnostics: [String] = []

        mutating func note(_ problems: [String]) {
            for p in problems {
                diagnostics.removeAll { $0 == p }
                diagnostics.append(p)
            }
            if diagnostics.count > Runtime.diagnosticsLimit { diagnostics.removeFirst(diagnostics.count - Runtime.diagnosticsLimit) }
        }

        mutating func resolve() {
            guard let p = pending else { return }
            pending = nil
            if p.fromEnvironment {
                preferred = SystemLanguages.canonical(p.languages)
            } else {
                note(Runtime.malformed(p.languages))
            }
        }

        /// The languages bundles negotiate against (after `resolve`).
        var effective: [String] {
            guard let o = override else { return preferred }
            return [o] + preferred.filter { $0 != o }
        }
    }

    /// Where the in-app language is kept.
    public enum Settings: Sendable, Equatable {
        /// `$XDG_CONFIG_HOME/lokale/<main bundle identifier>.language`, once the main bundle is open.
        case automatic
        case file(String)
        case none
    }

    let state: Locked<State>
    /// A copy of `state.generation`, the fallback policy and the device class, readable without
    /// the lock and from C: a lookup only compares the generation with its bundle's plan.
    private let sharedAddress: UInt
    var shared: UnsafeMutablePointer<lk_shared> { UnsafeMutablePointer(bitPattern: sharedAddress)! }
    public let matcher: any LocalizationMatcher

    /// - Parameters:
    ///   - preferredLanguages: most preferred first; nil reads them from the environment.
    ///   - settings: where the in-app language is persisted.
    public convenience init(preferredLanguages: [String]? = nil, matcher: any LocalizationMatcher = AppleMatcher(),
                            settings: Settings = .none) {
        let shared = lk_shared_new()! // 16 bytes
        lk_shared_set_device(shared, UInt32(DeviceClass.mac.rawIndex))
        self.init(shared: shared, languages: preferredLanguages.map { ($0, false) } ?? (SystemLanguages.stated(), true),
                  matcher: matcher, settings: settings)
    }

    /// Owns `shared` from now on; `languages` are the caller's, or the environment's as stated.
    private init(shared: UnsafeMutablePointer<lk_shared>, languages: (languages: [String], fromEnvironment: Bool),
                 matcher: any LocalizationMatcher, settings: Settings) {
        sharedAddress = UInt(bitPattern: shared)
        var initial = State(preferred: languages.fromEnvironment ? [] : languages.languages, settings: settings)
        initial.pending = languages
        initial.generation = lk_shared_generation(shared)
        state = Locked(initial)
        self.matcher = matcher
        if case .file(let path) = settings { restore(LanguageSettings(path: path)) }
    }

    /// The runtime of a start that C began (`lk_start_runtime`, lokale_start.h; its lock held): its
    /// shared state (generation, policy, device) and languages become this runtime's, with Apple's
    /// strategy and the in-app language in its default place, as the start accepted only those.
    package static func takingOver(start: OpaquePointer) -> Runtime {
        let s = UnsafeMutablePointer<lk_start_runtime>(start)
        var languages: [String] = []
        var name = UnsafePointer(s.pointee.languages!)
        for _ in 0..<s.pointee.language_count {
            let n = strlen(name)
            languages.append(String(decoding: UnsafeRawBufferPointer(start: name, count: n), as: UTF8.self))
            name += n + 1
        }
        let runtime = Runtime(shared: s.pointee.shared, languages: (languages, s.pointee.from_environment != 0),
                              matcher: AppleMatcher(), settings: .automatic)
        s.pointee.shared = nil
        return runtime
    }

    /// A bundle that C opened (`lk_start_bundle`; the start's lock held), now this runtime's: its
    /// bytes, handle, plan and localization infos are the bundle's, opened as the start opened it.
    package func takeOver(bundle started: OpaquePointer) -> Bundle {
        let b = UnsafeMutablePointer<lk_start_bundle>(started).pointee
        let identity = FileIdentity(device: b.device, inode: b.inode, size: b.file_size, seconds: b.seconds, nanoseconds: b.nanoseconds)
        let path = String(cString: b.path)
        free(b.path)
        let file = MappedFile(adopting: UnsafeMutableRawPointer(b.bytes), count: Int(b.size), identity: identity)
        do {
            // The start validated these bytes, which are private: the same validation cannot fail.
            let table = try CompiledTable(file: file)
            return try adopt(table, main: b.is_main != 0, path: path, loading: .automatic, embedded: false,
                             started: (b.handle, b.plan, b.infos))
        } catch {
            fatalError("lokale: a bundle the start opened cannot be taken over: \(error.message)")
        }
    }

    /// The user's preferred languages (without the in-app override).
    public var preferredLanguages: [String] {
        get { state.withLock { s in s.resolve(); return s.preferred } }
        set {
            changeNotifying { s in
                s.resolve() // the previous list's problems are still reported
                s.preferred = newValue
                s.pending = (newValue, false)
            }
        }
    }

    /// The languages bundles negotiate against: the in-app language, then the preferences.
    public var effectiveLanguages: [String] { state.withLock { s in s.resolve(); return s.effective } }

    /// The in-app language, or nil when the system preferences apply.
    public var language: String? { state.withLock { $0.override } }

    /// Sets the in-app language (nil returns to the system preferences), persists it, and runs the
    /// change callbacks. The change applies even when persisting fails; the error says why.
    /// The language is kept in its canonical form (`de_DE.UTF-8` is `de-DE`).
    public func setLanguage(_ language: String?) throws(LokaleError) {
        let language = try language.map { l throws(LokaleError) in try LanguageTag.canonical(l).get() }
        let settings = changeNotifying { s -> LanguageSettings? in
            s.override = language
            s.overrideSetHere = true
            return settingsFile(s)
        }
        try settings?.store(language)
    }

    /// Problems noticed so far, oldest first: malformed language identifiers skipped, unreadable
    /// settings. The last `diagnosticsLimit` distinct ones; one noticed again moves to the end.
    public var diagnostics: [String] { state.withLock { s in s.resolve(); return s.diagnostics } }
    public static let diagnosticsLimit = 100

    /// Adds a problem noticed outside the runtime (a bundle the Swift API could not find).
    package func report(_ problem: String) { state.withLock { $0.note([problem]) } }

    /// Registers a callback run after every language change, on the changing thread, outside any
    /// lock. Returns an id for `removeCallback`.
    @discardableResult
    public func onChange(_ callback: @escaping @Sendable (Runtime) -> Void) -> UInt64 {
        state.withLock { s in
            defer { s.nextCallback += 1 }
            s.callbacks.append((s.nextCallback, callback))
            return s.nextCallback
        }
    }

    /// A callback a C start registered before this runtime took it over, under the id it gave
    /// (ids after the start's go on from `last`).
    package func adoptCallback(id: UInt64, last: UInt64, _ callback: @escaping @Sendable (Runtime) -> Void) {
        state.withLock { s in
            s.callbacks.append((id, callback))
            s.nextCallback = max(s.nextCallback, last + 1)
        }
    }

    /// Ids of callbacks registered from now on follow `last`, the last a C start gave.
    package func continueCallbackIDs(after last: UInt64) {
        state.withLock { s in s.nextCallback = max(s.nextCallback, last + 1) }
    }

    @discardableResult
    public func removeCallback(_ id: UInt64) -> Bool {
        state.withLock { s in
            let before = s.callbacks.count
            s.callbacks.removeAll { $0.id == id }
            return s.callbacks.count != before
        }
    }

    /// Applies a change under the lock, bumps the generation, then runs the callbacks.
    private func changeNotifying<R>(_ change: (inout State) -> R) -> R {
        let (result, callbacks) = state.withLock { s in
            let r = change(&s)
            bump(&s)
            return (r, s.callbacks.map(\.call))
        }
        for c in callbacks { c(self) }
        return result
    }

    private func settingsFile(_ s: State) -> LanguageSettings? {
        switch s.settings {
        case .none: return nil
        case .file(let path): return LanguageSettings(path: path)
        case .automatic:
            guard let main = s.main, let id = Runtime.settingsIdentifier(identifier: main.table.identifier, path: main.path) else { return nil }
            return LanguageSettings.defaultPath(identifier: id).map(LanguageSettings.init(path:))
        }
    }

    /// The name the in-app language is kept under: the main bundle's identifier, else (a table
    /// compiled without one) its file's name without `.lokale`, so that the choice is not lost.
    static func settingsIdentifier(identifier: String, path: String?) -> String? {
        if !identifier.isEmpty { return identifier }
        guard let path else { return nil }
        var name = Substring(path.split(separator: "/").last ?? "")
        if name.hasSuffix(".lokale") { name = name.dropLast(7) }
        return name.isEmpty ? nil : String(name)
    }

    /// Where the in-app language is kept: nil when it is kept nowhere (`.none`, or `.automatic`
    /// before the main bundle is open, or with no home folder to put it in).
    public var settingsPath: String? { state.withLock { settingsFile($0)?.path } }

    /// Restores a stored in-app language unless one was set in this run; a stored value that
    /// cannot be used is reported and left alone.
    private func restore(_ file: LanguageSettings) {
        do {
            let stored = try file.load()
            state.withLock { s in
                guard !s.overrideSetHere, let stored else { return }
                s.override = stored
                bump(&s)
            }
        } catch {
            state.withLock { $0.note(["in-app language not restored: \(error.message)"]) }
        }
    }

    static func malformed(_ languages: [String]) -> [String] {
        languages.compactMap { l in
            if case .failure(let e) = LanguageTag.canonical(l) { return "preferred language skipped: \(e.message)" }
            return nil
        }
    }

    public var deviceClass: DeviceClass {
        // Read on every format without the lock (C memory, like the generation).
        get { DeviceClass(rawIndex: Int(lk_shared_device(shared))) ?? .other }
        set { lk_shared_set_device(shared, UInt32(newValue.rawIndex)) }
    }

    public var fallbackPolicy: FallbackPolicy {
        get { lk_shared_policy(shared) == LK_POLICY_CHAIN ? .chain : .apple }
        set { lk_shared_set_policy(shared, newValue == .chain ? LK_POLICY_CHAIN : LK_POLICY_APPLE) }
    }

    /// Called with the lock held after every change that can alter a bundle's ordered list.
    private func bump(_ s: inout State) {
        s.generation &+= 1
        lk_shared_set_generation(shared, s.generation)
    }

    /// Opens a compiled bundle. At most one bundle of a runtime is the main bundle.
    /// - Parameter loading: how the file is brought into memory (read when small, mapped when
    ///   large, by default); reloads load the same way.
    public func open(path: String, main: Bool = false, verify: Bool = false, loading: MappedFile.Loading = .automatic) throws(LokaleError) -> Bundle {
        try adopt(CompiledTable(path: path, verifyPayload: verify, loading: loading), main: main, path: path, loading: loading)
    }

    /// Opens a compiled table held in memory — embedded in the program (`lokale compile
    /// --emit-c-source`, the plugin's embedded tables) or received otherwise — with the validation
    /// a file gets (`CompiledTable(file:)`). The bytes are borrowed unless `copy` (or unless they
    /// are misaligned, see `MappedFile.memory`): borrowed bytes must outlive the bundle. Such a
    /// bundle has no file, so it cannot be reloaded, and `explain` says so.
    public func open(memory bytes: UnsafeRawBufferPointer, main: Bool = false, verify: Bool = false, copy: Bool = false) throws(LokaleError) -> Bundle {
        let table: CompiledTable
        do { table = try CompiledTable(file: try MappedFile.memory(bytes, copy: copy), verifyPayload: verify) }
        catch { throw LokaleError(error.code, "table in memory: \(error.message)") }
        return try adopt(table, main: main, embedded: true)
    }

    /// `open(memory:)` of a copy of `bytes`.
    public func open(table bytes: [UInt8], main: Bool = false, verify: Bool = false) throws(LokaleError) -> Bundle {
        let opened = bytes.withUnsafeBytes { raw in Result { () throws(LokaleError) in try open(memory: raw, main: main, verify: verify, copy: true) } }
        return try opened.get()
    }

    /// Opens a table already in memory; `path`, when given, is where `reload()` reads it again.
    public func adopt(_ table: CompiledTable, main: Bool, path: String? = nil, loading: MappedFile.Loading = .automatic) throws(LokaleError) -> Bundle {
        try adopt(table, main: main, path: path, loading: loading, embedded: false)
    }

    private func adopt(_ table: CompiledTable, main: Bool, path: String? = nil, loading: MappedFile.Loading = .automatic,
                       embedded: Bool, started: Bundle.Started? = nil) throws(LokaleError) -> Bundle {
        let bundle = Bundle(table: table, runtime: self, isMain: main, path: path, loading: loading, isEmbedded: embedded, started: started)
        if main {
            let ok = state.withLock { s -> Bool in
                guard s.main == nil else { return false }
                s.main = (ObjectIdentifier(bundle), table, path)
                bump(&s)
                return true
            }
            if !ok {
                bundle.detach()
                throw LokaleError(.state, "the runtime already has a main bundle")
            }
            // Now the identifier is known: restore the stored in-app language, or store the one
            // chosen before the main bundle was opened.
            let pending = state.withLock { s -> (LanguageSettings, String?, Bool)? in
                guard s.settings == .automatic else { return nil }
                guard let f = settingsFile(s) else {
                    s.note(["the in-app language is not kept: the main bundle has no identifier (compile it with --bundle-id) "
                            + "or there is no XDG_CONFIG_HOME or HOME to keep it in"])
                    return nil
                }
                if table.identifier.isEmpty {
                    s.note(["the main bundle has no identifier (compile it with --bundle-id): the in-app language is kept in \(f.path), after its file name"])
                }
                return (f, s.override, s.overrideSetHere)
            }
            if let (file, language, setHere) = pending {
                if setHere {
                    do { try file.store(language) } catch { state.withLock { $0.note(["in-app language not stored: \(error.message)"]) } }
                } else {
                    restore(file)
                }
            }
        }
        return bundle
    }

    /// A bundle loaded a new version of its file: every bundle's ordered list may change (a
    /// framework follows the main bundle's localizations), so the generation moves on and the
    /// change callbacks run, as after a language change.
    func reloaded(_ id: ObjectIdentifier, table: CompiledTable, isMain: Bool) {
        changeNotifying { s in
            if isMain, let m = s.main, m.id == id { s.main = (id, table, m.path) }
        }
    }

    func unregisterMain(_ id: ObjectIdentifier) {
        state.withLock { s in
            if let m = s.main, m.id == id { s.main = nil; bump(&s) }
        }
    }

    var snapshot: State { state.withLock { s in s.resolve(); return s } }

    /// The current generation (acquire: what was published before it is visible).
    var generation: UInt64 { lk_shared_generation(shared) }

    deinit { lk_shared_free(shared) }
}

/// The ordered localization list of `table` for `preferred`: the matcher's choice, then the
/// development localization, then Base.
///
/// - Parameter user: the user's own preferences when `preferred` is another bundle's choice
///   (`preferredChoices` says which user preference each of its entries answers); nil when
///   `preferred` are the user's preferences.
func orderedLocalizations(_ table: CompiledTable, preferred: [String], matcher: any LocalizationMatcher,
                          user: (languages: [String], preferredChoices: [LocalizationChoice])? = nil) -> [LocalizationChoice] {
    // A pseudo-localization serves only who names it: an Arabic speaker must not get ar-XB from
    // a bundle that has no Arabic.
    let named = Set(preferred.filter(LanguageTag.isPseudo).map(pseudoKey))
    let candidates = table.localizations.indices.filter { i in
        let name = table.localizations[i]
        return !table.isBaseLocalization[i] && (!LanguageTag.isPseudo(name) || named.contains(pseudoKey(name)))
    }
    let userLanguages = user?.languages ?? preferred
    // What the table recorded of its localizations' locales, read instead of asking ICU (Apple's
    // rule reads the records in place).
    let known: (String) -> LocaleData.Selection? = { table.localeSelection(named: $0) }
    func order(_ preferred: [String], _ indices: [Int]) -> [LocalizationChoice] {
        if let apple = matcher as? AppleMatcher { return apple.order(preferred: preferred, table: table, indices: indices) }
        return matcher.order(preferred: preferred, available: indices.map { table.localizations[$0] }, known: known)
    }
    var result = order(preferred, candidates).map { c -> LocalizationChoice in
        let p = c.preference
        let answers = user == nil ? p : p.flatMap { $0 < user!.preferredChoices.count ? user!.preferredChoices[$0].userPreference : nil }
        return LocalizationChoice(localization: candidates[c.localization], reason: c.reason, userPreference: answers)
    }
    func answered(_ localization: Int) -> Int? {
        // A development localization the user also asked for counts as that preference.
        userLanguages.indices.first {
            !order([userLanguages[$0]], [localization]).isEmpty
        }
    }
    // How the list ends, as the C start ends it (CTable's lk_order_end): the development
    // localization unless chosen already, then Base.
    let d = table.developmentLocalization, chosen = result.count
    var localizations = result.map { Int32($0.localization) } + [0, 0]
    var preferences = result.map { Int32($0.userPreference ?? -1) } + [0, 0]
    let question = DevelopmentQuestion { answered(d).map(Int32.init) ?? -1 }
    let count = withExtendedLifetime(question) {
        lk_order_end(&localizations, &preferences, UInt32(chosen), Int32(d), DevelopmentQuestion.ask,
                     Unmanaged.passUnretained(question).toOpaque(), Int32(table.isBaseLocalization.firstIndex(of: true) ?? -1))
    }
    for k in chosen..<Int(count) {
        let l = Int(localizations[k]), p = preferences[k]
        result.append(LocalizationChoice(localization: l, reason: k == chosen && l == d ? .development : .base,
                                         userPreference: p >= 0 ? Int(p) : nil))
    }
    for i in result.indices {
        if let p = result[i].userPreference, p < userLanguages.count { result[i].numberingSystem = LanguageTag.numberingSystem(of: userLanguages[p]) }
    }
    return result
}

private func pseudoKey(_ tag: String) -> String {
    String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
}

/// `lk_order_end`'s question to the Swift runtime: which user language the strategy matches to the
/// development localization alone.
private final class DevelopmentQuestion {
    let answer: () -> Int32
    init(_ answer: @escaping () -> Int32) { self.answer = answer }

    static let ask: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
        guard let context else { return -1 }
        return Unmanaged<DevelopmentQuestion>.fromOpaque(context).takeUnretainedValue().answer()
    }
}
