import LokaleCore

/// One gettext catalog (`.po` or `.mo`) as bundle messages: its localization and table, the
/// translations, and the development-language text its msgids give.
public struct GettextFile: Sendable {
    /// BCP 47 tag: the `Language` header, else the file's name or folder.
    public var localization: String
    /// The domain: the file name's stem, or `Localizable` for a file named after its language (`fr.po`).
    public var table: String
    /// Translated entries (fuzzy and untranslated ones left out, as msgfmt does).
    public var translations: [String: CatalogMessage] = [:]
    /// Every entry's msgid (and msgid_plural) as development-localization text.
    public var sources: [String: CatalogMessage] = [:]
    public var info: [String: MessageInfo] = [:]
    public var warnings: [CatalogWarning] = []
}

/// Reads `.po` and `.mo` files into `GettextFile`s. Keys: the msgid, or `context + U+0004 + msgid`
/// with a msgctxt — the key glibc's `pgettext` looks up.
public enum GettextReader {
    /// gettext's separator between msgctxt and msgid.
    public static let contextSeparator = "\u{04}"

    public static func read(path: String) throws(CatalogError) -> GettextFile {
        try parse(try readFile(path), file: path)
    }

    /// Parses the bytes of `file` (a `.mo` when its name ends so, else `.po`). Bytes given away
    /// (`consume`) are freed once the entries are read, before the messages are made.
    public static func parse(_ bytes: consuming [UInt8], file: String) throws(CatalogError) -> GettextFile {
        let isMo = fileExtension(file) == "mo"
        var catalog = isMo ? try MoReader.parse(bytes, file: file) : try PoReader.parse(bytes, file: file)
        let headerEntry = catalog.headerEntry
        let header = GettextHeader(String(decoding: headerEntry.map { catalog.bytes(catalog.fields[$0.forms.lowerBound]) } ?? [], as: UTF8.self))
        func headerError(_ m: String) -> CatalogError {
            CatalogError(file: file, line: headerEntry?.lineNumber, column: headerEntry == nil ? nil : 1, m)
        }

        // Text to UTF-8: a .po is converted whole and read again, its escapes standing for bytes of
        // the declared charset as msgfmt reads them; a .mo string by string.
        var moCharset: String? = nil
        if let charset = header.charset, !Charset.isUTF8(charset), !Charset.isASCII(charset) {
            if isMo {
                moCharset = charset
            } else {
                let converted = Charset.Converter.open(charset).flatMap { c in c.toUTF8(bytes).map { (c, $0) } }
                switch converted {
                case .success(let (converter, utf8)): catalog = try PoReader.parse(utf8, file: file, escapes: converter)
                case .failure(let f):
                    guard let offset = f.offset else { throw headerError(f.message) }
                    let (line, column) = position(of: offset, in: bytes)
                    throw CatalogError(file: file, line: line, column: column, f.message)
                }
            }
        }
        _ = consume bytes // the catalog keeps what it reads
        let place = layout(of: file)
        guard let rawLanguage = header.language ?? place.language else {
            throw headerError("cannot tell the language: add a 'Language:' header, or name the file LL.po or LL/LC_MESSAGES/DOMAIN.\(isMo ? "mo" : "po")")
        }
        let localization: String
        switch gettextLanguageTag(rawLanguage) {
        case .success(let tag): localization = tag
        case .failure(let e): throw headerError("language '\(rawLanguage)': \(e.message)")
        }
        let table = place.table(localization)
        var result = GettextFile(localization: localization, table: table)

        // The rule is read once per file, and only when some entry has a plural.
        var forms: PluralForms? = nil
        if catalog.entries.contains(where: { $0.hasPlural }) {
            guard let header = header.pluralForms() else {
                throw headerError("malformed Plural-Forms header '\(header.fields["plural-forms"] ?? "")': expected 'nplurals=N; plural=EXPRESSION;' with 1 ≤ N ≤ \(TableLayout.maxForms)")
            }
            // Without a Plural-Forms header glibc uses the Germanic rule.
            let (count, text) = header ?? (2, "n != 1")
            let expression: PluralExpression
            do { expression = try PluralExpression(text) } catch {
                throw headerError("Plural-Forms expression '\(text)': \(error)")
            }
            let mapping = PluralMapping(expression: expression, count: count, localization: localization)
            forms = PluralForms(expression: expression, count: count, categories: mapping.forms)
            for c in mapping.findings {
                result.warnings.append(CatalogWarning(file: file, table: table, localization: localization, key: "(Plural-Forms)", message: c))
            }
        }

        try GettextEntries(catalog: consume catalog, table: table, localization: localization, forms: forms,
                           moCharset: moCharset).add(to: &result)
        return result
    }

