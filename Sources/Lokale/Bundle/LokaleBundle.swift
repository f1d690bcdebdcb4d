public import LokaleCore

/// A compiled bundle (`.lokale`): an app's or a library's messages, with its own choice of
/// language among the localizations it has (Apple's per-bundle selection), following the main
/// bundle's choice unless that allows mixed localizations.
///
/// A target that applies `LokaleCompilerPlugin` gets its bundle as `LokaleBundle.module`.
///
/// `string(_:)` always returns text: the translation, else the message's default value, else its
/// key, with its values written in. It never throws and never crashes on a bad translation;
/// `explain(_:)` says what happened and why.
public struct LokaleBundle: Sendable {
    enum Storage: Sendable {
        case open(LokaleCore.Bundle)
        /// A bundle that could not be opened (`LokaleBundle.module` without its resource): every
        /// message shows its default value or key, and `explain` carries the reason.
        case unavailable(identifier: String, problem: String)
    }

    let storage: Storage

    init(_ bundle: LokaleCore.Bundle) { storage = .open(bundle) }
    init(unavailable identifier: String, problem: String) { storage = .unavailable(identifier: identifier, problem: problem) }

    var core: LokaleCore.Bundle? {
        if case .open(let b) = storage { return b }
        return nil
    }

    // MARK: Text

    /// The text of `message` in this bundle's language: the translation, else the default value,
    /// else the key, with the message's values written in; a verbatim message as it is.
    /// Inside `LokaleRuntime.withLanguages`, the language is chosen for that task's languages.
    public func string(_ message: Message) -> String {
        string(message, in: LokaleRuntime.requestLanguages)
    }

    func string(_ message: Message, in languages: Languages?) -> String {
        if message.isVerbatim { return message.key }
        if let named = message.namedArguments { return string(message, named, in: languages) }
        guard let core else { return Self.unresolved(message) }
        do {
            if !message.isFormat {
                return try core.text(message.key, default: message.defaultValue, table: message.table, languages: languages)
            }
            return try core.formattedText(message.key, default: message.defaultValue, table: message.table,
                                          arguments: message.arguments, languages: languages)
        } catch {
            // Only a table damaged on disk after it was opened gets here: the text is still shown.
            return Self.unresolved(message)
        }
    }

    /// The text of a MessageFormat 2 message of this bundle's catalogs (an `.mf2.json` resource, a
    /// `.po` entry flagged `mf2-format`, an ARB message, formatted as ICU formats it) with named
    /// arguments, under the same contract as `string(_:)`: the translation, else the default value,
    /// else the key, formatted as MF2.
    ///
    /// ```swift
    /// bundle.string("invite", ["host": "Ana", "gender": "female", "count": 3])
    /// ```
    public func string(_ message: Message, _ arguments: [String: MessageFormat.Argument]) -> String {
        string(message, arguments, in: LokaleRuntime.requestLanguages)
    }

    func string(_ message: Message, _ arguments: [String: MessageFormat.Argument], in languages: Languages?) -> String {
        guard let core, !message.isVerbatim else { return message.isVerbatim ? message.key : Self.unresolved(message) }
        do {
            return try core.format(message.key, default: message.defaultValue, table: message.table, arguments: [], named: arguments,
                                   languages: languages).text
        } catch {
            return Self.unresolved(message)
        }
    }

    /// `string(_:_:)` as parts, for rich text: an MF2 message's text, markup (with its options) and
    /// values (with their source); any other message is one text part.
    public func parts(_ message: Message, _ arguments: [String: MessageFormat.Argument]) -> [MessageFormat.Part] {
        guard let core, !message.isVerbatim else { return [.text(string(message))] }
        do {
            return try core.format(message.key, default: message.defaultValue, table: message.table, arguments: [], named: arguments,
                                   languages: LokaleRuntime.requestLanguages).parts
        } catch {
            return [.text(Self.unresolved(message))]
        }
    }

    /// The trace of a MessageFormat 2 message formatted with `arguments`: which translation, and
    /// which variant its `.match` chose and why.
    public func explain(_ message: Message, _ arguments: [String: MessageFormat.Argument]) -> Explanation {
        guard case .open(let core) = storage, !message.isVerbatim else { return explain(message) }
        do {
            return Explanation(try core.explain(message.key, default: message.defaultValue, table: message.table, named: arguments,
                                                languages: LokaleRuntime.requestLanguages))
        } catch {
            return Explanation(notLookedUp: Self.unresolved(message), problems: [error.message])
        }
    }

