import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// The typed view of catalogs the code generators share: argument types and names read from real
/// catalogs through the real loader, the naming rule, and the writers' determinism and escaping.
struct TypedCatalogTests {
    func typed(_ files: [(String, String)]) throws -> TypedCatalog {
        let dir = Fixtures.temporaryDirectory("lokale-typed")
        return TypedCatalog(try CatalogLoader.load(files.map { Fixtures.write($0.1, to: $0.0, in: dir) }))
    }

    func message(_ c: TypedCatalog, _ key: String, table: String = "Localizable") -> TypedMessage? {
        c.tables.first { $0.name == table }?.messages.first { $0.key == key }
    }

    static let catalog = #"""
    {"sourceLanguage":"en","version":"1.0","strings":{
      "plain":{"comment":"A heading.","localizations":{"en":{"stringUnit":{"state":"translated","value":"50% off"}}}},
      "%lld items in %@":{},
      "distance":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%2$.1f km in %1$lld steps, %3$llu left"}}}},
      "files":{"localizations":{"en":{"variations":{"plural":{
        "one":{"stringUnit":{"state":"translated","value":"one file"}},
        "other":{"stringUnit":{"state":"translated","value":"%lld files"}}}}}}},
      "votes":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%1$@ got %#@voters@"},
        "substitutions":{"voters":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"a vote"}},
          "other":{"stringUnit":{"state":"translated","value":"votes"}}}}}}}}},
      "width":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"[%*d]"}}}}
    }}
    """#

    @Test func specifiersGiveTypesAndSubstitutionsGiveNames() throws {
        let c = try typed([("Localizable.xcstrings", Self.catalog)])
        let plain = try #require(message(c, "plain"))
        #expect(plain.isPlain && plain.defaultValue == "50% off" && plain.comment == "A heading.")
        // A key that is a format with no text of its own: its specifiers are the arguments.
        #expect(message(c, "%lld items in %@")?.arguments.map(\.type) == [.integer, .string])
        let distance = try #require(message(c, "distance"))
        #expect(distance.arguments.map(\.type) == [.integer, .double, .unsigned])
        #expect(distance.arguments.map(\.name) == ["arg1", "arg2", "arg3"])
        // A plural chooses by a number, and names it `count` when nothing else does.
        #expect(message(c, "files")?.arguments == [TypedArgument(name: "count", position: 1, type: .integer)])
        #expect(message(c, "files")?.defaultValue == "%lld files")
        // The substitution's variants print nothing; its format specifier still types argument 2.
        let votes = try #require(message(c, "votes"))
        #expect(votes.arguments == [TypedArgument(name: "arg1", position: 1, type: .string),
                                    TypedArgument(name: "voters", position: 2, type: .integer)])
        #expect(votes.defaultValue == nil)
        // A width read from an argument is an integer argument of its own.
        #expect(message(c, "width")?.arguments.map(\.type) == [.integer, .integer])
    }

    @Test func messageFormatArgumentsByNameWithDeclaredAndInferredTypes() throws {
        let arb = #"""
        {"@@locale":"en",
         "inbox":"{name} has {count, plural, one{# message} other{# messages}}",
         "@inbox":{"placeholders":{"name":{"type":"String"},"count":{"type":"int"}}},
         "when":"Due {day}",
         "@when":{"placeholders":{"day":{"type":"DateTime","format":"yMd"}}},
         "loose":"{0} and {total, number}"}
        """#
        let c = try typed([("app_en.arb", arb)])
        let inbox = try #require(message(c, "inbox"))
        #expect(inbox.passing == .named)
        // Declared first (the ARB reader keeps placeholders by name), with their declared types.
        #expect(inbox.arguments == [TypedArgument(name: "count", position: nil, type: .integer),
                                    TypedArgument(name: "name", position: nil, type: .string)])
        #expect(message(c, "when")?.arguments.map(\.type) == [.date])
        // Undeclared: ICU's {0} is passed as "0"; a number style types it.
        let loose = try #require(message(c, "loose"))
        #expect(loose.arguments.map(\.name) == ["0", "total"])
        #expect(loose.arguments.map(\.type) == [.string, .double])

        let mf2 = #"""
        {"@@locale":"en","due":".input {$when :date}\n.input {$n :integer}\n{{Due {$when}, {$n} left, {$who}, {$price}}}",
         "@due":{"arguments":{"price":{"type":"number"}}}}
        """#
        let m = try #require(message(try typed([("Localizable.mf2.json", mf2)]), "due"))
        #expect(m.arguments.map(\.name) == ["price", "n", "when", "who"])
        #expect(m.arguments.map(\.type) == [.double, .integer, .date, .string])
    }

    @Test func theNamingRule() {
        #expect(Identifiers.spell("summary.item-count", .lowerCamel, isKey: true) == "summaryItemCount")
        #expect(Identifiers.spell("%lld items in %@", .lowerCamel, isKey: true) == "itemsIn")
        #expect(Identifiers.spell("Collection: %@", .snake, isKey: true) == "collection")
        #expect(Identifiers.spell("URLScheme", .snake) == "url_scheme")
        #expect(Identifiers.spell("itemCount", .upperSnake) == "ITEM_COUNT")
        #expect(Identifiers.spell("settings-screen", .upperCamel) == "SettingsScreen")
        #expect(Identifiers.spell("3 items", .lowerCamel) == "_3Items")
        // Other scripts are transliterated to ASCII by ICU; a key of symbols only has no word.
        #expect(Identifiers.spell("Größe ändern", .lowerCamel) == "grosseAndern")
        #expect(Identifiers.spell("Привет, мир", .snake) == "privet_mir")
        #expect(Identifiers.spell("→ ✓", .lowerCamel) == "message")
        #expect(Identifiers.spell("h1Title", .snake) == "h1_title")
        #expect(Identifiers.unique(["open", "open", "open_2", "open"]) == ["open", "open_2", "open_2_2", "open_3"])
        #expect(Identifiers.unique(["bundle"], avoiding: ["bundle"]) == ["bundle_2"])
    }

    @Test func writersAreDeterministicAndEscapeWhatCatalogsHold() throws {
        let tricky = #"""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "default":{"comment":"Ends a */ comment\nand a \"quote\" \\ too","localizations":{"en":{"stringUnit":{"state":"translated","value":"Say \"hi\" \\ ??/ %@"}}}},
          "Default":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Other"}}}},
          "naïve café":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Café\u0007"}}}}
        }}
        """#
        let c = try typed([("Localizable.xcstrings", tricky)])
        let swift = SwiftMessagesWriter.source(c, bundle: ".module", command: "test")
        let header = CHeaderWriter.source(c, prefix: "app", guardName: "APP_H", command: "test")
        #expect(swift == SwiftMessagesWriter.source(c, bundle: ".module", command: "test"))
        #expect(header == CHeaderWriter.source(c, prefix: "app", guardName: "APP_H", command: "test"))
        // Keys in byte order: "Default" < "default"; the second takes _2. A Swift keyword is escaped.
        #expect(swift.contains("static var `default`: Message"))
        #expect(swift.contains("static func default_2(arg1: String) -> Message"))
        #expect(swift.contains(#"defaultValue: "Say \"hi\" \\ ??/ %@""#))
        #expect(swift.contains(#"defaultValue: "Café\u{7}""#))
        #expect(swift.contains("static var naiveCafe: Message"))
        // C: `?` escaped (C99 trigraphs), non-ASCII as octal, no comment end inside a comment.
        #expect(header.contains(#""Say \"hi\" \\ \?\?/ %@""#))
        #expect(header.contains(#""Caf\303\251\007""#))
        #expect(header.contains("Ends a * / comment") && !header.contains("Ends a */"))
        #expect(header.contains("static inline int app_localizable_default_2(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle, const char *arg1)"))
        #expect(header.contains("#define APP_LOCALIZABLE_DEFAULT \"Default\""))
    }
}
