import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Inside a substitution's variant, an unnumbered specifier prints the substitution's own
/// argument (the one argNum names), in String Catalogs as in `.stringsdict` (`%2$#@voters@`):
/// one code path, `Substitution.variantText`, numbers both.
struct SubstitutionArgumentTests {
    func compile(_ files: [(String, String)]) throws -> CompiledBundle {
        let dir = Fixtures.temporaryDirectory("lokale-substitution-args")
        return try CompiledBundle(files.map { Fixtures.write($0.1, to: $0.0, in: dir) })
    }

    static func unit(_ value: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }

    static func catalog(argNum: String, one: String, other: String, body: String = "%lld votes from %#@voters@") -> String {
        #"""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "votes %lld %lld":{"localizations":{"en":{
            "stringUnit":{"state":"translated","value":"\#(body)"},
            "substitutions":{"voters":{\#(argNum)"formatSpecifier":"lld","variations":{"plural":{
              "one":\#(unit(one)),"other":\#(unit(other))}}}}}}}
        }}
        """#
    }

    static func text(_ compiled: CompiledBundle, _ args: [FormatArgument]) throws -> String {
        let m = try compiled.open(["en"]).format("votes %lld %lld", arguments: args)
        #expect(m.problems.isEmpty, "\(m.problems)")
        return m.text
    }

    /// The issue's repro: args 5 1 printed "one voter (5)"; Apple prints "one voter (1)".
    @Test func aBareSpecifierPrintsTheSubstitutionsArgument() throws {
        let compiled = try compile([("Localizable.xcstrings", Self.catalog(argNum: #""argNum":2,"#, one: "one voter (%lld)", other: "%lld voters"))])
        #expect(try Self.text(compiled, [.int(5), .int(1)]) == "5 votes from one voter (1)")
        #expect(try Self.text(compiled, [.int(5), .int(3)]) == "5 votes from 3 voters")
    }

    @Test func argAndPositionalSpecifiersInsideVariants() throws {
        // %arg is the substitution's argument; %1$lld names the first argument explicitly.
        let compiled = try compile([("Localizable.xcstrings", Self.catalog(argNum: #""argNum":2,"#, one: "%arg voter of %1$lld", other: "%arg voters (%1$lld votes)"))])
        #expect(try Self.text(compiled, [.int(5), .int(1)]) == "5 votes from 1 voter of 5")
        #expect(try Self.text(compiled, [.int(7), .int(2)]) == "7 votes from 2 voters (7 votes)")
    }

    @Test func aMissingArgNumIsInferredAndNumbersTheVariant() throws {
        let compiled = try compile([("Localizable.xcstrings", Self.catalog(argNum: "", one: "one voter (%lld)", other: "%lld voters"))])
        #expect(try Self.text(compiled, [.int(5), .int(1)]) == "5 votes from one voter (1)")
        #expect(try Self.text(compiled, [.int(5), .int(4)]) == "5 votes from 4 voters")
    }

    @Test func stringsdictAndStringCatalogAgree() throws {
        let plist = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>votes %lld %lld</key><dict>
          <key>NSStringLocalizedFormatKey</key><string>%1$lld votes from %2$#@voters@</string>
          <key>voters</key><dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>lld</string>
            <key>one</key><string>one voter (%lld)</string>
            <key>other</key><string>%lld voters</string>
          </dict></dict></dict></plist>
        """#
        let dict = try compile([("en.lproj/Localizable.stringsdict", plist)])
        let catalog = try compile([("Localizable.xcstrings", Self.catalog(argNum: #""argNum":2,"#, one: "one voter (%lld)", other: "%lld voters"))])
        for args: [FormatArgument] in [[.int(5), .int(1)], [.int(1), .int(5)], [.int(0), .int(0)]] {
            #expect(try Self.text(dict, args) == Self.text(catalog, args), "\(args)")
        }
        // Both store the variant with the substitution's argument numbered.
        let (table, _) = try StringCatalogReader.read(path: catalog.sourcesPath("Localizable.xcstrings"))
        let voters = table.messages["en"]?["votes %lld %lld"]?.substitutions.first
        #expect(voters?.variation.texts.sorted() == ["%2$lld voters", "one voter (%2$lld)"])
    }
}
