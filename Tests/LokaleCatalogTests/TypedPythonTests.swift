import LokaleCatalog
import Testing
import TestSupport

/// The Python module and stub `--emit-python` writes, from catalogs read by the real loader.
/// bindings/python/tests/test_typed.py imports what the real CLI writes, renders it through the
/// runtime and runs mypy on it; these check the text: names, literals, docstrings, determinism.
struct TypedPythonTests {
    static let catalog = """
        {
          "sourceLanguage": "en",
          "version": "1.0",
          "strings": {
            "class": {"comment": "A keyword of Python", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Class"}}}},
            "str": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Text"}}}},
            "item count": {},
            "item-count": {},
            "itemCount": {},
            "say \\"hi\\" \\\\ now\\nünï": {"comment": "Ends with \\"quotes\\"", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Say \\"hi\\""}}}},
            "%lld files in %@": {
              "comment": "Counts files.\\nTwo lines; a \\\\ and \\"\\"\\" too",
              "localizations": {"en": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld file in %@"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld files in %@"}}}}}}
            },
            "summary": {
              "localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@files@ for %2$@"},
                "substitutions": {"files": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"state": "translated", "value": "%arg file"}},
                  "other": {"stringUnit": {"state": "translated", "value": "%arg files"}}}}}}}}
            }
          }
        }
        """

    static let party = """
        {"@@locale": "en",
         "starts": "Starts {$when :datetime} with {$lokale} and {$class :integer}",
         "@starts": {"description": "When", "arguments": {"when": {"type": "datetime"}}},
         "plain": "Just {#b}text{/b}"}
        """

    static func generated(_ files: [(name: String, text: String)], identifier: String? = nil) throws -> (module: String, stub: String) {
        let dir = Fixtures.temporaryDirectory("lokale-typed-python")
        var bundle = try CatalogLoader.load(files.map { Fixtures.write($0.text, to: $0.name, in: dir) })
        if let identifier { bundle.identifier = identifier }
        return PythonModuleWriter.source(TypedCatalog(bundle), command: "lokale compile")
    }

    @Test func sameCatalogsSameBytes() throws {
        let files = [(name: "Localizable.xcstrings", text: Self.catalog), (name: "en.lproj/Party.mf2.json", text: Self.party)]
        let first = try Self.generated(files, identifier: "com.example.App")
        let second = try Self.generated(files.reversed(), identifier: "com.example.App")
        #expect(first.module == second.module)
        #expect(first.stub == second.stub)
    }

    @Test func keywordsBuiltinsAndCollisions() throws {
        let (module, stub) = try Self.generated([(name: "Localizable.xcstrings", text: Self.catalog),
                                                 (name: "none.xcstrings", text: Self.catalog)])
        // A keyword gets `_` after it; a name the class body reads (`str` in annotations) is taken.
        #expect(module.contains("    class_ = lokale.Message(\"class\""))
        #expect(module.contains("    str_2 = lokale.Message(\"str\""))
        // Colliding spellings are numbered in the keys' byte order: "item count" < "item-count" < "itemCount".
        #expect(module.contains("    item_count = lokale.Message(\"item count\""))
        #expect(module.contains("    item_count_2 = lokale.Message(\"item-count\""))
        #expect(module.contains("    item_count_3 = lokale.Message(\"itemCount\""))
        #expect(stub.contains("    item_count_3: ClassVar[lokale.Message]\n"))
        // The table `none` is the class None_, not the constant None.
        #expect(module.contains("\nclass None_:\n"))
        #expect(module.contains("__all__ = [\"BUNDLE\", \"Localizable\", \"None_\"]"))
    }

    @Test func literalsAndDocstringsKeepAnyText() throws {
        let (module, stub) = try Self.generated([(name: "Localizable.xcstrings", text: Self.catalog)])
        #expect(module.contains(#"    say_hi_now_uni = lokale.Message("say \"hi\" \\ now\nünï", default="Say \"hi\"", "#))
        // Only backslashes, and a quote before a quote, are escaped; the closing quotes of a
        // docstring of several lines stand on a line of their own.
        #expect(module.contains(#"    """Ends with "quotes"\#n\#n    Key `say "hi" \\ now\\nünï`; in en: "Say "hi\""\#n    """\#n"#))
        #expect(module.contains(#"        """Counts files.\#n        Two lines; a \\ and \"\"" too\#n"#))
        #expect(stub.contains(#"        """Counts files.\#n        Two lines; a \\ and \"\"" too\#n"#))
    }

    @Test func positionalArgumentsAreTypedKeywords() throws {
        let (module, stub) = try Self.generated([(name: "Localizable.xcstrings", text: Self.catalog)], identifier: "com.example.App")
        #expect(module.contains("BUNDLE: str | None = \"com.example.App\"\n"))
        let files = "    @staticmethod\n    def files_in(*, count: int, arg2: str) -> lokale.Message:\n"
        #expect(module.contains(files) && stub.contains(files))
        #expect(module.contains(#"return lokale.Message("%lld files in %@", default="%lld files in %@", table="Localizable", bundle=BUNDLE, args=(count, arg2))"#))
        // A message of substitutions has no default text: the key shows when the bundle is missing.
        #expect(module.contains(#"return lokale.Message("summary", default=None, table="Localizable", bundle=BUNDLE, args=(files, arg2))"#))
        #expect(!stub.contains("return lokale"))
        #expect(!module.contains("ClassVar") && !module.contains("datetime"))
    }

    @Test func namedArgumentsGoByTheirCatalogNames() throws {
        let (module, stub) = try Self.generated([(name: "en.lproj/Party.mf2.json", text: Self.party)])
        #expect(module.contains("BUNDLE: str | None = None\n"))
        // `lokale` and `class` would shadow the module and be a keyword: the parameters are renamed,
        // the names passed are the message's own.
        #expect(module.contains("    def starts(*, when: datetime.date, class_: int, lokale_2: str) -> lokale.Message:\n"))
        #expect(module.contains(#"named={"when": when, "class": class_, "lokale": lokale_2})"#))
        // An MF2 message without arguments is still formatted (its markup is syntax).
        #expect(module.contains("    def plain() -> lokale.Message:\n"))
        #expect(module.contains(#"default="Just {#b}text{/b}", table="Party", bundle=BUNDLE, named={})"#))
        #expect(module.contains("        - `when`: a moment (a datetime; a date is its midnight UTC)\n"))
        #expect(module.contains("if TYPE_CHECKING:\n    import datetime\n"))
        #expect(stub.contains("\nimport datetime\n"))
    }
}
