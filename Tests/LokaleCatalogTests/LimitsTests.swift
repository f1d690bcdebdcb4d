#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Every limit of docs/LIMITS.md is enforced where it is documented, with an
/// error that names it; the value at the limit is accepted, one past it refused.
@Suite struct LimitsTests {
    /// A one-table bundle (development localization en) with `messages` as en's messages.
    static func bundle(_ messages: [String: CatalogMessage], localizations: [String] = ["en"]) -> CatalogBundle {
        var b = CatalogBundle()
        b.developmentLocalization = "en"
        var t = CatalogTable(name: "Localizable")
        for l in localizations { t.messages[l] = messages }
        t.sources = ["Localizable.xcstrings"]
        b.tables["Localizable"] = t
        return b
    }

    static func open(_ b: CatalogBundle) throws -> LokaleCore.Bundle {
        let bytes = try TableWriter.compile(b).bytes
        let table = try bytes.withUnsafeBytes { raw throws(LokaleError) in try CompiledTable(file: MappedFile(copying: raw), verifyPayload: true) }
        return try Runtime(preferredLanguages: ["en"]).adopt(table, main: false)
    }

    @Test func keyBytes() throws {
        let key = String(repeating: "k", count: Limits.keyBytes)
        let bundle = try Self.open(Self.bundle([key: CatalogMessage(text: "long key")]))
        #expect(try bundle.string(key) == "long key")
        let e = catalogError { _ = try TableWriter.compile(Self.bundle([key + "k": CatalogMessage(text: "x")])) }
        #expect(e?.message.contains("key is \(Limits.keyBytes + 1) bytes, more than the limit of \(Limits.keyBytes)") == true)
        #expect(e?.file == "Localizable.xcstrings")
    }

    @Test func messageTextBytes() throws {
        let text = String(repeating: "é", count: Limits.messageTextBytes / 2)
        let bundle = try Self.open(Self.bundle(["k": CatalogMessage(text: text)]))
        #expect(try bundle.string("k").utf8.count == Limits.messageTextBytes)
        let plural = Variation.plural(argument: 1, ordinal: false, cases: [.one: .text("x"), .other: .text(text + "!")])
        let e = catalogError { _ = try TableWriter.compile(Self.bundle(["k": CatalogMessage(plural)])) }
        #expect(e?.message.contains("'k': a text of \(Limits.messageTextBytes + 1) bytes") == true)
    }

    /// Variants nested `levels` deep: device and plural alternating, the innermost a text.
    static func nested(_ levels: Int) -> Variation {
        var v = Variation.text("%lld deep")
        for i in 0..<levels {
            v = i % 2 == 0 ? .plural(argument: 1, ordinal: false, cases: [.other: v]) : .device([.other: v])
        }
        return v
    }

    @Test func variantDepth() throws {
        let bundle = try Self.open(Self.bundle(["k": CatalogMessage(Self.nested(Limits.variantDepth))]))
        let m = try bundle.format("k", arguments: [.int(3)])
        #expect(m.text == "3 deep" && m.problems.isEmpty, "the deepest compiled message still renders: \(m.problems)")
        let e = catalogError { _ = try TableWriter.compile(Self.bundle(["k": CatalogMessage(Self.nested(Limits.variantDepth + 1))])) }
        #expect(e?.message.contains("nested \(Limits.variantDepth + 1) levels deep") == true)
    }

    @Test func substitutions() throws {
        func message(_ n: Int) -> CatalogMessage {
            let subs = (0..<n).map { Substitution(name: "s\($0)", argument: 1, formatSpecifier: "lld", variation: .text("%arg")) }
            return CatalogMessage(.text(subs.map { "%#@\($0.name)@" }.joined(separator: " ")), substitutions: subs)
        }
        _ = try TableWriter.compile(Self.bundle(["k": message(Limits.substitutions)]))
        let e = catalogError { _ = try TableWriter.compile(Self.bundle(["k": message(Limits.substitutions + 1)])) }
        #expect(e?.message.contains("\(Limits.substitutions + 1) substitutions") == true)
    }

    /// The bundle-wide counts, with the limits lowered so that the test stays small (the same
    /// checks run with the defaults of `Limits`).
    @Test func bundleWideCounts() throws {
        let messages = Dictionary(uniqueKeysWithValues: (0..<10).map { ("key.\($0)", CatalogMessage(text: "value \($0)")) })
        let b = Self.bundle(messages, localizations: ["en", "de", "fr"])
        var limits = CompileLimits()
        _ = try TableWriter.compile(b, limits: limits)
        limits.messages = 29
        #expect(catalogError { _ = try TableWriter.compile(b, limits: limits) }?.message == "30 messages, more than the limit of 29")
        limits = CompileLimits(); limits.localizations = 2
        #expect(catalogError { _ = try TableWriter.compile(b, limits: limits) }?.message == "3 localizations, more than the limit of 2")
        limits = CompileLimits(); limits.instances = 2
        #expect(catalogError { _ = try TableWriter.compile(b, limits: limits) }?.message == "3 (localization, table) pairs, more than the limit of 2")
        limits = CompileLimits(); limits.tables = 0
        #expect(catalogError { _ = try TableWriter.compile(b, limits: limits) }?.message == "1 tables, more than the limit of 0")
        limits = CompileLimits(); limits.stringBytes = 100
        #expect(catalogError { _ = try TableWriter.compile(b, limits: limits) }?.message.contains("bytes of keys and texts, more than the limit of 100") == true)
    }

    @Test func formatLimits() throws {
        #expect(FormatParser.parse("%\(Limits.arguments)$lld").problems.isEmpty)
        #expect(FormatParser.parse("%\(Limits.arguments + 1)$lld").problems.first?.contains("out of range") == true)
        #expect(FormatParser.parse("%\(Limits.widthOrPrecision)d").problems.isEmpty)
        #expect(FormatParser.parse("%\(Limits.widthOrPrecision + 1)d").problems.first?.contains("larger than") == true)
        // Output past the limit is cut at a character boundary and reported, never trusted.
        let bundle = try Self.open(Self.bundle(["k": CatalogMessage(text: "<%@>")]))
        let huge = String(repeating: "ü", count: Limits.outputBytes)
        let m = try bundle.format("k", arguments: [.string(huge)])
        #expect(m.bytes.count <= Limits.outputBytes && m.bytes.count > Limits.outputBytes - 4)
        #expect(String(validating: m.bytes, as: UTF8.self) != nil)
        #expect(m.problems.contains { $0.contains("longer than \(Limits.outputBytes) bytes") })
    }

    @Test func languageTagBytes() throws {
        let long = "en-" + Array(repeating: "abcdefgh", count: 12).joined(separator: "-")
        #expect(long.utf8.count > Limits.languageTagBytes)
        let runtime = Runtime(preferredLanguages: [long, "de"])
        #expect(runtime.diagnostics.contains { $0.contains("longer than \(Limits.languageTagBytes) bytes") })
    }

    /// A file past 4 GiB is refused at open, before it is mapped (sparse: no disk is used).
    @Test func tableBytes() throws {
        let dir = Fixtures.temporaryDirectory("lokale-limits")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/huge.lokale"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(Limits.tableBytes) + 1) == 0)
        do { _ = try CompiledTable(path: path); Issue.record("a 4 GiB file was opened") }
        catch { #expect(error.code == .corrupt && error.message.contains("larger than 4 GiB")) }
    }
}
