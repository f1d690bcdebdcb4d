import FoundationEssentials
import LokaleCore

/// Reads `.stringsdict` tables (XML or binary property lists) into messages with substitutions:
/// each variable of `NSStringLocalizedFormatKey` becomes a substitution driven by the argument at
/// its position, as Apple splices the chosen variant into the format.
public enum StringsDictReader {
    enum Node: Decodable {
        case string(String)
        case dict([String: Node])
        case other

        init(from decoder: Decoder) throws {
            // A binary property list may reference its own containers (a dictionary holding itself, or
            // one shared many times): decoded as a tree that is endless or exponential. The budget
            // bounds both the nesting and the number of nodes; `parse` reports it once exceeded.
            if let budget = decoder.userInfo[Budget.key] as? Budget {
                budget.nodes -= 1
                guard budget.nodes >= 0, budget.depth < Budget.maxDepth else {
                    budget.exceeded = true
                    self = .other
                    return
                }
                budget.depth += 1
            }
            defer { (decoder.userInfo[Budget.key] as? Budget).map { $0.depth -= 1 } }
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { self = .string(s) }
            else if let d = try? c.decode([String: Node].self) { self = .dict(d) }
            else { self = .other }
        }
        var string: String? { if case .string(let s) = self { s } else { nil } }
        var dict: [String: Node]? { if case .dict(let d) = self { d } else { nil } }
    }

    /// Limits of one decode (see `Node.init`). Real tables nest 3 to 5 levels and have fewer
    /// nodes than bytes.
    final class Budget: @unchecked Sendable {
        static let key = CodingUserInfoKey(rawValue: "lokale.stringsdict.budget")!
        static let maxDepth = 32
        var nodes: Int
        var depth = 0
        var exceeded = false
        init(nodes: Int) { self.nodes = nodes }
    }

    public static func read(path: String) throws(CatalogError) -> [String: CatalogMessage] {
        try parse(try readFile(path), file: path)
    }

    /// Parses the bytes of a `.stringsdict` (`file` names it in errors): fuzzing, tests.
    public static func parse(_ bytes: [UInt8], file path: String) throws(CatalogError) -> [String: CatalogMessage] {
        // The decoder accepts some truncated files (the entries before the cut) and names no line.
        if let f = XMLLocator.firstError(bytes) {
            throw CatalogError(file: path, line: f.line, column: f.column, "invalid property list: \(f.message)")
        }
        let root: [String: Node]
        let budget = Budget(nodes: 4 * bytes.count + 1024)
        let decoder = PropertyListDecoder()
        decoder.userInfo[Budget.key] = budget
        do { root = try decoder.decode([String: Node].self, from: Data(bytes)) }
        catch { throw catalogError(error, file: path, bytes: bytes, json: false) }
        guard !budget.exceeded else {
            throw CatalogError(file: path, "nested deeper than \(Budget.maxDepth) levels or self-referencing (binary property list)")
        }
        var result: [String: CatalogMessage] = [:]
        for key in root.keys.sorted() {
            func fail(_ m: String) -> CatalogError { CatalogError(file: path, "key '\(key)': \(m)") }
            guard let entry = root[key]!.dict else { throw fail("expected a dictionary") }
            result[key] = try message(entry, fail: fail)
        }
        return result
    }

