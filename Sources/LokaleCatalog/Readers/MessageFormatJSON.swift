import FoundationEssentials
import LokaleCore

/// A MessageFormat 2 resource: one JSON object per locale and table, in the spirit of Flutter's
/// ARB. Keys map to MF2 messages; `@key` objects carry what translators and tools need
/// (`description`, and `arguments`: name → `{ "type": …, "example": … }`); `@@locale` names the
/// localization (else the enclosing `.lproj`), `@@table` the table (else the file's name before
/// `.mf2.json`, or before the locale: `Localizable.fr.mf2.json`).
///
/// ```json
/// { "@@locale": "fr",
///   "invite": ".input {$count :integer}\n.match $count\none {{{$host} a invité une personne.}}\n* {{{$host} a invité {$count} personnes.}}",
///   "@invite": { "description": "Party invitation", "arguments": { "host": { "type": "string" }, "count": { "type": "integer" } } } }
/// ```
public enum MessageFormatJSON {
    public static let suffix = ".mf2.json"
    /// Flutter's Application Resource Bundle: the same shape, messages in ICU MessageFormat, the
    /// locale in `@@locale` or the file's name after its first `_` (`app_pt_BR.arb`), the default table.
    public static let arbSuffix = ".arb"

    /// The message syntax of a resource.
    enum Syntax { case mf2, icu }

    /// What one file gives the catalog.
    public struct File {
        public var table: String
        public var localization: String
        /// The messages; an ARB file's once `lowered` (their placeholders' formats come from the
        /// template, known only when every file is read).
        public var messages: [String: CatalogMessage] = [:]
        public var info: [String: MessageInfo] = [:]
        public var lines: [String: Int] = [:]
        /// An ARB file's ICU MessageFormat messages as written, by key.
        public var icuSources: [String: String] = [:]
        /// The file's bytes and where its keys are, for the places of what lowering finds.
        var located: Located? = nil
        public var path: String = ""
    }

