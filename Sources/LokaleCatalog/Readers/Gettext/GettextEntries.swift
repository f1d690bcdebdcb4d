import LokaleCore

/// A catalog's entries (all but the header) as a `GettextFile`'s messages: the last step of
/// `GettextReader.parse`. The entries' strings are made a chunk per core, then the dictionaries
/// filled two at once (one core each: their inserts are most of the time); the result, its
/// warnings and the first error are those of converting the entries in order.
struct GettextEntries: Sendable {
    private(set) var catalog: GettextCatalog
    let table: String
    let localization: String
    /// The catalog's plural rule, when some entry has a plural.
    let forms: PluralForms?
    /// A `.mo`'s charset when it is not UTF-8: each string is converted.
    let moCharset: String?

    /// What one entry gives the file.
    struct Converted {
        var key: String
        /// nil for the header: its translation answers gettext(""), the empty msgid is no source text.
        var source: CatalogMessage?
        var translation: CatalogMessage?
        var info: MessageInfo?
        var warnings: [CatalogWarning] = []
    }

    /// What a run of entries gives, field by field: each dictionary's filler reads only its own
    /// arrays (copying whole entries would count references it does not need).
    struct Chunk: Sendable {
        var keys: [String] = []
        var sources: [CatalogMessage?] = []
        var translations: [CatalogMessage?] = []
        var info: [(index: Int, info: MessageInfo)] = []
        var warnings: [CatalogWarning] = []
    }

    static let chunk = 16_384

    consuming func add(to result: inout GettextFile) throws(CatalogError) {
        let count = catalog.entries.count
        let chunks = (count + Self.chunk - 1) / Self.chunk
        // The strings of the entries, made on every core, chunk by chunk.
        let converted = Parallel.map(chunks) { [self] k in
            Result { () throws(CatalogError) in try self.convert((k * Self.chunk) ..< min(count, (k + 1) * Self.chunk)) }
        }
        // The file and its entries are no longer needed (if no one else holds them).
        catalog = GettextCatalog(file: catalog.file, source: [])
        // The first error of the first chunk that has one: the first in the order of the entries.
        var read: [Chunk] = []
        for c in converted { read.append(try c.get()) }
        let all = read
        let filled = Parallel.map(2) { task -> Dictionaries in
            var d = Dictionaries()
            if task == 0 {
                d.sources.reserveCapacity(count)
                d.info.reserveCapacity(count)
                for c in all {
                    for (i, info) in c.info { d.info[c.keys[i]] = info }
                    for i in c.keys.indices { if let s = c.sources[i] { d.sources[c.keys[i]] = s } }
                }
            } else {
                d.translations.reserveCapacity(count)
                for c in all {
                    for i in c.keys.indices { if let t = c.translations[i] { d.translations[c.keys[i]] = t } }
                    d.warnings += c.warnings
                }
            }
            return d
        }
        result.sources = filled[0].sources
        result.info = filled[0].info
        result.translations = filled[1].translations
        result.warnings += filled[1].warnings
    }

    private struct Dictionaries: Sendable {
        var sources: [String: CatalogMessage] = [:]
        var translations: [String: CatalogMessage] = [:]
        var info: [String: MessageInfo] = [:]
        var warnings: [CatalogWarning] = []
    }

    /// The entries of `range` in order, up to the first error.
    func convert(_ range: Range<Int>) throws(CatalogError) -> Chunk {
        var out = Chunk()
        out.keys.reserveCapacity(range.count)
        out.sources.reserveCapacity(range.count)
        out.translations.reserveCapacity(range.count)
        // One iconv descriptor per chunk: chunks run on every core, and a descriptor per string
        // costs more than a short text.
        let converter = moCharset.map(Charset.Converter.open)
        try catalog.source.withUnsafeBufferPointer { (source) throws(CatalogError) in
            try catalog.arena.withUnsafeBufferPointer { (arena) throws(CatalogError) in
                for entry in catalog.entries[range] {
                    let c = try convert(entry, source, arena, converter)
                    if let info = c.info { out.info.append((out.keys.count, info)) }
                    out.keys.append(c.key)
                    out.sources.append(c.source)
                    out.translations.append(c.translation)
                    out.warnings += c.warnings
                }
            }
        }
        return out
    }