    static func message(_ entry: [String: Node], fail: (String) -> CatalogError) throws(CatalogError) -> CatalogMessage {
        if let device = entry["NSStringDeviceSpecificRuleType"]?.dict {
            var cases: [DeviceClass: Variation] = [:]
            for (k, v) in device {
                guard let d = DeviceClass(rawValue: k) else { throw fail("unknown device class '\(k)'") }
                guard let s = v.string else { throw fail("device variant '\(k)' is not a string") }
                cases[d] = .text(s)
            }
            return CatalogMessage(.device(cases))
        }
        if let widths = entry["NSStringVariableWidthRuleType"]?.dict {
            // Width variants: the widest text stands for all.
            let widest = widths.compactMap { k, v in Int(k).flatMap { w in v.string.map { (w, $0) } } }.max { $0.0 < $1.0 }
            guard let widest else { throw fail("NSStringVariableWidthRuleType has no usable widths") }
            return CatalogMessage(text: widest.1)
        }
        guard let format = entry["NSStringLocalizedFormatKey"]?.string else {
            throw fail("missing NSStringLocalizedFormatKey")
        }
        // Where each variable appears: its argument number, continuing into the texts it is spliced in.
        var positions: [String: Int] = [:]
        func collect(_ text: String) {
            let bytes = Array(text.utf8)
            for seg in FormatParser.parse(text).segments where seg.kind == .substitution {
                let name = String(decoding: bytes[seg.start..<(seg.start + seg.length)], as: UTF8.self)
                if positions[name] == nil { positions[name] = seg.argument }
            }
        }
        collect(format)
        var substitutions: [Substitution] = []
        var pending = entry.keys.filter { $0 != "NSStringLocalizedFormatKey" }.sorted()
        var progress = true
        while progress && !pending.isEmpty {
            progress = false
            for name in pending {
                guard let argument = positions[name] else { continue }
                guard let v = entry[name]!.dict else { throw fail("variable '\(name)' is not a dictionary") }
                guard let type = v["NSStringFormatSpecTypeKey"]?.string else { throw fail("variable '\(name)' has no NSStringFormatSpecTypeKey") }
                guard type == "NSStringPluralRuleType" else { throw fail("variable '\(name)' has unsupported rule type '\(type)'") }
                let spec = v["NSStringFormatValueTypeKey"]?.string ?? "d"
                var cases: [PluralCategory: Variation] = [:]
                for c in PluralCategory.allCases {
                    guard let text = v[c.rawValue] else { continue }
                    guard let s = text.string else { throw fail("variable '\(name)', '\(c.rawValue)' is not a string") }
                    let numbered = Substitution.variantText(s, argument: argument)
                    cases[c] = .text(numbered)
                    collect(numbered)
                }
                guard cases[.other] != nil || !cases.isEmpty else { throw fail("variable '\(name)' has no plural cases") }
                substitutions.append(Substitution(name: name, argument: argument, formatSpecifier: spec,
                                                  variation: .plural(argument: argument, ordinal: false, cases: cases)))
                pending.removeAll { $0 == name }
                progress = true
            }
        }
        // Variables the format never mentions are harmless; Apple ignores them too.
        return CatalogMessage(.text(format), substitutions: substitutions.sorted { $0.name < $1.name })
    }
}

/// The one path of substitution variants, for String Catalogs and `.stringsdict` alike: a variant
/// is spliced in place of `%#@name@`, so its unnumbered specifiers continue from the
/// substitution's own argument (Apple: `%lld` in the variant of a substitution with argNum 2 prints
/// argument 2, not 1). Numbered once at read time, the table, the checker and the renderer see
/// positional specifiers only.
extension Substitution {
    /// `text` of a variant of the substitution driven by `argument`; `argSpecifier` (String
    /// Catalogs' formatSpecifier) spells `%arg`, which `.stringsdict` does not have.
    static func variantText(_ text: String, argument: Int, argSpecifier: String? = nil) -> String {
        let own = argSpecifier.map { StringCatalogReader.rewriteArg(text, argument: argument, specifier: $0) } ?? text
        return StringsDictReader.renumber(own, from: argument)
    }
}

extension StringsDictReader {
    /// Numbers the unnumbered specifiers of a spliced variant from the argument of the variable it
    /// replaces (`%d files` for the second argument becomes `%2$d files`).
    fileprivate static func renumber(_ text: String, from first: Int) -> String {
        let parsed = FormatParser.parse(text)
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var last = 0, next = first
        for seg in parsed.segments where seg.kind != .literal {
            let percent = seg.kind == .substitution ? seg.start - 3 : seg.start
            guard percent >= 0, bytes[percent] == UInt8(ascii: "%") else { continue }
            var j = percent + 1
            while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1 }
            let numbered = j > percent + 1 && j < bytes.count && bytes[j] == UInt8(ascii: "$")
            if numbered { continue }
            out.append(contentsOf: bytes[last...percent])
            out.append(contentsOf: Array("\(next)$".utf8))
            next += 1
            last = percent + 1
        }
        out.append(contentsOf: bytes[last...])
        return String(decoding: out, as: UTF8.self)
    }
}
