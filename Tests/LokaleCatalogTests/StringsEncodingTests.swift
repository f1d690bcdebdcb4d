import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `.strings` in every encoding: the synthetic files against the recorded corelibs-foundation
/// results, the real UTF-16 and binary files of Adium and Transmission against
/// PropertyListSerialization, and binary property lists written here.
@Suite(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
struct SyntheticStringsTests {
    enum Expected: Equatable {
        case values([String: String])
        case error
        case notADictionary
    }

    /// EXPECTED-corelibs-foundation-6.3.1.txt: `file: key => hex scalars`, `file: ERR (…)` or
    /// `file: OK-but-not-a-dictionary`.
    static let expected: [String: Expected] = {
        guard Fixtures.hasConformance,
              let text = try? String(contentsOfFile: Conformance.path("strings-synthetic/EXPECTED-corelibs-foundation-6.3.1.txt"), encoding: .utf8)
        else { return [:] }
        var result: [String: Expected] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let colon = line.range(of: ": ")!
            let file = String(line[..<colon.lowerBound]), rest = line[colon.upperBound...]
            if rest.hasPrefix("ERR") { result[file] = .error; continue }
            if rest == "OK-but-not-a-dictionary" { result[file] = .notADictionary; continue }
            let arrow = rest.range(of: " => ")!
            let key = String(rest[..<arrow.lowerBound])
            let scalars = rest[arrow.upperBound...].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            var value = ""
            value.unicodeScalars.append(contentsOf: scalars)
            guard case .values(var d) = result[file] ?? .values([:]) else { fatalError("mixed expectations for \(file)") }
            d[key] = value
            result[file] = .values(d)
        }
        return result
    }()

    static let files: [String] = Fixtures.hasConformance
        ? Conformance.files(under: "strings-synthetic", ext: "strings").map { String($0.split(separator: "/").last!) } : []

    @Test func everyFileHasAnExpectation() {
        #expect(Self.files.count == 10)
        #expect(Set(Self.files) == Set(Self.expected.keys))
        #expect(Self.expected.values.filter { $0 == .error }.count == 3)
    }

    @Test(arguments: files)
    func agreesWithCorelibsFoundation(_ name: String) throws {
        let path = Conformance.path("strings-synthetic/" + name)
        let expected = try #require(Self.expected[name])
        switch expected {
        case .values(let values):
            let read = try StringsFileReader.read(path: path)
            #expect(read == values)
            for (k, v) in values where read[k] != v {
                Issue.record("\(name) '\(k)': got \(read[k].map { $0.unicodeScalars.map { String($0.value, radix: 16) } } ?? []), expected \(v.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            // Through the loader (a loose file is the development localization) and the compiled table.
            let table = String(name.dropLast(".strings".count))
            let compiled = try CompiledBundle([path])
            let bundle = try compiled.open(["en"])
            #expect(bundle.table.tables == [table])
            #expect(bundle.developmentLocalization == "en")
            for (k, v) in values {
                #expect(try bundle.string(k, table: table) == v, "\(name) '\(k)'")
                #expect(try bundle.format(k, table: table, arguments: []).resolution.entry != nil, "\(name) '\(k)'")
            }
        case .error, .notADictionary:
            let e = catalogError { _ = try StringsFileReader.read(path: path) }
            #expect(e?.file == path)
            #expect(e?.line != nil && e?.column != nil, "a text .strings error has a position: \(String(describing: e))")
            let viaLoader = catalogError { _ = try CatalogLoader.load([path]) }
            #expect(viaLoader?.file == path)
        }
    }

    @Test func errorPositions() throws {
        let dir = Conformance.path("strings-synthetic/")
        let semicolon = catalogError { _ = try StringsFileReader.read(path: dir + "err-missing-semicolon.strings") }
        // Right after "b", where the ';' belongs (corelibs only says "line 2").
        #expect(semicolon?.line == 1)
        #expect(semicolon?.column == 10)
        #expect(semicolon?.message.contains("';'") == true)
        let unterminated = catalogError { _ = try StringsFileReader.read(path: dir + "err-unterminated-string.strings") }
        #expect(unterminated?.line == 1)
        #expect(unterminated?.column == 7)
        #expect(unterminated?.message.contains("unterminated") == true)
        // `"a"` alone: corelibs reads a string, not a table.
        let truncated = catalogError { _ = try StringsFileReader.read(path: dir + "err-truncated-utf16.strings") }
        #expect(truncated?.line == 1)
        #expect(truncated?.column == 4)
        #expect(truncated?.message.contains("';'") == true)
        let noBOM = catalogError { _ = try StringsFileReader.read(path: dir + "escapes-utf16le-nobom.strings") }
        #expect(noBOM?.message.contains("byte-order mark") == true)
    }
}

@Suite(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
struct RealStringsFilesTests {
    static let files: [String] = Fixtures.hasConformance
        ? ["catalogs/adium@0f7136b34698", "catalogs/transmission@56209a8f86d6", "catalogs/transmission@85fc9d915c6d", "catalogs/xcstrings-tool"]
            .flatMap { Conformance.files(under: $0, ext: "strings") } : []

    /// PropertyListSerialization reads every collected .strings on Linux: the differential oracle.
    static func oracle(_ path: String) throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
    }

    @Test func collectedFiles() {
        #expect(Self.files.count == 14)
    }

    @Test(arguments: files)
    func agreesWithPropertyListSerialization(_ path: String) throws {
        let expected = try Self.oracle(path)
        let read = try StringsFileReader.read(path: path)
        #expect(!read.isEmpty)
        #expect(read.count == expected.count)
        #expect(read == expected)
    }

    @Test func adiumUTF16BigEndian() throws {
        let resources = Conformance.path("catalogs/adium@0f7136b34698/Resources")
        let compiled = try CompiledBundle([resources])
        let table = try compiled.table
        #expect(table.localizations == ["en", "ja", "ru"])
        #expect(table.tables == ["Localizable"])
        let ja = try compiled.open(["ja"])
        #expect(try ja.string(" (Autoreply)") == "（自動返信）")
        #expect(try ja.string(" Please restart Adium.") == "Adium を再起動してください。")
        #expect(try ja.format("%.1f KB of %.1f KB", arguments: [.double(1.5), .double(10)]).text == "1.5 KB of 10.0 KB")
        let jaIndex = try #require(table.localizations.firstIndex(of: "ja"))
        #expect(table.keyCount(localization: jaIndex, table: 0) == (try RealStringsFilesTests.oracle(resources + "/ja.lproj/Localizable.strings").count))
        // en declares no table: the development localization has none, so the key is shown.
        let en = try compiled.open(["en"])
        #expect(try en.string(" (Autoreply)") == " (Autoreply)")

        let utilities = try CompiledBundle([Conformance.path("catalogs/adium@0f7136b34698/Frameworks/AIUtilities/Resources/de.lproj")]).open(["de"])
        #expect(try utilities.string("%i days") == "%i Tagen")
        #expect(try utilities.format("%i days", arguments: [.int(3)]).text == "3 Tagen")

        let emoticons = try CompiledBundle([Conformance.path("catalogs/adium@0f7136b34698/Resources/Emoticons/Default.AdiumEmoticonset/Resources")]).open(["da"])
        #expect(emoticons.table.tables == ["InfoPlist"])
        #expect(try emoticons.string("Default", table: "InfoPlist") == "Standard")
    }

    @Test func transmissionUTF16LittleEndianAndUTF8() throws {
        let old = try CompiledBundle([Conformance.path("catalogs/transmission@56209a8f86d6/macosx")])
        #expect(try old.table.localizations == ["de", "en", "ru"])
        let en = try old.open(["en"])
        #expect(try en.format("%@ files", arguments: [.string("12")]).text == "12 files")
        let oldDE = try Self.oracle(Conformance.path("catalogs/transmission@56209a8f86d6/macosx/de.lproj/Localizable.strings"))
        let de = try old.open(["de"])
        for (k, v) in oldDE.sorted(by: { $0.key < $1.key }).prefix(40) { #expect(try de.string(k) == v) }

        let new = try CompiledBundle([Conformance.path("catalogs/transmission@85fc9d915c6d/macosx/de.lproj")]).open(["de"])
        #expect(try new.string("%@ of %@") == "%1$@ von %2$@")
        #expect(try new.format("%@ of %@", arguments: [.string("1 MB"), .string("2 MB")]).text == "1 MB von 2 MB")
        #expect(try new.string("%@ selected") == "%@ ausgewählt")
    }

    @Test func sparkleTablesUTF16AndBinary() throws {
        let a = try CompiledBundle([Conformance.path("catalogs/transmission@56209a8f86d6/macosx/Sparkle.framework/Versions/A/Resources")])
        #expect(try a.table.tables == ["Sparkle"])
        let ru = try a.open(["ru"])
        #expect(try ru.string("%@ %@ is currently the newest version available.", table: "Sparkle") == "У вас уже установлена последняя версия %1$@ %2$@.")
        #expect(try ru.format("%@ %@ is currently the newest version available.", table: "Sparkle", arguments: [.string("Transmission"), .string("2.0")]).text
            == "У вас уже установлена последняя версия Transmission 2.0.")

        let resources = Conformance.path("catalogs/transmission@85fc9d915c6d/macosx/Sparkle.framework/Versions/B/Resources")
        let arBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: resources + "/ar.lproj/Sparkle.strings")))
        #expect(arBytes.starts(with: Array("bplist00".utf8)))
        let b = try CompiledBundle([resources])
        let table = try b.table
        #expect(table.localizations == ["ar", "en", "ru"])
        #expect(table.keyCount(localization: 0, table: 0) == 30)
        #expect(table.keyCount(localization: 2, table: 0) == 39)
        let ar = try b.open(["ar"])
        #expect(try ar.format("%@ %@ is currently the newest version available.", table: "Sparkle", arguments: [.string("App"), .string("3")]).text
            == "الإصدار 3 هو أحدث إصدار متوفر حاليًا لتطبيق App")
        let ruB = try b.open(["ru-RU"])
        #expect(try ruB.string("%@ %@ is currently the newest version available.", table: "Sparkle") == "В настоящий момент %1$@ %2$@ является новейшей версией.")
    }
}

