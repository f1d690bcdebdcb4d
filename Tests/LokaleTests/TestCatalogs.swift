import LokaleCore
import LokaleCatalog
import TestSupport

/// Real catalogs for the tests: String Catalogs (`.xcstrings` JSON) and `.strings` files written
/// to a temporary folder and compiled by the real loader and writer into `.lokale` files, which
/// the tests open with `LokaleRuntime.open` as a program would.

/// One localization's value in a String Catalog.
enum CatalogUnit {
    case text(String)
    /// Plural variants by CLDR category (`one`, `few`, `many`, `other`…).
    case plural([(String, String)])

    var json: String {
        switch self {
        case .text(let s):
            return #"{"stringUnit":{"state":"translated","value":\#(quote(s))}}"#
        case .plural(let cases):
            let members = cases.map { #"\#(quote($0.0)):{"stringUnit":{"state":"translated","value":\#(quote($0.1))}}"# }
            return #"{"variations":{"plural":{\#(members.joined(separator: ","))}}}"#
        }
    }
}

/// A String Catalog: keys with their localizations.
struct TestCatalog {
    var sourceLanguage = "en"
    private(set) var entries: [(key: String, localizations: [(String, CatalogUnit)])] = []

    init(sourceLanguage: String = "en") { self.sourceLanguage = sourceLanguage }

    mutating func add(_ key: String, _ localizations: [(String, CatalogUnit)]) {
        entries.append((key, localizations))
    }

    var json: String {
        let strings = entries.map { e in
            let locs = e.localizations.map { "\(quote($0.0)):\($0.1.json)" }.joined(separator: ",")
            return #"\#(quote(e.key)):{"localizations":{\#(locs)}}"#
        }
        return #"{"sourceLanguage":\#(quote(sourceLanguage)),"version":"1.0","strings":{\#(strings.joined(separator: ",\n"))}}"#
    }
}

/// A JSON string literal.
func quote(_ s: String) -> String { JSONText.quote(s) }

enum TestBundles {
    /// Writes each catalog as `<table>.xcstrings` in a new folder and compiles them into
    /// `<name>.lokale` there; returns the compiled file's path.
    static func compile(_ catalogs: [String: TestCatalog], name: String = "bundle", identifier: String? = nil,
                        mixed: Bool = false) throws -> String {
        let dir = Fixtures.temporaryDirectory("lokale-swift")
        let sources = catalogs.keys.sorted().map { Fixtures.write(catalogs[$0]!.json, to: "\($0).xcstrings", in: dir) }
        return try Fixtures.compile(sources, to: dir + "/\(name).lokale") { bundle in
            if let identifier { bundle.identifier = identifier }
            bundle.allowsMixedLocalizations = mixed
        }
    }

    /// The app of most tests: en (development), de, fr and pl in `Localizable`; en, de and fr in
    /// `Settings`.
    static let appCatalogs: [String: TestCatalog] = {
        var l = TestCatalog()
        l.add("Welcome", [("en", .text("Welcome")), ("de", .text("Willkommen")), ("fr", .text("Bienvenue")),
                          ("pl", .text("Witamy"))])
        l.add("Collection: %@", [("en", .text("Collection: %@")), ("de", .text("Sammlung: %@")),
                                 ("fr", .text("Collection : %@")), ("pl", .text("Kolekcja: %@"))])
        l.add("%lld items", [
            ("en", .plural([("one", "%lld item"), ("other", "%lld items")])),
            ("de", .plural([("one", "%lld Element"), ("other", "%lld Elemente")])),
            ("fr", .plural([("one", "%lld élément"), ("other", "%lld éléments")])),
            ("pl", .plural([("one", "%lld element"), ("few", "%lld elementy"), ("many", "%lld elementów"),
                            ("other", "%lld elementu")])),
        ])
        l.add("%lld items in %@", [("en", .text("%lld items in %@")), ("de", .text("%lld Elemente in %@")),
                                   ("fr", .text("%lld éléments dans %@"))])
        l.add("summary.item-count", [
            ("en", .plural([("one", "%lld item"), ("other", "%lld items")])),
            ("de", .plural([("one", "%lld Element"), ("other", "%lld Elemente")])),
        ])
        l.add("Average: %lf", [("en", .text("Average: %lf")), ("de", .text("Durchschnitt: %lf")),
                               ("fr", .text("Moyenne : %lf"))])
        l.add("Sample Set", [("en", .text("Sample Set")), ("de", .text("Beispielsatz"))])
        l.add("only.english", [("en", .text("English only"))])
        // Stable keys whose texts do not fit what callers pass: a string specifier for a number,
        // a second value never passed, a number specifier for a string.
        l.add("count.label", [("en", .text("%@ things")), ("de", .text("%@ Dinge"))])
        l.add("greeting.pair", [("en", .text("Hello %@ and %@")), ("de", .text("Hallo %@ und %@"))])
        l.add("name.count", [("en", .text("%lld names")), ("de", .text("%lld Namen"))])
        var s = TestCatalog()
        s.add("settings.title", [("en", .text("Settings")), ("de", .text("Einstellungen")), ("fr", .text("Réglages"))])
        return ["Localizable": l, "Settings": s]
    }()

    static func app(identifier: String = "com.example.app", mixed: Bool = false) throws -> String {
        try compile(appCatalogs, name: "App", identifier: identifier, mixed: mixed)
    }

    /// A bundle read from `.lproj` folders of `.strings` files: en (development) and de.
    static func stringsApp() throws -> String {
        let dir = Fixtures.temporaryDirectory("lokale-swift-strings")
        Fixtures.write("""
            /* The collection's title. */
            "Collection: %@" = "Collection: %@";
            "Welcome" = "Welcome";
            "%lld items in %@" = "%1$lld items in %2$@";
            """, to: "en.lproj/Localizable.strings", in: dir)
        Fixtures.write("""
            "Collection: %@" = "Sammlung: %@";
            "Welcome" = "Willkommen";
            // German puts the collection first.
            "%lld items in %@" = "In %2$@: %1$lld Elemente";
            """, to: "de.lproj/Localizable.strings", in: dir)
        return try Fixtures.compile([dir + "/en.lproj", dir + "/de.lproj"], to: dir + "/Strings.lokale") {
            $0.identifier = "com.example.strings"
        }
    }
}
