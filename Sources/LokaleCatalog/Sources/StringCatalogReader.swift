import FoundationEssentials
import LokaleCore

/// Reads String Catalogs (`.xcstrings`, JSON; versions 1.0, 1.1 and 1.3 seen in the wild).
public enum StringCatalogReader {
    struct File: Decodable {
        var sourceLanguage: String
        var version: String?
        var strings: [String: Entry]
    }
    struct Entry: Decodable {
        var comment: String?
        var extractionState: String?
        var shouldTranslate: Bool?
        var localizations: [String: Localization]?
    }
    struct Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
        var substitutions: [String: SubstitutionSource]?
    }
    struct StringUnit: Decodable {
        var state: String?
        var value: String
    }
    struct Variations: Decodable {
        var plural: [String: VariationValue]?
        var device: [String: VariationValue]?
        /// A Lokale extension: plural variants chosen by CLDR's ordinal rules (1st, 2nd, 3rd…).
        var ordinal: [String: VariationValue]?
    }
    struct VariationValue: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
    }
    struct SubstitutionSource: Decodable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }

    /// Parses `path` into a table named after the file. Returns the catalog's source language too.
    public static func read(path: String) throws(CatalogError) -> (table: CatalogTable, sourceLanguage: String) {
        try parse(try readFile(path), path: path)
    }

    /// Parses the bytes of a catalog as if read from `path` (which names the table): fuzzing, tests.
    public static func parse(_ bytes: [UInt8], path: String) throws(CatalogError) -> (table: CatalogTable, sourceLanguage: String) {
        // JSONDecoder accepts some invalid JSON (trailing commas) that Xcode rejects.
        if let f = JSONLocator.firstError(bytes) {
            throw CatalogError(file: path, line: f.line, column: f.column, "invalid JSON: \(f.message)")
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: Data(bytes)) }
        catch { throw catalogError(error, file: path, bytes: bytes, json: true) }
        if let v = file.version, !["1.0", "1.1", "1.2", "1.3"].contains(v) {
            // Newer versions are read as long as their structure is understood.
            _ = v
        }
        let name = tableName(of: path)
        var table = CatalogTable(name: name)
        table.sources = [path]
        let source = file.sourceLanguage
        guard !source.isEmpty else { throw CatalogError(file: path, "sourceLanguage is empty") }

        for key in file.strings.keys.sorted() {
            let entry = file.strings[key]!
            func fail(_ lang: String, _ message: String) -> CatalogError {
                CatalogError(file: path, line: JSONLocator.line(of: ["strings", key, "localizations", lang], in: bytes),
                             "key '\(key)', \(lang): \(message)")
            }
            table.info[key] = MessageInfo(comment: entry.comment, shouldTranslate: entry.shouldTranslate ?? true,
                                          extractionState: entry.extractionState)
            let localizations = entry.localizations ?? [:]
            for lang in localizations.keys.sorted() {
                guard let m = try message(localizations[lang]!, fail: { fail(lang, $0) }) else { continue }
                table.messages[lang, default: [:]][key] = m
            }
            // A key with no source-language entry is its own source text.
            if table.messages[source]?[key] == nil {
                table.messages[source, default: [:]][key] = CatalogMessage(text: key)
            }
        }
        // shouldTranslate: false shows the source text in every language.
        let languages = Array(table.messages.keys)
        for (key, info) in table.info where !info.shouldTranslate {
            let sourceMessage = table.messages[source]![key]!
            for lang in languages { table.messages[lang]![key] = sourceMessage }
        }
        return (table, source)
    }

    static func tableName(of path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = base.lastIndex(of: ".") else { return base }
        return String(base[..<dot])
    }

    /// One localization of one key; nil when it carries no text (an untranslated placeholder).
    static func message(_ l: Localization, fail: (String) -> CatalogError) throws(CatalogError) -> CatalogMessage? {
        var state = l.stringUnit?.state
        let variation: Variation
        if let v = l.variations {
            variation = try convert(v, fail: fail)
            state = state ?? firstState(v)
        } else if let u = l.stringUnit {
            guard !(u.value.isEmpty && u.state == "new") else { return nil }
            variation = .text(u.value)
        } else if l.substitutions != nil {
            throw fail("has substitutions but no text (stringUnit or variations)")
        } else {
            return nil
        }
        var substitutions: [Substitution] = []
        let bodyTexts = variation.texts
        for name in (l.substitutions ?? [:]).keys.sorted() {
            let s = l.substitutions![name]!
            guard let spec = s.formatSpecifier, !spec.isEmpty else { throw fail("substitution '\(name)' has no formatSpecifier") }
            guard let sv = s.variations else { throw fail("substitution '\(name)' has no variations") }
            var argument = s.argNum ?? 0
            if argument == 0 {
                // Real catalogs omit argNum: it is the position of %#@name@ among the text's arguments.
                guard let found = bodyTexts.lazy.compactMap({ substitutionArgument(name, in: $0) }).first else {
                    throw fail("substitution '\(name)' has no argNum and %#@\(name)@ does not appear in the text")
                }
                argument = found
            }
            guard argument >= 1, argument <= Limits.arguments else { throw fail("substitution '\(name)' has argNum \(argument), out of range") }
            var inner = try convert(sv, fail: fail)
            inner = inner.mapTexts { rewriteArg($0, argument: argument, specifier: spec) }
            inner = inner.withPluralArgument(argument)
            substitutions.append(Substitution(name: name, argument: argument, formatSpecifier: spec, variation: inner))
        }
        return CatalogMessage(resolvePluralArgument(variation), substitutions: substitutions, state: state)
    }

    static func firstState(_ v: Variations) -> String? {
        for group in [v.device, v.plural, v.ordinal].compactMap({ $0 }) {
            for key in group.keys.sorted() {
                if let s = group[key]!.stringUnit?.state { return s }
                if let n = group[key]!.variations, let s = firstState(n) { return s }
            }
        }
        return nil
    }

    static func convert(_ v: Variations, fail: (String) -> CatalogError) throws(CatalogError) -> Variation {
        func leaf(_ value: VariationValue, _ what: String) throws(CatalogError) -> Variation {
            if let n = value.variations { return try convert(n, fail: fail) }
            if let u = value.stringUnit { return .text(u.value) }
            throw fail("variation '\(what)' has neither stringUnit nor variations")
        }
        let kinds = [v.plural, v.device, v.ordinal].compactMap { $0 }.count
        guard kinds <= 1 else { throw fail("variations vary by more than one of plural, ordinal and device at the same level") }
        switch (v.plural ?? v.ordinal, v.device) {
        case (let p?, nil):
            var cases: [PluralCategory: Variation] = [:]
            for (k, value) in p {
                guard let c = PluralCategory(rawValue: k) else { throw fail("unknown plural category '\(k)'") }
                cases[c] = try leaf(value, k)
            }
            guard !cases.isEmpty else { throw fail("plural variation with no cases") }
            return .plural(argument: 0, ordinal: v.ordinal != nil, cases: cases)
        case (nil, let d?):
            var cases: [DeviceClass: Variation] = [:]
            for (k, value) in d {
                guard let c = DeviceClass(rawValue: k) else { throw fail("unknown device class '\(k)'") }
                cases[c] = try leaf(value, k)
            }
            guard !cases.isEmpty else { throw fail("device variation with no cases") }
            return .device(cases)
        case (nil, nil): throw fail("empty variations")
        case (_?, _?): throw fail("variations vary by plural and by device at the same level")
        }
    }

    /// The argument number that `%#@name@` takes in `text`.
    static func substitutionArgument(_ name: String, in text: String) -> Int? {
        let parsed = FormatParser.parse(text)
        let bytes = Array(text.utf8)
        return parsed.segments.first {
            $0.kind == .substitution && String(decoding: bytes[$0.start..<($0.start + $0.length)], as: UTF8.self) == name
        }?.argument
    }

    /// `%arg` inside a substitution's variants stands for its own argument: make it an ordinary
    /// positional specifier (`%arg` with argNum 2 and "lld" becomes `%2$lld`).
    static func rewriteArg(_ text: String, argument: Int, specifier: String) -> String {
        guard text.contains("%arg") else { return text }
        var out = ""
        var rest = Substring(text)
        while let r = rest.range(of: "%") {
            out += rest[..<r.lowerBound]
            let after = rest[r.upperBound...]
            if after.hasPrefix("%") {
                out += "%%"
                rest = after.dropFirst()
            } else if after.hasPrefix("arg") {
                out += "%\(argument)$\(specifier)"
                rest = after.dropFirst(3)
            } else {
                out += "%"
                rest = after
            }
        }
        return out + rest
    }

    /// A plural variation at the top of a message is driven by the message's first numeric argument.
    static func resolvePluralArgument(_ v: Variation) -> Variation {
        let argument = v.texts.lazy.compactMap { text -> Int? in
            let parsed = FormatParser.parse(text)
            return parsed.segments.first { $0.kind == .specifier && [.integer, .unsigned, .floating].contains($0.argumentType) }?.argument
        }.first ?? 1
        return v.withPluralArgument(argument, onlyUnresolved: true)
    }
}

extension Substring {
    func range(of needle: String) -> Range<Substring.Index>? {
        guard let first = needle.first else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i] == first, self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}

extension Variation {
    func mapTexts(_ f: (String) -> String) -> Variation {
        switch self {
        case .text(let s): .text(f(s))
        case .plural(let a, let o, let c): .plural(argument: a, ordinal: o, cases: c.mapValues { $0.mapTexts(f) })
        case .device(let c): .device(c.mapValues { $0.mapTexts(f) })
        }
    }

    func withPluralArgument(_ argument: Int, onlyUnresolved: Bool = false) -> Variation {
        switch self {
        case .text: self
        case .plural(let a, let o, let c):
            .plural(argument: onlyUnresolved && a != 0 ? a : argument, ordinal: o,
                    cases: c.mapValues { $0.withPluralArgument(argument, onlyUnresolved: onlyUnresolved) })
        case .device(let c): .device(c.mapValues { $0.withPluralArgument(argument, onlyUnresolved: onlyUnresolved) })
        }
    }
}