/// Files written here: binary property lists from PropertyListEncoder, UTF-16 with errors, XML.
struct GeneratedStringsTests {
    static let values = ["greeting": "Grüß Gott", "emoji 😀": "😀 \"quoted\"\n\ttab", "empty": "", "percent": "%lld Äpfel"]

    func binary(_ value: some Encodable) throws -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return [UInt8](try encoder.encode(value))
    }

    @Test func binaryPropertyListStrings() throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings")
        let bytes = try binary(Self.values)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        let path = try writeBytes(bytes, to: "App/de.lproj/Localizable.strings", in: dir)
        Fixtures.write("\"greeting\" = \"Hello\";\n", to: "App/en.lproj/Localizable.strings", in: dir)
        #expect(try StringsFileReader.read(path: path) == Self.values)

        let compiled = try CompiledBundle([dir + "/App"])
        #expect(try compiled.table.localizations == ["de", "en"])
        let de = try compiled.open(["de"])
        for (k, v) in Self.values { #expect(try de.string(k) == v) }
        #expect(try de.format("percent", arguments: [.int(3)]).text == "3 Äpfel")
        // An empty value is a translation, not a missing key.
        #expect(try de.format("empty", arguments: []).resolution.entry != nil)
        #expect(try compiled.open(["en"]).string("greeting") == "Hello")
    }

    @Test func binaryPropertyListOfAnotherShapeIsRefused() throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings")
        let numbers = try writeBytes(try binary(["a": 1]), to: "Numbers.strings", in: dir)
        let e1 = catalogError { _ = try StringsFileReader.read(path: numbers) }
        #expect(e1?.file == numbers)
        #expect(e1?.message.contains("not a table of strings") == true)
        let array = try writeBytes(try binary(["a", "b"]), to: "Array.strings", in: dir)
        let e2 = catalogError { _ = try StringsFileReader.read(path: array) }
        #expect(e2?.file == array)
        let truncated = try writeBytes(Array(try binary(Self.values).dropLast(12)), to: "Truncated.strings", in: dir)
        let e3 = catalogError { _ = try StringsFileReader.read(path: truncated) }
        #expect(e3?.file == truncated)
    }

    func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var out: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for u in text.utf16 { out += bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
        return out
    }

    @Test(arguments: [false, true])
    func utf16ErrorsCountLinesAndColumnsInCharacters(bigEndian: Bool) throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings")
        let good = try writeBytes(utf16("/* 😀 */\n\"ключ\" = \"значение 😀\";\n", bigEndian: bigEndian), to: "Good.strings", in: dir)
        #expect(try StringsFileReader.read(path: good) == ["ключ": "значение 😀"])
        let text = "\"a\" = \"ä\";\n\"ключ\" = \"значение\"\n\"c\" = \"d\";\n"
        let bad = try writeBytes(utf16(text, bigEndian: bigEndian), to: "Bad.strings", in: dir)
        let e = catalogError { _ = try StringsFileReader.read(path: bad) }
        #expect(e?.file == bad)
        #expect(e?.line == 2)
        #expect(e?.column == 20)
        let unterminated = try writeBytes(utf16("\"a\" = \"b\";\n  \"ключ\" = \"знач;\n", bigEndian: bigEndian), to: "Unterminated.strings", in: dir)
        let e2 = catalogError { _ = try StringsFileReader.read(path: unterminated) }
        #expect(e2?.line == 2)
        #expect(e2?.column == 12)
    }

    @Test func utf8WithBOMCommentsAndUnquotedKeys() throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings")
        let text = "\u{FEFF}// line comment\n/* block\n comment */\nplain = \"Plain\";\n\"dup\" = \"1\";\n\"dup\" = \"2\";\n\"only\";\n\"esc\" = \"a\\nb\\t\\\"c\\\\ \\U00e9 \\101\";\r\n"
        let path = Fixtures.write(text, to: "fr.lproj/Localizable.strings", in: dir)
        let read = try StringsFileReader.read(path: path)
        #expect(read == ["plain": "Plain", "dup": "2", "only": "only", "esc": "a\nb\t\"c\\ é A"])
        let bundle = try CompiledBundle([dir + "/fr.lproj"]).open(["fr"])
        #expect(try bundle.string("esc") == "a\nb\t\"c\\ é A")
        #expect(bundle.table.localizations == ["en", "fr"])
    }

    @Test func emptyAndCommentOnlyFilesAreEmptyTables() throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings")
        #expect(try StringsFileReader.read(path: try writeBytes([], to: "Empty.strings", in: dir)) == [:])
        #expect(try StringsFileReader.read(path: try writeBytes([0xEF, 0xBB, 0xBF], to: "BOM.strings", in: dir)) == [:])
        #expect(try StringsFileReader.read(path: Fixtures.write("/* nothing */\n// here\n", to: "Comments.strings", in: dir)) == [:])
        #expect(try StringsFileReader.read(path: try writeBytes(utf16("", bigEndian: false), to: "UTF16Empty.strings", in: dir)) == [:])
        #expect(try StringsFileReader.read(path: try writeBytes(utf16("", bigEndian: true), to: "UTF16BEEmpty.strings", in: dir)) == [:])
        #expect(try StringsFileReader.read(path: try writeBytes(utf16("/* c */\n", bigEndian: true), to: "UTF16Comment.strings", in: dir)) == [:])
        #expect(try StringsFileReader.read(path: Fixtures.write(" \n\t\n", to: "Blank.strings", in: dir)) == [:])
    }

    @Test(arguments: [false, true])
    func escapesTheParserGetsWrong(utf16: Bool) throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings")
        let text = """
            /* "\\UD83D" in a comment is left alone */
            "pair" = "<\\UD83D\\UDE00>";
            "lone.high" = "\\UD83Dx";
            "lone.low" = "\\UDE00";
            "high.then.text" = "\\UD83D\\U0041";
            "ff.vt" = "a\\fb\\vc";
            "not.escape" = "\\\\UD83D";
            "bmp" = "\\U00e9\\U41";
            // "\\f" in a line comment

            """
        let bytes = utf16 ? self.utf16(text, bigEndian: false) : Array(text.utf8)
        let path = try writeBytes(bytes, to: "Escapes.strings", in: dir)
        let read = try StringsFileReader.read(path: path)
        #expect(read == [
            "pair": "<\u{1F600}>",
            "lone.high": "\u{FFFD}x",
            "lone.low": "\u{FFFD}",
            "high.then.text": "\u{FFFD}A",
            "ff.vt": "a\u{0C}b\u{0B}c",
            "not.escape": "\\UD83D",
            "bmp": "éA",
        ])
        let bundle = try CompiledBundle([path]).open(["en"])
        #expect(try bundle.string("pair", table: "Escapes") == "<😀>")
    }

    @Test func xmlPropertyListStrings() throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings")
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let path = try writeBytes([UInt8](try encoder.encode(["k": "XML value"])), to: "de.lproj/Localizable.strings", in: dir)
        #expect(try StringsFileReader.read(path: path) == ["k": "XML value"])
        #expect(try CompiledBundle([dir + "/de.lproj"]).open(["de"]).string("k") == "XML value")
    }

    @Test func invalidUTF8NamesThePosition() throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings")
        let path = try writeBytes(Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xC3, 0x28] + Array("\";\n".utf8), to: "Latin.strings", in: dir)
        let e = catalogError { _ = try StringsFileReader.read(path: path) }
        #expect(e?.file == path)
        #expect(e?.line == 2)
        #expect(e?.column == 8)
        #expect(e?.message.contains("UTF-8") == true)
    }
}
