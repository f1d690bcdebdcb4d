import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `.stringsdict` tables, XML and binary, alone and overriding `.strings` of the same table.
struct StringsDictTests {
    static func xml(_ entries: [String: String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(entries.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key>\n\($0.value)" }.joined(separator: "\n"))
        </dict>
        </plist>
        """
    }

    static func pluralEntry(_ format: String, variable: String = "count", type: String = "d", _ cases: [String: String]) -> String {
        """
        <dict>
          <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
          <key>\(variable)</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>\(type)</string>
            \(cases.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined(separator: "\n    "))
          </dict>
        </dict>
        """
    }

    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func xcstringsToolLegacyFixtures() throws {
        let dir = Conformance.path("catalogs/xcstrings-tool/Tests/XCStringsToolTests/__Fixtures__/")
        let dict = try StringsDictReader.read(path: dir + "Legacy.stringsdict")
        #expect(dict.keys.sorted() == ["Key6"])
        #expect(dict["Key6"]?.representativeText == "Hello %@, %#@count@")
        #expect(dict["Key6"]?.substitutions.map(\.name) == ["count"])
        #expect(dict["Key6"]?.substitutions.first?.argument == 2)
        #expect(dict["Key6"]?.substitutions.first?.formatSpecifier == "lld")

        // Loose files belong to the development localization; the stringsdict is given first.
        let compiled = try CompiledBundle([dir + "Legacy.stringsdict", dir + "Legacy.strings"])
        let table = try compiled.table
        #expect(table.tables == ["Legacy"])
        #expect(table.localizations == ["en"])
        #expect(table.keyCount(localization: 0, table: 0) == 6)
        let bundle = try compiled.open(["en"])
        func f(_ key: String, _ args: [FormatArgument]) throws -> String { try bundle.format(key, table: "Legacy", arguments: args).text }
        #expect(try f("Key6", [.string("Bob"), .int(1)]) == "Hello Bob, I have 1 plural")
        #expect(try f("Key6", [.string("Bob"), .int(3)]) == "Hello Bob, I have 3 plurals")
        #expect(try f("Key1", []) == "This is a simple string")
        #expect(try f("Key2", [.int(2)]) == "This string contains 2 integer")
        #expect(try f("Key3", [.string("Ann"), .int(2)]) == "Hello Ann! This string 2 arguments")
        #expect(try f("Key5", [.string("Ann")]) == "First: Ann, First: Ann")
        #expect(try bundle.format("Key6", table: "Legacy", arguments: [.string("Bob"), .int(3)]).problems == [])
    }

    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func pluginResourcesBundleFolder() throws {
        let compiled = try CompiledBundle([Conformance.path("catalogs/xcstrings-tool/Tests/PluginTests/Resources")])
        let table = try compiled.table
        #expect(table.tables == ["FeatureOne", "Legacy", "Localizable"])
        #expect(table.localizations == ["en", "fr"])
        let en = try compiled.open(["en"])
        #expect(try en.format("plural", table: "Legacy", arguments: [.string("Zoë"), .int(1)]).text == "Hello Zoë, I have 1 plural")
        #expect(try en.format("SimpleString", table: "Legacy", arguments: [.string("ok")]).text == "This simple string: ok")
        #expect(try en.string("demo.basic") == "A basic string")
        let fr = try compiled.open(["fr"])
        #expect(try fr.string("Ignored", table: "Legacy") == "This file should be ignored because it is not the development language")
        // fr has a Legacy table without this key: Apple's rule shows the key.
        #expect(try fr.string("SimpleString", table: "Legacy") == "SimpleString")
    }

    /// Found by Fuzz/fuzz-catalog: a binary property list whose dictionaries reference themselves
    /// decoded forever. It is refused with an error now (Fuzz/corpus/catalog/selfref.bstringsdict).
    @Test func selfReferencingBinaryPropertyListIsRefused() {
        let bytes: [UInt8] = [
            0x62, 0x70, 0x6c, 0x69, 0x73, 0x74, 0x30, 0x30, 0xd1, 0x01, 0x02, 0x51, 0x6e, 0xd2, 0x03, 0x04,
            0x05, 0x02, 0x5f, 0x10, 0x1a, 0x4e, 0x53, 0x53, 0x74, 0x72, 0x69, 0x6e, 0x67, 0x4c, 0x6f, 0x63,
            0x61, 0x6c, 0x69, 0x7a, 0x65, 0x64, 0x46, 0x6f, 0x72, 0x6d, 0x61, 0x74, 0x4b, 0x65, 0x79, 0x51,
            0x76, 0x55, 0x25, 0x23, 0x40, 0x76, 0x40, 0xd4, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e,
            0x5f, 0x10, 0x19, 0x4e, 0x53, 0x53, 0x74, 0x72, 0x69, 0x6e, 0x67, 0x46, 0x6f, 0x72, 0x6d, 0x61,
            0x74, 0x53, 0x70, 0x65, 0x63, 0x54, 0x79, 0x70, 0x65, 0x4b, 0x65, 0x79, 0x5f, 0x10, 0x1a, 0x4e,
            0x53, 0x53, 0x74, 0x72, 0x69, 0x6e, 0x67, 0x46, 0x6f, 0x72, 0x6d, 0x61, 0x74, 0x56, 0x61, 0x6c,
            0x75, 0x65, 0x54, 0x79, 0x70, 0x65, 0x4b, 0x65, 0x79, 0x53, 0x6f, 0x6e, 0x65, 0x55, 0x6f, 0x74,
            0x68, 0x65, 0x72, 0x5f, 0x10, 0x16, 0x4e, 0x53, 0x53, 0x76, 0x72, 0x69, 0x6e, 0x67, 0x50, 0x6c,
            0x75, 0x72, 0x61, 0x6c, 0x52, 0x75, 0x6c, 0x65, 0x54, 0x79, 0x70, 0x65, 0x51, 0x64, 0x56, 0x25,
            0x64, 0x20, 0x6f, 0x6e, 0x65, 0x59, 0x25, 0x64, 0x20, 0x6f, 0x74, 0x68, 0x65, 0x72, 0x73, 0x08,
            0x0b, 0x0d, 0x12, 0x2f, 0x31, 0x37, 0x40, 0x5c, 0x79, 0x7d, 0x83, 0x9c, 0x9e, 0xa5, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0f, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xaf
        ]
        #expect(throws: CatalogError.self) { try StringsDictReader.parse(bytes, file: "selfref.stringsdict") }
    }

    /// Nesting deeper than any real table is refused, not recursed into.
    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "<dict><key>k</key>", count: 200) + "<string>x</string>" + String(repeating: "</dict>", count: 200)
        let text = Self.xml(["key": deep])
        #expect(throws: CatalogError.self) { try StringsDictReader.parse(Array(text.utf8), file: "deep.stringsdict") }
    }

    @Test func stringsdictOverridesStringsInTheSameTable() throws {
        let dir = Fixtures.temporaryDirectory("lokale-stringsdict")
        Fixtures.write("\"files\" = \"%d file(s)\";\n\"title\" = \"Files\";\n", to: "en.lproj/Localizable.strings", in: dir)
        Fixtures.write(Self.xml(["files": Self.pluralEntry("%#@count@", ["one": "%d file", "other": "%d files", "zero": "No files"])]),
                       to: "en.lproj/Localizable.stringsdict", in: dir)
        let bundle = try CompiledBundle([dir + "/en.lproj"]).open(["en"])
        #expect(try bundle.format("files", arguments: [.int(1)]).text == "1 file")
        #expect(try bundle.format("files", arguments: [.int(7)]).text == "7 files")
        #expect(try bundle.format("files", arguments: [.int(0)]).text == "No files")
        #expect(try bundle.string("title") == "Files")

        // Whatever order the files are given in, loose or inside an .lproj.
        for order in [["Localizable.stringsdict", "Localizable.strings"], ["Localizable.strings", "Localizable.stringsdict"]] {
            let inLproj = try CompiledBundle(order.map { dir + "/en.lproj/" + $0 }).open(["en"])
            #expect(try inLproj.format("files", arguments: [.int(2)]).text == "2 files", "\(order)")
            let loose = Fixtures.temporaryDirectory("lokale-stringsdict")
            for name in order {
                let bytes = try [UInt8](Data(contentsOf: URL(filePath: dir + "/en.lproj/" + name)))
                try writeBytes(bytes, to: name, in: loose)
            }
            let looseBundle = try CompiledBundle(order.map { loose + "/" + $0 }).open(["en"])
            #expect(try looseBundle.format("files", arguments: [.int(2)]).text == "2 files", "\(order)")
            #expect(try looseBundle.string("title") == "Files")
        }
    }

    @Test func severalVariablesAndUnnumberedSpecifiersInVariants() throws {
        let dir = Fixtures.temporaryDirectory("lokale-stringsdict")
        let folders = """
        <dict>
          <key>NSStringLocalizedFormatKey</key><string>%@: %#@files@ in %#@folders@</string>
          <key>files</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d file</string>
            <key>other</key><string>%d files</string>
          </dict>
          <key>folders</key>
          <dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>one folder</string>
            <key>other</key><string>%d folders</string>
          </dict>
        </dict>
        """
        Fixtures.write(Self.xml(["summary": folders,
                                 "apples": Self.pluralEntry("%#@n@", variable: "n", type: "ld",
                                                            ["one": "%ld яблоко", "few": "%ld яблока", "many": "%ld яблок", "other": "%ld яблока"])]),
                       to: "ru.lproj/Localizable.stringsdict", in: dir)
        let compiled = try CompiledBundle([dir + "/ru.lproj"])
        let bundle = try compiled.open(["ru"])
        func f(_ key: String, _ args: [FormatArgument]) throws -> String { try bundle.format(key, arguments: args).text }
        #expect(try f("summary", [.string("Disk"), .int(1), .int(1)]) == "Disk: 1 file in one folder")
        #expect(try f("summary", [.string("Disk"), .int(5), .int(3)]) == "Disk: 5 files in 3 folders")
        #expect(try f("apples", [.int(1)]) == "1 яблоко")
        #expect(try f("apples", [.int(3)]) == "3 яблока")
        #expect(try f("apples", [.int(5)]) == "5 яблок")
        #expect(try f("apples", [.int(21)]) == "21 яблоко")
        #expect(try f("apples", [.int(111)]) == "111 яблок")
    }

    @Test func deviceSpecificRules() throws {
        let dir = Fixtures.temporaryDirectory("lokale-stringsdict")
        let entry = """
        <dict>
          <key>NSStringDeviceSpecificRuleType</key>
          <dict>
            <key>mac</key><string>Click to continue</string>
            <key>iphone</key><string>Tap to continue</string>
            <key>other</key><string>Continue</string>
          </dict>
        </dict>
        """
        Fixtures.write(Self.xml(["continue": entry]), to: "en.lproj/Localizable.stringsdict", in: dir)
        let bundle = try CompiledBundle([dir + "/en.lproj"]).open(["en"])
        #expect(try bundle.format("continue", arguments: []).text == "Click to continue")
        bundle.runtime.deviceClass = .iphone
        #expect(try bundle.format("continue", arguments: []).text == "Tap to continue")
        bundle.runtime.deviceClass = .appletv
        #expect(try bundle.format("continue", arguments: []).text == "Continue")
    }

    struct Variable: Encodable {
        var type = "NSStringPluralRuleType"
        var valueType: String
        var one: String
        var other: String
        enum CodingKeys: String, CodingKey {
            case type = "NSStringFormatSpecTypeKey", valueType = "NSStringFormatValueTypeKey", one, other
        }
    }
    struct Entry: Encodable {
        var format: String
        var count: Variable
        enum CodingKeys: String, CodingKey { case format = "NSStringLocalizedFormatKey", count }
    }

    @Test func binaryStringsdict() throws {
        let dir = Fixtures.temporaryDirectory("lokale-stringsdict")
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let bytes = [UInt8](try encoder.encode([
            "messages": Entry(format: "%@ hat %#@count@", count: Variable(valueType: "lld", one: "eine Nachricht", other: "%lld Nachrichten")),
        ]))
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        let path = try writeBytes(bytes, to: "de.lproj/Mail.stringsdict", in: dir)
        let read = try StringsDictReader.read(path: path)
        #expect(read["messages"]?.substitutions.first?.argument == 2)
        let bundle = try CompiledBundle([dir + "/de.lproj"]).open(["de"])
        #expect(bundle.table.tables == ["Mail"])
        #expect(try bundle.format("messages", table: "Mail", arguments: [.string("Eva"), .int(1)]).text == "Eva hat eine Nachricht")
        #expect(try bundle.format("messages", table: "Mail", arguments: [.string("Eva"), .int(4)]).text == "Eva hat 4 Nachrichten")
    }

    @Test func errorsNameFileAndKey() throws {
        let dir = Fixtures.temporaryDirectory("lokale-stringsdict")
        let noFormat = Fixtures.write(Self.xml(["broken": "<dict><key>count</key><dict/></dict>"]), to: "NoFormat.stringsdict", in: dir)
        let e1 = catalogError { _ = try StringsDictReader.read(path: noFormat) }
        #expect(e1?.file == noFormat)
        #expect(e1?.message.contains("'broken'") == true)
        #expect(e1?.message.contains("NSStringLocalizedFormatKey") == true)

        let badRule = Fixtures.write(Self.xml(["k": """
            <dict><key>NSStringLocalizedFormatKey</key><string>%#@v@</string>
            <key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string></dict></dict>
            """]), to: "BadRule.stringsdict", in: dir)
        let e2 = catalogError { _ = try StringsDictReader.read(path: badRule) }
        #expect(e2?.file == badRule)
        #expect(e2?.message.contains("NSStringGenderRuleType") == true)

        let notDict = Fixtures.write(Self.xml(["k": "<string>plain</string>"]), to: "NotDict.stringsdict", in: dir)
        let e3 = catalogError { _ = try StringsDictReader.read(path: notDict) }
        #expect(e3?.message.contains("'k'") == true)

        let malformed = Fixtures.write("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>k</key>\n<dict>\n</plist>\n", to: "Malformed.stringsdict", in: dir)
        let e4 = catalogError { _ = try CatalogLoader.load([malformed]) }
        #expect(e4?.file == malformed)
    }
}
