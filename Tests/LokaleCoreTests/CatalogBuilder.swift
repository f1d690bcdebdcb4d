import FoundationEssentials
import LokaleCatalog
import LokaleCore
import TestSupport

/// Writes String Catalogs (`.xcstrings`) for the tests and compiles them with the real loader and
/// writer, so that every test below reads a genuine compiled table.

/// One localization's value: a string unit, or plural/device variations that may nest.
indirect enum CatalogValue {
    case text(String)
    case plural([(String, CatalogValue)])
    case device([(String, CatalogValue)])

    /// The JSON object that holds this value (`{"stringUnit": …}` or `{"variations": …}`).
    var json: String {
        switch self {
        case .text(let s):
            return #"{"stringUnit":{"state":"translated","value":\#(JSONText.quote(s))}}"#
        case .plural(let cases):
            return #"{"variations":{"plural":{\#(CatalogValue.members(cases))}}}"#
        case .device(let cases):
            return #"{"variations":{"device":{\#(CatalogValue.members(cases))}}}"#
        }
    }

    static func members(_ cases: [(String, CatalogValue)]) -> String {
        cases.map { "\(JSONText.quote($0.0)):\($0.1.json)" }.joined(separator: ",")
    }
}

struct CatalogSubstitution {
    var name: String
    var argNum: Int?
    var formatSpecifier: String
    var value: CatalogValue
}

struct CatalogLocalization {
    var value: CatalogValue
    var substitutions: [CatalogSubstitution] = []

    var json: String {
        guard !substitutions.isEmpty else { return value.json }
        var body = value.json
        body.removeLast() // reopen the object to add "substitutions"
        let subs = substitutions.map { s in
            let arg = s.argNum.map { #""argNum":\#($0),"# } ?? ""
            let variations: String
            switch s.value {
            case .plural(let c): variations = #"{"plural":{\#(CatalogValue.members(c))}}"#
            case .device(let c): variations = #"{"device":{\#(CatalogValue.members(c))}}"#
            case .text: fatalError("a substitution needs variations")
            }
            return #"\#(JSONText.quote(s.name)):{\#(arg)"formatSpecifier":\#(JSONText.quote(s.formatSpecifier)),"variations":\#(variations)}"#
        }
        return body + #","substitutions":{\#(subs.joined(separator: ","))}}"#
    }
}

struct CatalogEntry {
    var key: String
    var localizations: [(String, CatalogLocalization)]
    var shouldTranslate: Bool? = nil
}

struct StringCatalog {
    var sourceLanguage = "en"
    var entries: [CatalogEntry] = []

    mutating func add(_ key: String, _ localizations: [(String, CatalogValue)], shouldTranslate: Bool? = nil) {
        entries.append(CatalogEntry(key: key, localizations: localizations.map { ($0.0, CatalogLocalization(value: $0.1)) },
                                    shouldTranslate: shouldTranslate))
    }

    mutating func add(_ key: String, localizations: [(String, CatalogLocalization)]) {
        entries.append(CatalogEntry(key: key, localizations: localizations))
    }

    var keys: [String] { entries.map(\.key) }

    var json: String {
        let strings = entries.map { e in
            let locs = e.localizations.map { "\(JSONText.quote($0.0)):\($0.1.json)" }.joined(separator: ",")
            let translate = e.shouldTranslate.map { #""shouldTranslate":\#($0),"# } ?? ""
            return #"\#(JSONText.quote(e.key)):{\#(translate)"localizations":{\#(locs)}}"#
        }
        return #"{"sourceLanguage":\#(JSONText.quote(sourceLanguage)),"version":"1.0","strings":{\#(strings.joined(separator: ",\n"))}}"#
    }
}

enum CompiledCatalogs {
    /// Writes each catalog as `<table>.xcstrings` in a new folder and compiles them into one bundle.
    static func compile(_ catalogs: [String: StringCatalog], name: String = "bundle",
                        configure: (inout CatalogBundle) -> Void = { _ in }) throws -> String {
        let dir = Fixtures.temporaryDirectory("lokale-core")
        let sources = catalogs.keys.sorted().map { Fixtures.write(catalogs[$0]!.json, to: "\($0).xcstrings", in: dir) }
        return try Fixtures.compile(sources, to: dir + "/\(name).lokale", configure: configure)
    }

    static func bytes(of path: String) throws -> [UInt8] {
        let file = try MappedFile(path: path)
        return Array(file.bytes)
    }

    /// Compiles and returns the bytes, leaving nothing behind on disk.
    static func compiledBytes(_ catalogs: [String: StringCatalog], configure: (inout CatalogBundle) -> Void = { _ in }) throws -> [UInt8] {
        let path = try compile(catalogs, configure: configure)
        defer { remove(String(path[..<path.lastIndex(of: "/")!])) }
        return try bytes(of: path)
    }

    /// Compiles and opens the result from memory.
    static func table(_ catalogs: [String: StringCatalog], configure: (inout CatalogBundle) -> Void = { _ in }) throws -> CompiledTable {
        let b = try compiledBytes(catalogs, configure: configure)
        return try b.withUnsafeBytes { raw throws(LokaleError) in try CompiledTable(file: MappedFile(copying: raw), verifyPayload: true) }
    }

    static func remove(_ dir: String) {
        try? FileManager.default.removeItem(atPath: dir)
    }
}

/// SplitMix64: a small seeded generator, so that every failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
