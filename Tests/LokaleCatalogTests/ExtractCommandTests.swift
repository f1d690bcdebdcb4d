import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `lokale extract` through the real CLI over real source files, and `Extractor.scan` directly.
struct ExtractCommandTests {
    let cli = CompileCommandTests()

    static let cSource = #"""
    #include "lokale.h"
    /* LOKALE_LOC(b, "commented.block", "x", NULL) is not code */
    // LOKALE_LOC(b, "commented.line", "x", NULL)
    static const char *decoy = "LOKALE_LOC(b, \"inside.literal\", \"x\", NULL)";
    void show(lokale_bundle *b, const char *var) {
        puts(LOKALE_LOC(b, "c.key", "C default", "C comment"));
        puts(LOKALE_LOC(b, "c.concat", "Hello, " "world\n", NULL));
        puts(LOKALE_LOC(b, u8"c.u8", "Tab\there \"quoted\" \x41", NULL));
        char c = '"';
        lokale_message m = lokale_message_make("c.make", NULL, "Make default");
        lokale_message n = lokale_message_make(var, NULL, NULL);
        puts(LOKALE_LOC_TABLE(b, "Menu", "menu.open", "Open", NULL));
        puts(lokale_bundle_text(b, "c.text", NULL));
    }
    """#

    static let cppSource = #"""
    #include "lokale.hpp"
    void f(const lokale::bundle &b) {
        auto a = b.string(lokale::message{"cpp.brace", "Brace default"});
        auto m = lokale::message("cpp.chain").with_default("Chained").with_comment("C++ comment");
        auto k = b.string("cpp.key");
        auto r = b.string(lokale::message("cpp.raw", R"x(raw "quoted" \n)x"));
    }
    """#

    static let pythonSource = #"""
    import lokale
    # b.string("commented", default="x")
    def show(b, n, name):
        print(b.string("py.key", default="Py default", comment="Py comment"))
        print(b.format("py.count", n, default="%lld files", table=None))
        print(_("Plain text"))
        print(b.string("py.concat", default="one " 'two'
                       " three"))
        print(b.string('py.triple', default="""Line one
    Line two"""))
        print(b.string("py.raw", default=r"C:\path\n"))
        print(b.string(f"py.{name}", default="x"))
        print("{} items".format("3"))
        print(b.string("py.escape", default="caf\u00e9 \x41"))
    """#

    static let swiftSource = #"""
    import SwiftUI
    /* nested /* Text("nested.comment") */ still comment Text("nested.comment2") */
    struct V: View {
        var name: String
        var body: some View {
            Text("Hello")
            Text(verbatim: "not localized")
            Text("Hi \(name), \(name.count)")
            let s = String(localized: "swift.key", defaultValue: "Swift default", comment: "Swift comment")
            let r = LocalizedStringResource("swift.res", defaultValue: "Resource", comment: "Res comment")
            let m = String(localized: "swift.multi", defaultValue: """
                First line
                  indented "quote"
                """)
            let raw = String(localized: "swift.raw", defaultValue: #"raw "quoted" \(notInterpolated)"#)
        }
    }
    """#

    func sources() -> String {
        let dir = Fixtures.temporaryDirectory("lokale-extract")
        Fixtures.write(Self.cSource, to: "src/app.c", in: dir)
        Fixtures.write(Self.cppSource, to: "src/view.cpp", in: dir)
        Fixtures.write(Self.pythonSource, to: "tool/tool.py", in: dir)
        Fixtures.write(Self.swiftSource, to: "ui/View.swift", in: dir)
        Fixtures.write("_(\"hidden\")", to: ".hidden/skip.py", in: dir)
        Fixtures.write("not code", to: "README.md", in: dir)
        return dir
    }

    @Test func scanFindsMessagesInEveryLanguage() throws {
        let dir = sources()
        let found = try Extractor.scanWithWarnings(paths: [dir])
        let byKey = Dictionary(found.messages.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(Set(byKey.keys) == [
            "c.key", "c.concat", "c.u8", "c.make", "menu.open", "c.text",
            "cpp.brace", "cpp.chain", "cpp.key", "cpp.raw",
            "py.key", "py.count", "Plain text", "py.concat", "py.triple", "py.raw", "py.escape",
            "Hello", "Hi %@, %@", "swift.key", "swift.res", "swift.multi", "swift.raw",
        ])
        #expect(byKey["c.key"] == ExtractedMessage(key: "c.key", defaultValue: "C default", comment: "C comment", file: dir + "/src/app.c", line: 6))
        #expect(byKey["c.concat"]?.defaultValue == "Hello, world\n")
        #expect(byKey["c.u8"]?.defaultValue == "Tab\there \"quoted\" A")
        #expect(byKey["c.make"]?.defaultValue == "Make default")
        #expect(byKey["menu.open"]?.table == "Menu")
        #expect(byKey["c.text"]?.table == nil && byKey["c.text"]?.defaultValue == nil)
        #expect(byKey["cpp.brace"]?.defaultValue == "Brace default")
        #expect(byKey["cpp.chain"]?.defaultValue == "Chained" && byKey["cpp.chain"]?.comment == "C++ comment")
        #expect(byKey["cpp.key"]?.defaultValue == nil)
        #expect(byKey["cpp.raw"]?.defaultValue == #"raw "quoted" \n"#)
        #expect(byKey["py.key"] == ExtractedMessage(key: "py.key", defaultValue: "Py default", comment: "Py comment", file: dir + "/tool/tool.py", line: 4))
        #expect(byKey["py.count"]?.defaultValue == "%lld files")
        #expect(byKey["Plain text"]?.defaultValue == nil)
        #expect(byKey["py.concat"]?.defaultValue == "one two three")
        #expect(byKey["py.triple"]?.defaultValue == "Line one\nLine two")
        #expect(byKey["py.raw"]?.defaultValue == #"C:\path\n"#)
        #expect(byKey["py.escape"]?.defaultValue == "café A")
        #expect(byKey["Hello"]?.line == 6)
        #expect(byKey["swift.key"]?.comment == "Swift comment")
        #expect(byKey["swift.res"]?.defaultValue == "Resource")
        #expect(byKey["swift.multi"]?.defaultValue == "First line\n  indented \"quote\"")
        #expect(byKey["swift.raw"]?.defaultValue == #"raw "quoted" \(notInterpolated)"#)
        // Swift interpolations become their types' specifiers (`name: String` → %@), with a warning
        // naming the place where the file does not state the type; Python f-strings are skipped.
        #expect(byKey["Hi %@, %@"]?.line == 8)
        let warnings = found.warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix(dir + "/ui/View.swift:8:29: warning: cannot tell the type of `name.count`") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix(dir + "/tool/tool.py:12: warning:") }, "\(warnings)")
        #expect(warnings.count == 2)
        #expect(!found.files.contains { $0.contains(".hidden") || $0.hasSuffix(".md") })
    }

    @Test func extractWritesANewCatalogAndIsIdempotent() throws {
        let dir = sources()
        let out = dir + "/Localizable.xcstrings"
        let r = try cli.run(["extract", dir + "/src", dir + "/tool", dir + "/ui", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("View.swift:8:29: warning: cannot tell the type of `name.count`; assumed %@"), "\(r.stderr)")
        #expect(r.stderr.contains("Menu: 1"), "\(r.stderr)")
        let (table, source) = try StringCatalogReader.read(path: out)
        #expect(source == "en")
        #expect(table.info["menu.open"] == nil)
        #expect(table.info["c.key"] == MessageInfo(comment: "C comment", extractionState: "extracted_with_value"))
        #expect(table.messages["en"]?["c.key"] == CatalogMessage(.text("C default"), state: "new"))
        // A key that is its own text gets no source entry, as Xcode writes it.
        #expect(table.info["Hello"] == MessageInfo())
        #expect(table.messages["en"]?["Hello"]?.isImplicit == true)
        let first = try Data(contentsOf: URL(fileURLWithPath: out))
        let again = try cli.run(["extract", dir + "/src", dir + "/tool", dir + "/ui", "-o", out])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == first)
        // --table picks another table from the same code.
        let menu = try cli.run(["extract", dir, "-o", dir + "/Menus.xcstrings", "--table", "Menu", "--source-language", "de"])
        #expect(menu.status == 0, "\(menu.stderr)")
        let (m, mSource) = try StringCatalogReader.read(path: dir + "/Menus.xcstrings")
        #expect(mSource == "de")
        #expect(m.keys == ["menu.open"])
        #expect(m.messages["de"]?["menu.open"]?.representativeText == "Open")
    }

    static let existing = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "changed" : {
          "extractionState" : "extracted_with_value",
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "new", "value" : "Old text" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Ancien texte" } }
          }
        },
        "gone" : {
          "localizations" : {
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Parti" } }
          }
        },
        "kept" : {
          "comment" : "Kept",
          "extractionState" : "extracted_with_value",
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "new", "value" : "Kept text" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Texte gardé" } }
          }
        },
        "manual.key" : {
          "extractionState" : "manual",
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "By hand" } }
          }
        },
        "manual.used" : {
          "extractionState" : "manual",
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Manual value" } }
          }
        }
      },
      "version" : "1.0"
    }
    """#