    func convert(_ entry: GettextCatalog.Entry, _ source: UnsafeBufferPointer<UInt8>, _ arena: UnsafeBufferPointer<UInt8>,
                 _ converter: Result<Charset.Converter, Charset.Failure>?) throws(CatalogError) -> Converted {
        let file = catalog.file
        func text(_ field: GettextCatalog.Field) throws(CatalogError) -> String {
            func invalid() -> CatalogError {
                CatalogError(file: file, line: field.position.line ?? entry.lineNumber, column: field.position.column,
                             "invalid UTF-8 in a string (declare the file's charset in the Content-Type header)")
            }
            // The fields' bytes are read in place, without a reference counted slice per string.
            let bytes = field.start >= 0 ? UnsafeBufferPointer(rebasing: source[field.start ..< (field.start + field.count)])
                : UnsafeBufferPointer(rebasing: arena[(~field.start) ..< (~field.start + field.count)])
            guard let converter else {
                // Validated first, so that decoding repairs nothing (String(validating:) is not
                // specialized for a buffer, and costs more than the text).
                guard TextEncoding.isUTF8(bytes) else { throw invalid() }
                return String(decoding: bytes, as: UTF8.self)
            }
            switch converter.flatMap({ $0.toUTF8(Array(bytes)) }) {
            case .failure(let f): throw CatalogError(file: file, "entry '\(String(decoding: catalog.bytes(catalog.id(entry)).prefix(60), as: UTF8.self))': \(f.message)")
            case .success(let utf8):
                guard let s = String(validating: utf8, as: UTF8.self) else { throw invalid() }
                return s
            }
        }
        var key = try text(catalog.id(entry))
        let id = key
        if let c = catalog.context(entry) { key = try text(c) + GettextReader.contextSeparator + key }
        let comment = entry.extractedComments.isEmpty ? nil : entry.extractedComments.joined(separator: "\n")
        let checks = GettextReader.isCFormat(entry, msgid: id)
        let info = comment != nil || !checks ? MessageInfo(comment: comment, checksFormat: checks) : nil
        if catalog.isHeader(entry) {
            // gettext("") answers the header, in glibc and CPython alike, as msgfmt writes it: a
            // fuzzy one kept, its POT-Creation-Date line left out.
            let header = GettextHeader.asCompiled(try text(catalog.fields[entry.forms.lowerBound]))
            return Converted(key: key, source: nil, translation: header.isEmpty ? nil : CatalogMessage(text: header), info: info)
        }
        if entry.flags.contains(GettextReader.messageFormatFlag) {
            return try messageFormat(entry, key: key, id: id, info: info, text: text)
        }
        // A plural entry has a rule (some entry has a plural); any other has one msgstr.
        guard entry.hasPlural, let forms else {
            let form = try text(catalog.fields[entry.forms.lowerBound])
            return Converted(key: key, source: CatalogMessage(text: id), translation: entry.isFuzzy || form.isEmpty ? nil : CatalogMessage(text: form), info: info)
        }
        var texts: [String] = []
        texts.reserveCapacity(Int(entry.formCount))
        for f in catalog.forms(entry) { texts.append(try text(f)) }
        let plural = try text(catalog.plural(entry)!)
        // Untranslated, glibc answers the msgid for 1 and the msgid_plural for any other count.
        let untranslated = Variation.forms(argument: 1, rule: .germanic, forms: [.text(id), .text(plural)])
        var out = Converted(key: key, source: CatalogMessage(untranslated), translation: nil, info: info)
        guard !entry.isFuzzy, !texts[0].isEmpty else { return out }
        if texts.count != forms.count {
            out.warnings.append(CatalogWarning(file: file, line: entry.lineNumber, table: table, localization: localization, key: key,
                                               message: "has \(texts.count) plural forms, Plural-Forms declares \(forms.count)\(texts.count < forms.count ? "; a count whose form is missing shows msgstr[0], as in glibc" : "")"))
        }
        // glibc reads msgstr[i] for i < nplurals only, and msgstr[0] for a form the entry lacks.
        let variations = (0..<forms.count).map { Variation.text(texts[$0 < texts.count ? $0 : 0]) }
        out.translation = CatalogMessage(.forms(argument: 1, rule: forms, forms: variations))
        return out
    }

    /// An entry flagged `mf2-format`: msgid and msgstr are MessageFormat 2 messages, which select
    /// their own variants (`.match`), so the entry has no msgid_plural.
    private func messageFormat(_ entry: GettextCatalog.Entry, key: String, id: String, info: MessageInfo?,
                               text: (GettextCatalog.Field) throws(CatalogError) -> String) throws(CatalogError) -> Converted {
        let file = catalog.file
        let idField = catalog.id(entry)
        guard !entry.hasPlural else {
            throw CatalogError(file: file, line: idField.position.line ?? entry.lineNumber,
                               "entry '\(key)' is flagged \(GettextReader.messageFormatFlag) and has a msgid_plural: a MessageFormat 2 message selects its plural forms with .match")
        }
        let source = try MessageFormatSource.variation(id, file: file, line: idField.position.line ?? entry.lineNumber,
                                                       column: idField.position.column, key: key)
        let field = catalog.fields[entry.forms.lowerBound]
        let form = try text(field)
        var out = Converted(key: key, source: CatalogMessage(source), translation: nil, info: info)
        guard !entry.isFuzzy, !form.isEmpty else { return out }
        out.translation = CatalogMessage(try MessageFormatSource.variation(form, file: file, line: field.position.line ?? entry.lineNumber,
                                                                          column: field.position.column, key: key))
        return out
    }
}
