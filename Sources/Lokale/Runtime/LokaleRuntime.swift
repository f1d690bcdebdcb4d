public import LokaleCore

/// The one error type of Lokale: a status (`code`) and a sentence saying what went wrong.
public typealias LokaleError = LokaleCore.LokaleError

/// The process's localization state: the user's preferred languages, the in-app language that
/// overrides them (Localize-Swift's feature, persisted), and the bundles that follow them.
///
/// `LokaleRuntime.shared` reads the preferences from the environment (`LANGUAGE`, then `LC_ALL`,
/// `LC_MESSAGES`, `LANG`) and keeps the in-app language in
/// `$XDG_CONFIG_HOME/lokale/<main bundle identifier>.language`. A program that serves other
/// users (a server, a test) makes its own with `init(preferredLanguages:)`.
public final class LokaleRuntime: Sendable {
    let core: Runtime
    struct Registry {
        /// Bundles opened for `LokaleBundle.module`, by resolved path, so that each file is
        /// opened once however many accessors reach it.
        var modules: [String: LokaleBundle] = [:]
        var main: LokaleBundle? = nil
    }
    // Locked (pthread), not Synchronization.Mutex: ThreadSanitizer sees its lock, and reported
    // the registry's dictionary as raced under Mutex.
    let registry = Locked(Registry())

    /// The runtime of the process's own user.
    public static let shared = LokaleRuntime(core: Runtime(preferredLanguages: nil, settings: .automatic))

    init(core: Runtime) { self.core = core }

    /// A runtime of its own.
    /// - Parameters:
    ///   - preferredLanguages: BCP 47 tags, most preferred first; nil reads them from the
    ///     environment.
    ///   - settingsFile: where `setLanguage(_:)` keeps the in-app language; nil keeps it in memory.
    public convenience init(preferredLanguages: [String]? = nil, settingsFile: String? = nil) {
        self.init(core: Runtime(preferredLanguages: preferredLanguages, settings: settingsFile.map { .file($0) } ?? .none))
    }

    /// Opens a compiled bundle.
    /// - Parameter main: whether it is the application's bundle, whose language the others
    ///   follow (one per runtime).
    /// - Throws: `LokaleError` naming the file and what is wrong with it.
    public func open(_ path: String, main: Bool = false) throws(LokaleError) -> LokaleBundle {
        let bundle = LokaleBundle(try core.open(path: path, main: main))
        if main { registry.withLock { $0.main = bundle } }
        return bundle
    }

    /// Opens a compiled bundle from its bytes (a table embedded in the program, or received
    /// over a wire), validated as a file is. The bytes are copied; such a bundle has no file, so
    /// `reload()` throws and `explain` says hot reload is unavailable.
    public func open(table bytes: [UInt8], main: Bool = false) throws(LokaleError) -> LokaleBundle {
        let bundle = LokaleBundle(try core.open(table: bytes, main: main))
        if main { registry.withLock { $0.main = bundle } }
        return bundle
    }

    /// The main bundle, when one is open.
    public var mainBundle: LokaleBundle? { registry.withLock { $0.main } }

    // MARK: Languages

    /// The user's preferred languages, most preferred first (without the in-app language).
    public var preferredLanguages: [String] {
        get { core.preferredLanguages }
        set { core.preferredLanguages = newValue }
    }

    /// The languages bundles negotiate against: the in-app language, then the preferences.
    public var effectiveLanguages: [String] { core.effectiveLanguages }

    /// The in-app language, or nil when the user's system preferences apply.
    public var language: String? { core.language }

    /// Sets the in-app language (nil returns to the system's preferences) and keeps it for the
    /// next run. Every bundle answers in the new language at once; `changes` yields.
    /// - Throws: `LokaleError` for a malformed language tag (nothing changes), or when the choice
    ///   could not be stored (it applies to this run all the same).
    public func setLanguage(_ language: String?) throws(LokaleError) {
        try core.setLanguage(language)
    }

    /// Where the in-app language is kept; nil when it is kept nowhere (no settings file, or the
    /// shared runtime before its main bundle is open).
    public var settingsPath: String? { core.settingsPath }

    /// One element after each change of language (the in-app language, the preferences) or reload
    /// of a bundle, from the moment of the call; the stream ends when its consumer stops.
    public var changes: AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded)
        let id = core.onChange { _ in continuation.yield() }
        let core = self.core
        continuation.onTermination = { _ in core.removeCallback(id) }
        return stream
    }

    /// The name of `language` for a language picker, written in `displayLanguage` ("German" in
    /// English), or in itself when nil ("Deutsch"); nil when ICU has no name for it.
    public func displayName(of language: String, in displayLanguage: String? = nil) -> String? {
        try? LanguageNames.displayName(of: language, in: displayLanguage).get()
    }

    /// Problems noticed so far, oldest first: malformed preferred languages skipped, a stored
    /// in-app language that could not be read, a module bundle whose file is missing.
    public var diagnostics: [String] { core.diagnostics }
}