    /// The trace of `message`: what `string(_:)` returns, and why.
    public func explain(_ message: Message) -> Explanation {
        if let named = message.namedArguments { return explain(message, named) }
        return explain(message, in: LokaleRuntime.requestLanguages)
    }

    func explain(_ message: Message, in languages: Languages?) -> Explanation {
        if message.isVerbatim { return Explanation(notLookedUp: message.key, problems: []) }
        switch storage {
        case .unavailable(_, let problem):
            return Explanation(notLookedUp: Self.unresolved(message), problems: [problem])
        case .open(let core):
            do {
                var trace = try core.explain(message.key, default: message.defaultValue, table: message.table,
                                             arguments: message.isFormat ? message.arguments : [], languages: languages)
                if !message.isFormat {
                    // `string` shows a plain message's text as found, never formatted ("100%%" stays
                    // "100%%"): so does the trace, without the problems formatting it would meet.
                    let shown = try core.text(message.key, default: message.defaultValue, table: message.table, languages: languages)
                    trace.problems = Self.removing(Self.formatProblems(of: shown), from: trace.problems)
                    trace.result = shown
                }
                return Explanation(trace)
            } catch {
                return Explanation(notLookedUp: Self.unresolved(message), problems: [error.message])
            }
        }
    }

    /// The default value, else the key, with the values written in, as a failed lookup shows it.
    static func unresolved(_ message: Message) -> String {
        let text = Resolution.unresolved(key: message.key, default: message.defaultValue).text
        guard message.isFormat else { return text }
        var out = FormatOutput()
        Array(text.utf8).withUnsafeBytes { Formatter.render(formatBytes: $0, arguments: message.arguments, symbols: .posix, into: &out) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The problems of formatting `text` with no values (a specifier with nothing to fill it).
    static func formatProblems(of text: String) -> [String] {
        var out = FormatOutput()
        Array(text.utf8).withUnsafeBytes { Formatter.render(formatBytes: $0, arguments: [], symbols: .posix, into: &out) }
        return out.problems
    }

    /// `problems` without one occurrence of each of `unwanted`.
    static func removing(_ unwanted: [String], from problems: [String]) -> [String] {
        var rest = problems
        for u in unwanted { if let i = rest.firstIndex(of: u) { rest.remove(at: i) } }
        return rest
    }

    // MARK: The bundle

    /// The bundle's identifier (`<package>.<target>` for a plugin-compiled target by default).
    public var identifier: String {
        switch storage {
        case .open(let b): b.identifier
        case .unavailable(let id, _): id
        }
    }

    /// Whether this is the main bundle (the application's), whose language the others follow.
    public var isMain: Bool { core?.isMain ?? false }

    /// The file the bundle was read from; nil when it could not be opened.
    public var path: String? { core?.path }

    /// The language the bundle's messages were written in (Apple's development region).
    public var developmentLocalization: String? { core?.developmentLocalization }

    /// The localizations the bundle has (without `Base`), for a language picker.
    public var localizations: [String] {
        guard let b = core else { return [] }
        let t = b.table
        return t.localizations.indices.filter { !t.isBaseLocalization[$0] }.map { t.localizations[$0] }
    }

    /// The localizations this bundle uses now, best first, ending with the development
    /// localization (Apple's `preferredLocalizations`, with the fallbacks).
    /// Inside `LokaleRuntime.withLanguages`, for that task's languages.
    public var preferredLocalizations: [String] { core?.preferredLocalizations(languages: LokaleRuntime.requestLanguages) ?? [] }

    /// The language the bundle's messages are shown in now.
    public var currentLocalization: String? { preferredLocalizations.first }

    /// Why the bundle is unusable, when it is (its messages then show their default values).
    public var problem: String? {
        if case .unavailable(_, let p) = storage { return p }
        return nil
    }

    /// Reads the bundle's file again if it changed on disk (or always with `force`); the runtime's
    /// change stream then yields. On any error the bundle keeps what it has.
    @discardableResult
    public func reload(force: Bool = false) throws(LokaleError) -> Bool {
        guard let core else { return false }
        return try core.reload(force: force)
    }
}