    /// Whether an entry's specifiers are checked: flagged `c-format`, or unflagged with a msgid that
    /// is a valid C format with at least one specifier. `no-c-format`, another language's format
    /// (`python-format`, `java-format`, …) and stray `%` signs (`%Y` of strftime) are not checked.
    /// The flag of entries whose texts are MessageFormat 2 messages (`#, mf2-format`), in the
    /// spirit of gettext's `c-format`, `python-brace-format`, ….
    static let messageFormatFlag = "mf2-format"

    static func isCFormat(_ entry: GettextCatalog.Entry, msgid: String) -> Bool {
        if entry.flags.contains("c-format") { return true }
        if entry.flags.contains(where: { $0.hasSuffix("-format") }) { return false }
        // Without a '%' there is no specifier: no need to parse.
        guard msgid.hasPercent else { return false }
        let parsed = FormatParser.parse(msgid)
        return parsed.problems.isEmpty && parsed.hasSpecifiers
    }

    /// Line and column (1-based) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for b in bytes.prefix(offset) {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// What a path says about a catalog: `LL/LC_MESSAGES/DOMAIN.po|mo` gives the language LL and the
    /// table DOMAIN; `LL.po` (a language as the name, as in a project's `po/` folder) the language
    /// and no table name (`Localizable`); any other `NAME.po` the table NAME.
    static func layout(of path: String) -> (language: String?, table: (String) -> String) {
        let parts = path.split(separator: "/").map(String.init)
        let base = parts.last ?? path
        let stem = base.firstIndex(of: ".").map { String(base[..<$0]) } ?? base
        if parts.count >= 3, parts[parts.count - 2] == "LC_MESSAGES" {
            return (parts[parts.count - 3], { _ in stem })
        }
        let stemLanguage = looksLikeLanguage(stem) ? (try? gettextLanguageTag(stem).get()) : nil
        return (stemLanguage == nil ? nil : stem, { language in stemLanguage == language ? Resolution.defaultTable : stem })
    }

    /// `ll`, `lll`, `ll_CC`, `ll-Scrp-CC`, `ll_CC@modifier`: the shapes of gettext language names.
    static func looksLikeLanguage(_ s: String) -> Bool {
        let main = s.split(separator: "@", maxSplits: 1).first ?? ""
        let subtags = main.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return subtags.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// A gettext language name (`pt_BR`, `sr_RS@latin`, `de_DE.UTF-8`) as a canonical BCP 47 tag.
    /// The `@latin` and `@cyrillic` modifiers become scripts; other modifiers are dropped.
    static func gettextLanguageTag(_ raw: String) -> Result<String, LokaleError> {
        var name = Substring(raw)
        if let dot = name.firstIndex(of: ".") {
            let at = name[dot...].firstIndex(of: "@")
            name = name[..<dot] + (at.map { name[$0...] } ?? "")
        }
        if let at = name.firstIndex(of: "@") {
            let script = ["latin": "Latn", "cyrillic": "Cyrl"][name[name.index(after: at)...].lowercased()]
            var subtags = name[..<at].split { $0 == "_" || $0 == "-" }.map(String.init)
            if let script, !subtags.isEmpty { subtags.insert(script, at: 1) }
            name = Substring(subtags.joined(separator: "-"))
        }
        return LanguageTag.canonical(String(name))
    }
}
