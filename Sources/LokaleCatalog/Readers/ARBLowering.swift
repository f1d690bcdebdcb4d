import LokaleCore

/// An ARB file's ICU MessageFormat messages into MF2 data models, once the template (the
/// development localization's file) is known: its placeholders' types and formats apply to every
/// localization's messages, as gen-l10n applies them. Every error names its place in a file: a
/// message's syntax error the character in the message's string, a placeholder the template line
/// and column of its `format` (or `type`, `optionalParameters`).
extension MessageFormatJSON.File {
    /// Each message of this file lowered with `template`'s placeholders (this file's own when
    /// there is no template, or the template lacks the key).
    func lowered(template: MessageFormatJSON.File?, syntax: MessageSyntax) throws(CatalogError) -> [String: CatalogMessage] {
        var out: [String: CatalogMessage] = [:]
        for key in icuSources.keys.sorted() {
            let from = template.flatMap { $0.icuSources[key] != nil ? $0 : nil } ?? self
            out[key] = CatalogMessage(try lower(icuSources[key]!, key: key, placeholdersFrom: from, locale: localization, syntax: syntax))
        }
        return out
    }

    /// `source`, read from this file at `key`, as a variation formatted in `locale`, with the
    /// placeholders of `key` declared in `placeholdersFrom` (the template).
    func lower(_ source: String, key: String, placeholdersFrom template: MessageFormatJSON.File, locale: String,
               syntax: MessageSyntax) throws(CatalogError) -> Variation {
        let quoting = syntax.quoting ?? .icu
        let declared = template.info[key]?.arguments ?? []
        var uses: [ICUMessageFormat.ArgumentUse] = []
        do { uses = try ICUMessageFormat.arguments(in: source, quoting: quoting) } catch { throw syntaxError(error, key: key) }
        var formats: [String: MF2.Function] = [:]
        for a in declared {
            let kinds = Set(uses.filter { $0.name == a.name }.map { $0.type ?? "" })
            if kinds.contains("plural") || kinds.contains("selectordinal"), let t = a.type, !["int", "num"].contains(t) {
                throw template.placeholderError(key, a.name, "type", "placeholder '\(a.name)' is counted by a plural but its type is '\(t)' (plurals take int or num)")
            }
            if kinds.contains("select"), let t = a.type, t != "String" {
                throw template.placeholderError(key, a.name, "type", "placeholder '\(a.name)' is chosen by a select but its type is '\(t)' (selects take String)")
            }
            do { formats[a.name] = try ARBFormats.function(ARBFormats.inferred(a, uses: uses), locale: locale) } catch {
                throw template.placeholderError(key, a.name, error.field, error.message)
            }
            if a.type == "DateTime", a.format == nil, let bare = uses.first(where: { $0.name == a.name && $0.type == nil }) {
                throw error(at: bare.position.offset, key: key, "message '\(key)': placeholder '\(a.name)' is a DateTime shown as {\(a.name)} "
                            + "without a format: give it a \"format\" (yMd, jm, …) or write {\(a.name), date, ::yMd}")
            }
        }
        ARBFormats.inferNumbers(in: uses, declared: declared, into: &formats)
        do {
            return .messageFormat(source: source, message: try ICUMessageFormat.parse(source, formats: formats, quoting: quoting))
        } catch {
            throw syntaxError(error, key: key)
        }
    }

    func syntaxError(_ e: ICUMessageFormat.SyntaxError, key: String) -> CatalogError {
        error(at: e.position.offset, key: key,
              "message '\(key)': ICU MessageFormat syntax error at \(e.position) of the message: expected \(e.expected), found \(e.found)")
    }

    /// An error at UTF-8 offset `offset` of `key`'s message: its line and column in the file when
    /// the string can be walked, else the key's line.
    func error(at offset: Int, key: String, _ message: String) -> CatalogError {
        guard let place = position(of: key, messageOffset: offset) else { return CatalogError(file: path, line: lines[key], message) }
        return CatalogError(file: path, line: place.line, column: place.column, message)
    }

    /// Line and column in the file of the character at UTF-8 offset `offset` of `key`'s message.
    func position(of key: String, messageOffset offset: Int) -> (line: Int, column: Int)? {
        guard let located, let value = located.offsets[[key]]?.value, value < located.bytes.count,
              located.bytes[value] == UInt8(ascii: "\""),
              let at = JSONLocator.stringOffset(located.bytes, quote: value, decoded: offset) else { return nil }
        return JSONLocator.position(located.bytes, at)
    }

    /// An error at `@key.placeholders.name.field`, else at the closest enclosing key there is.
    func placeholderError(_ key: String, _ name: String, _ field: String, _ message: String) -> CatalogError {
        let paths = [["@" + key, "placeholders", name, field], ["@" + key, "placeholders", name], ["@" + key], [key]]
        for p in paths {
            if let located, let at = located.offsets[p]?.key {
                let place = JSONLocator.position(located.bytes, at)
                return CatalogError(file: path, line: place.line, column: place.column, "message '\(key)': \(message)")
            }
        }
        return CatalogError(file: path, line: lines[key], "message '\(key)': \(message)")
    }
}