    /// A file's bytes and the offsets of its keys (JSONLocator.offsets) down to placeholder fields.
    final class Located: Sendable {
        let bytes: [UInt8]
        let offsets: [[String]: (key: Int, value: Int)]
        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            offsets = JSONLocator.offsets(bytes, depth: 4)
        }
    }

    /// A JSON scalar as text (`2`, `USD`, `true`): what optional parameters and examples hold.
    struct Scalar: Decodable {
        var text: String
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { text = s }
            else if let b = try? c.decode(Bool.self) { text = b ? "true" : "false" }
            else if let i = try? c.decode(Int64.self) { text = String(i) }
            else { text = String(try c.decode(Double.self)) }
        }
    }

    struct Metadata: Decodable {
        struct Argument: Decodable {
            var type: String?
            var example: String?
            var format: String?
            var optionalParameters: [String: Scalar]?
            var isCustomDateFormat: Bool?
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                type = try c.decodeIfPresent(String.self, forKey: .type)
                // An example is any JSON scalar; only its text matters.
                example = try? c.decodeIfPresent(String.self, forKey: .example)
                format = try c.decodeIfPresent(String.self, forKey: .format)
                optionalParameters = try c.decodeIfPresent([String: Scalar].self, forKey: .optionalParameters)
                // gen-l10n takes true, false, "true" and "false".
                if let b = try? c.decodeIfPresent(Bool.self, forKey: .isCustomDateFormat) { isCustomDateFormat = b }
                else if let s = try c.decodeIfPresent(String.self, forKey: .isCustomDateFormat) {
                    guard s == "true" || s == "false" else {
                        throw DecodingError.typeMismatch(Bool.self, .init(codingPath: c.codingPath + [CodingKeys.isCustomDateFormat],
                                                                          debugDescription: "isCustomDateFormat is true or false"))
                    }
                    isCustomDateFormat = s == "true"
                }
            }
            enum CodingKeys: String, CodingKey { case type, example, format, optionalParameters, isCustomDateFormat }
        }
        var description: String?
        var arguments: [String: Argument]?
        var placeholders: [String: Argument]?
    }

    enum Entry: Decodable {
        case text(String)
        case metadata(Metadata)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { self = .text(s) } else { self = .metadata(try c.decode(Metadata.self)) }
        }
    }

    public static func read(path: String) throws(CatalogError) -> File {
        try read(bytes: try readFile(path), path: path)
    }

    /// `bytes` as the file at `path` (whose name says whether it is ARB or `.mf2.json`).
    public static func read(bytes: [UInt8], path: String) throws(CatalogError) -> File {
        let syntax: Syntax = path.hasSuffix(arbSuffix) ? .icu : .mf2
        if let f = JSONLocator.firstError(bytes) {
            throw CatalogError(file: path, line: f.line, column: f.column, "invalid JSON: \(f.message)")
        }
        let entries: [String: Entry]
        do { entries = try JSONDecoder().decode([String: Entry].self, from: Data(bytes)) }
        catch { throw catalogError(error, file: path, bytes: bytes, json: true) }
        let lines = JSONLocator.keyLines(bytes, depth: 1)
        func line(_ key: String) -> Int? { lines[[key]] }
        func special(_ name: String) throws(CatalogError) -> String? {
            switch entries[name] {
            case nil: return nil
            case .text(let s)?: return s
            case .metadata?: throw CatalogError(file: path, line: line(name), "\(name) must be a string")
            }
        }
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let name = base.dropLast(syntax == .icu ? arbSuffix.count : suffix.count)
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        // ARB: app_en.arb, app_pt_BR.arb (Flutter's gen-l10n names); BCP 47 with `-`.
        func tag(_ s: Substring) -> String { String(s.map { $0 == "_" ? "-" : $0 }) }
        let arbLocale = syntax == .icu ? name.firstIndex(of: "_").map { tag(name[name.index(after: $0)...]) } : nil
        guard let localization = try special("@@locale").map({ syntax == .icu ? tag(Substring($0)) : $0 }) ?? enclosingLproj(path)
                ?? arbLocale ?? (syntax == .mf2 && parts.count == 2 ? String(parts[1]) : nil) else {
            throw CatalogError(file: path, syntax == .icu ? "no locale: add \"@@locale\" or name the file NAME_LOCALE.arb"
                                                          : "no locale: add \"@@locale\", name the file TABLE.LOCALE\(suffix) or put it in a LOCALE.lproj folder")
        }
        if let problem = LocalizationName.problem(localization) {
            throw CatalogError(file: path, line: line("@@locale"), "\"\(localization)\" does not name a localization: \(problem)")
        }
        let table = try special("@@table") ?? (syntax == .icu ? "Localizable" : String(parts.first ?? "Localizable"))
        guard !table.isEmpty else { throw CatalogError(file: path, line: line("@@table"), "the table has no name") }
        var file = File(table: table, localization: localization)
        file.path = path
        if syntax == .icu { file.located = Located(bytes) }
        // Keys starting with `@@` are the file's (@@locale, @@table, ARB's @@last_modified, …).
        for (key, entry) in entries where !key.hasPrefix("@") {
            guard case .text(let source) = entry else {
                throw CatalogError(file: path, line: line(key), "message '\(key)' must be a string (its metadata goes in \"@\(key)\")")
            }
            if syntax == .icu {
                file.icuSources[key] = source
            } else {
                file.messages[key] = CatalogMessage(try MessageFormatSource.variation(source, file: path, line: line(key), key: key))
            }
            file.lines[key] = line(key)
        }
        for (key, entry) in entries where key.hasPrefix("@") && !key.hasPrefix("@@") {
            let described = String(key.dropFirst())
            guard file.messages[described] != nil || file.icuSources[described] != nil else {
                throw CatalogError(file: path, line: line(key), "\"\(key)\" describes no message '\(described)'")
            }
            guard case .metadata(let m) = entry else { throw CatalogError(file: path, line: line(key), "\"\(key)\" must be an object") }
            var info = MessageInfo(comment: m.description, checksFormat: false)
            if syntax == .icu { info.messageSyntax = .icu }
            if let arguments = m.arguments ?? m.placeholders, !arguments.isEmpty {
                let listed = arguments.keys.sorted().map { a in "$\(a)" + (arguments[a]?.type.map { ": \($0)" } ?? "") }
                info.comment = [m.description, "Arguments: " + listed.joined(separator: ", ")].compactMap { $0 }.joined(separator: "\n")
                info.arguments = arguments.keys.sorted().map { name in
                    let a = arguments[name]!
                    return DeclaredArgument(name: name, type: a.type, format: a.format, parameters: (a.optionalParameters ?? [:]).mapValues(\.text),
                                            isCustomDateFormat: a.isCustomDateFormat ?? false)
                }
            }
            file.info[described] = info
        }
        for key in Set(file.messages.keys).union(file.icuSources.keys) where file.info[key] == nil {
            var info = MessageInfo(checksFormat: false)
            if syntax == .icu { info.messageSyntax = .icu }
            file.info[key] = info
        }
        return file
    }
}