    @Test func updateKeepsTranslationsMarksStaleAndLeavesManualKeys() throws {
        let dir = Fixtures.temporaryDirectory("lokale-extract")
        let out = Fixtures.write(Self.existing, to: "Localizable.xcstrings", in: dir)
        let before = try StringCatalogReader.read(path: out).table
        Fixtures.write("""
        def f(b):
            b.string("kept", default="Kept text", comment="Kept")
            b.string("changed", default="New text")
            b.string("manual.used", default="Code value")
            b.string("added", default="Added text", comment="New one")
        """, to: "app.py", in: dir)
        let r = try cli.run(["extract", dir + "/app.py", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let (after, _) = try StringCatalogReader.read(path: out)
        #expect(after.messages["fr"]?["kept"] == before.messages["fr"]?["kept"])
        #expect(after.info["kept"] == before.info["kept"])
        #expect(after.messages["en"]?["changed"] == CatalogMessage(.text("New text"), state: "new"))
        #expect(after.messages["fr"]?["changed"] == CatalogMessage(.text("Ancien texte"), state: "needs_review"))
        #expect(after.info["gone"]?.extractionState == "stale")
        #expect(after.messages["fr"]?["gone"] == before.messages["fr"]?["gone"])
        for key in ["manual.key", "manual.used"] {
            #expect(after.info[key] == before.info[key])
            #expect(after.messages["en"]?[key] == before.messages["en"]?[key])
        }
        #expect(after.info["added"] == MessageInfo(comment: "New one", extractionState: "extracted_with_value"))
        #expect(after.messages["en"]?["added"] == CatalogMessage(.text("Added text"), state: "new"))
        #expect(r.stderr.contains("1 added"), "\(r.stderr)")
        #expect(r.stderr.contains("1 marked stale"), "\(r.stderr)")

        // The second run changes nothing; a key that comes back is no longer stale.
        let written = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(try cli.run(["extract", dir + "/app.py", "-o", out]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == written)
        Fixtures.write("b.string(\"gone\")\n", to: "more.py", in: dir)
        #expect(try cli.run(["extract", dir + "/app.py", dir + "/more.py", "-o", out]).status == 0)
        let revived = try StringCatalogReader.read(path: out).table
        #expect(revived.info["gone"]?.extractionState == nil)
        #expect(revived.messages["fr"]?["gone"] == before.messages["fr"]?["gone"])
    }

    @Test func conflictingDefaultsNameBothLocations() throws {
        let dir = Fixtures.temporaryDirectory("lokale-extract")
        Fixtures.write("b.string(\"k\", default=\"One\")\n", to: "a.py", in: dir)
        Fixtures.write("let s = String(localized: \"k\", defaultValue: \"Two\")\n", to: "b.swift", in: dir)
        let r = try cli.run(["extract", dir, "-o", dir + "/Localizable.xcstrings"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("\(dir)/b.swift:1: warning: key 'k'"), "\(r.stderr)")
        #expect(r.stderr.contains("\(dir)/a.py:1"), "\(r.stderr)")
        let (t, _) = try StringCatalogReader.read(path: dir + "/Localizable.xcstrings")
        #expect(t.messages["en"]?["k"]?.representativeText == "One")
    }

    @Test func badInputFailsAndWritesNothing() throws {
        let dir = Fixtures.temporaryDirectory("lokale-extract")
        let missing = try cli.run(["extract", dir + "/nope", "-o", dir + "/Localizable.xcstrings"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains(dir + "/nope: error: no such file"), "\(missing.stderr)")
        let bad = Fixtures.write("{ \"sourceLanguage\" : \"en\", \"strings\" : { ,} }", to: "Broken.xcstrings", in: dir)
        Fixtures.write("_(\"x\")", to: "a.py", in: dir)
        let r = try cli.run(["extract", dir + "/a.py", "-o", bad])
        #expect(r.status != 0)
        #expect(r.stderr.contains("Broken.xcstrings:1:"), "\(r.stderr)")
        #expect(try String(contentsOfFile: bad, encoding: .utf8).hasPrefix("{ \"sourceLanguage\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["Broken.xcstrings", "a.py"])
    }
}
