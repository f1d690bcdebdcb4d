import Foundation
import LokaleCore

// The reference resolver's reading of catalogs (.xcstrings, .lproj), independent of LokaleCatalog.
// MARK: - Catalogs

/// One table of one bundle: for each available localization, its messages.
struct RefTable {
    var name: String
    var sourceLanguage: String
    var languages: [String]
    var keys: [String]
    /// messages[language][key]; absent: the key is not in that localization's table.
    var messages: [String: [String: RefMessage]]
}

enum RefCatalogReader {
    // String Catalog JSON, decoded on its own terms.
    private struct File: Decodable {
        var sourceLanguage: String
        var strings: [String: Entry]
    }
    private struct Entry: Decodable {
        var shouldTranslate: Bool?
        var localizations: [String: Localization]?
    }
    private final class Localization: Decodable {
        var stringUnit: Unit?
        var variations: Variations?
        var substitutions: [String: Substitution]?
    }
    private struct Unit: Decodable {
        var state: String?
        var value: String
    }
    private final class Variations: Decodable {
        var plural: [String: Localization]?
        var device: [String: Localization]?
    }
    private struct Substitution: Decodable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }

    private static func node(_ l: Localization) -> RefNode? {
        if let v = l.variations {
            if let d = v.device { return .device(d.compactMapValues(node)) }
            if let p = v.plural { return .plural(p.compactMapValues(node)) }
        }
        if let u = l.stringUnit { return .text(u.value) }
        return nil
    }

    private static func inTable(_ l: Localization) -> Bool {
        if l.variations != nil { return true }
        guard let u = l.stringUnit else { return false }
        return !(u.state == "new" && u.value.isEmpty)
    }

    private static func message(_ l: Localization) -> RefMessage? {
        guard inTable(l), let n = node(l) else { return nil }
        var m = RefMessage(node: n)
        for (name, s) in l.substitutions ?? [:] {
            guard let v = s.variations, let sn: RefNode = v.device.map({ .device($0.compactMapValues(node)) })
                ?? v.plural.map({ .plural($0.compactMapValues(node)) }) else { continue }
            m.substitutions[name] = RefSubstitution(argNum: s.argNum, formatSpecifier: s.formatSpecifier ?? "@", node: sn)
        }
        return m
    }

    static func xcstrings(_ path: String) throws -> RefTable {
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let name = String(path.split(separator: "/").last!.dropLast(".xcstrings".count))
        var languages: Set<String> = [file.sourceLanguage]
        for e in file.strings.values { languages.formUnion(e.localizations?.keys ?? [:].keys) }
        var messages: [String: [String: RefMessage]] = [:]
        for language in languages {
            var table: [String: RefMessage] = [:]
            for (key, e) in file.strings {
                let source = e.localizations?[file.sourceLanguage].flatMap(message) ?? RefMessage(node: .text(key))
                if e.shouldTranslate == false {
                    table[key] = source
                } else if let l = e.localizations?[language], let m = message(l) {
                    table[key] = m
                } else if language == file.sourceLanguage {
                    table[key] = source
                }
            }
            messages[language] = table
        }
        return RefTable(name: name, sourceLanguage: file.sourceLanguage, languages: languages.sorted(),
                        keys: file.strings.keys.sorted(), messages: messages)
    }

    /// `.lproj` folders of one bundle, one table name: `Name.strings` overridden by `Name.stringsdict`.
    static func lproj(_ folders: [String], table: String, development: String = "en") throws -> RefTable {
        var messages: [String: [String: RefMessage]] = [:]
        var keys: Set<String> = []
        for folder in folders {
            let language = String(folder.split(separator: "/").last!.dropLast(".lproj".count))
            var t: [String: RefMessage] = [:]
            if let strings = try plist(folder + "/" + table + ".strings") as? [String: String] {
                for (k, v) in strings { t[k] = RefMessage(node: .text(v)) }
            }
            if let dict = try plist(folder + "/" + table + ".stringsdict") as? [String: Any] {
                for (k, v) in dict { if let d = v as? [String: Any], let m = stringsdict(d) { t[k] = m } }
            }
            keys.formUnion(t.keys)
            messages[language] = t
        }
        return RefTable(name: table, sourceLanguage: development, languages: messages.keys.sorted(), keys: keys.sorted(), messages: messages)
    }

    private static func plist(_ path: String) throws -> Any? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: path)), format: nil)
    }

    private static func stringsdict(_ d: [String: Any]) -> RefMessage? {
        guard let format = d["NSStringLocalizedFormatKey"] as? String else { return nil }
        var m = RefMessage(node: .text(format))
        for (name, v) in d where name != "NSStringLocalizedFormatKey" {
            guard let rule = v as? [String: Any], let type = rule["NSStringFormatSpecTypeKey"] as? String else { continue }
            var cases: [String: RefNode] = [:]
            for (c, t) in rule { if let t = t as? String, !c.hasPrefix("NSString") { cases[c] = .text(t) } }
            let node: RefNode = type == "NSStringDeviceSpecificRuleType" ? .device(cases) : .plural(cases)
            m.substitutions[name] = RefSubstitution(argNum: nil, formatSpecifier: rule["NSStringFormatValueTypeKey"] as? String ?? "d", node: node)
        }
        return m
    }
}
