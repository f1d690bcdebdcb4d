import Foundation
import LokaleCatalog
import Testing
import TestSupport

/// Every literal Lokale receives as a `Message` is extracted — by tokens
/// (LokaleBundle's lookups, the scanned code's own functions with `Message` parameters,
/// `let x: Message = "…"`), and with the real compiler (`--swift-build-path`, `--swiftc-flags`)
/// wherever the compiler types a literal as one, with the exact type of each value.
struct SwiftMessageSitesExtractTests {
    let cli = CompileCommandTests()
    /// This package's SwiftPM build (the tests run from it), whose manifest compiles `Lokale`.
    static let build = Fixtures.packageRoot + "/.build"
    static let hasBuild = FileManager.default.fileExists(atPath: build + "/debug.yaml")

    func scan(_ files: [String: String], compiler: SwiftTypeCheck? = nil) throws -> Extractor.Result {
        let dir = Fixtures.temporaryDirectory("lokale-sites")
        for (name, source) in files { Fixtures.write(source, to: name, in: dir) }
        return try Extractor.scanWithWarnings(paths: [dir], compiler: compiler)
    }

    /// The documented idioms of docs/SWIFT.md, as a new user writes them.
    static let documented = #"""
    import Lokale

    let bundle = LokaleBundle.module
    let name = "Sample Set", count = 3
    print(bundle.string("Collection: \(name)"))
    print(bundle.string("\(count) items in \(name)"))
    print(bundle.string(Message("summary.item-count", defaultValue: "\(count) items",
                                comment: "Summary below the item-count control.")))
    print(bundle.string(Message("Preview", table: "Panels")))
    let title: Message = "Title for \(name)"
    print(bundle.explain("Why \(count)").text, bundle.parts("Styled", [:]), bundle.string("Hi", languages: ["fr"]))
    """#

    @Test func theDocumentedIdiomsAreFoundByTokens() throws {
        let found = try scan(["App/main.swift": Self.documented])
        #expect(found.messages.map(\.key) == [
            "Collection: %@", "%lld items in %@", "summary.item-count", "Preview", "Title for %@", "Why %lld", "Styled", "Hi",
        ])
        #expect(found.messages.first { $0.key == "Preview" }?.table == "Panels")
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    /// The seeds' reusable label: the initializer is declared in one file (a library), called in
    /// another; each `Message` parameter of a function is a message, by label or position.
    @Test func theProgramsOwnFunctionsWithMessageParameters() throws {
        let found = try scan([
            "Kit/SummaryLabel.swift": """
            import Lokale
            public struct SummaryLabel {
                public init(key: Message, bundle: LokaleBundle? = nil) {}
                public init(verbatim value: String) {}
                public init?(title: Lokale.Message, detail: Message.Value?, _ count: Int) {}
            }
            extension Lokale.LokaleBundle { func row(_ head: Message, _ tail: Message, note: String) {} }
            func caption<T>(_ value: T, for m: Message) {}
            """,
            "App/main.swift": #"""
            let collectionLabel = "Sample Set"
            _ = SummaryLabel(key: "Collection: \(collectionLabel)")
            _ = SummaryLabel(verbatim: "Never looked up")
            _ = SummaryLabel(title: "Title", detail: "Detail \(2.5)", 3)
            bundle.row("Head", "Tail", note: "not a message")
            caption(1, for: "Caption")
            _ = SummaryLabel(key: collectionLabel)
            """#,
        ])
        #expect(found.messages.map(\.key) == ["Collection: %@", "Title", "Detail %lf", "Head", "Tail", "Caption"])
        #expect(found.messages.allSatisfy { $0.file.hasSuffix("App/main.swift") })
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func onlyWhatIsAMessageByTokens() throws {
        let found = try scan(["A.swift": #"""
        let a: Message = "Declared", b: String = "text"
        var c: Message.Value? = "Optional value"
        let d: Message = "joined" + suffix
        let e: [Message] = ["In an array"]
        defaults.string(forKey: "labeled.key")
        let f = "\(x)".string("on a literal")
        func declared(_ m: Message = "Default argument") {}
        """#])
        // A default argument is no call: the compiler finds it (below); an array element neither.
        #expect(found.messages.map(\.key) == ["Declared", "Optional value"])
    }

    /// `let name = "Sample Set", count = 3` declares both (the documented idiom's own line).
    @Test func everyBindingOfADeclarationHasItsType() throws {
        let found = try scan(["A.swift": #"""
        let name = "Sample Set", count = 3, ratio: Double = f(), (p, q) = (1, 2)
        var total = 0,
            share = 0.5
        let m: Message = "\(name) \(count) \(ratio) \(total) \(share)"
        """#])
        #expect(found.messages.map(\.key) == ["%@ %lld %lf %lld %lf"])
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    /// Where tokens cannot tell, the compiler can: a member's type, a subscript, a default argument,
    /// a `.string(…)` that is not Lokale's.
    static let onlyTheCompilerKnows = #"""
    import Lokale

    struct Model { var count = 0; var weight: Double { 2.0 } }
    struct Labels { subscript(_ m: Message) -> String { m.key } }
    struct JSON { func string(_ k: String) -> String { k } }
    func defaulted(_ m: Message = "Default argument") -> String { m.key }

    func show(_ bundle: LokaleBundle, model: Model) {
        print(bundle.string("Model \(model.count) weighs \(model.weight) \(true)"))
        print(Labels()["Subscripted \(model.count)"])
        print(JSON().string("not.a.message"))
        print(bundle.string("Rate \(model.weight, specifier: "%.1f")"))
        let dynamicKey = "key.\(model.count)"
        print(bundle.string(Message(dynamicKey, defaultValue: "A default value is no key \(model.count)")))
    }
    """#

    @Test(.enabled(if: hasBuild, "no SwiftPM debug build at .build"))
    func theCompilerTypesWhatTokensCannot() throws {
        let files = ["Loose/Typed.swift": Self.onlyTheCompilerKnows]
        let tokens = try scan(files)
        #expect(tokens.messages.map(\.key) == ["Model %@ weighs %@ %@", "not.a.message", "Rate %.1f"])
        #expect(tokens.warnings.map(\.line) == [9, 9, 9])

        // A file no module of the build compiles is a module of its own that imports the build's.
        let typed = try scan(files, compiler: SwiftTypeCheck(buildPath: Self.build))
        #expect(typed.compilerProblems.isEmpty, "\(typed.compilerProblems)")
        #expect(typed.compilerNotes.count == 1 && typed.compilerNotes[0].contains("module main"), "\(typed.compilerNotes)")
        #expect(typed.messages.map(\.key) == ["Default argument", "Model %lld weighs %lf %@", "Subscripted %lld", "Rate %.1f"])
        #expect(typed.warnings.isEmpty, "\(typed.warnings)")
    }

    @Test func whenTheCompilerCannotTheTokensStillAnswer() throws {
        let files = ["A.swift": "import Lokale\nlet n = 2\nprint(bundle.string(\"Count \\(n)\"))\n"]
        let noBuild = try scan(files, compiler: SwiftTypeCheck(buildPath: "/nonexistent/.build"))
        #expect(noBuild.compilerProblems.count == 1 && noBuild.compilerProblems[0].contains("no SwiftPM build manifest"))
        #expect(noBuild.messages.map(\.key) == ["Count %lld"])

        // Without the module's path the real compiler fails; its error is reported, cut short.
        let noModule = try scan(files, compiler: SwiftTypeCheck(flags: ["-I", "/nonexistent"]))
        #expect(noModule.compilerProblems.count == 1, "\(noModule.compilerProblems)")
        #expect(noModule.compilerProblems.first?.contains("cannot type-check module main: ") == true)
        #expect(noModule.compilerProblems.first?.contains("no such module 'Lokale'") == true, "\(noModule.compilerProblems)")
        #expect(noModule.messages.map(\.key) == ["Count %lld"])

        let noCompiler = try scan(files, compiler: SwiftTypeCheck(flags: [], swiftc: "/nonexistent/swiftc"))
        #expect(noCompiler.compilerProblems == ["cannot run /nonexistent/swiftc; module main was read without the compiler"])
    }

    @Test(.enabled(if: hasBuild, "no SwiftPM debug build at .build"))
    func theCLIRunsTheCompilerAndSaysSo() throws {
        let dir = Fixtures.temporaryDirectory("lokale-extract-typed")
        Fixtures.write(Self.onlyTheCompilerKnows, to: "Sources/Typed.swift", in: dir)
        let out = dir + "/Localizable.xcstrings"
        let r = try cli.run(["extract", dir + "/Sources", "-o", out, "--swift-build-path", Self.build + "/debug"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("lokale: note: type-checked 1 of the 1 files of module main with "), "\(r.stderr)")
        #expect(!r.stderr.contains("warning"), "\(r.stderr)")
        let catalog = try String(contentsOfFile: out, encoding: .utf8)
        for key in ["Default argument", "Model %lld weighs %lf %@", "Subscripted %lld", "Rate %.1f"] {
            #expect(catalog.contains("\"\(key)\""), "\(key)")
        }
        let bad = try cli.run(["extract", dir + "/Sources", "-o", out, "--swiftc-flags", "-I /nonexistent"])
        #expect(bad.status == 0)
        #expect(bad.stderr.contains("lokale: warning: the compiler cannot type-check module main: "), "\(bad.stderr)")
    }
}

extension SwiftMessageSitesExtractTests {
    /// The example's window builds its lines as `"\(SummaryLabel(key: "Collection: \(name)"))"`:
    /// the code inside an interpolation is code, and its messages are found in file order.
    @Test func messagesInsideAnotherLiteralsInterpolation() throws {
        let found = try scan(["A.swift": #"""
        lines.append("\(SummaryLabel(localized: Message("Language: \(language)", comment: "The language."), bundle: bundle))")
        lines.append("\(bundle.string("Preview")) and \("\(bundle.string("Nested \(2)"))")")
        let after = Message("After")
        """#])
        #expect(found.messages.map(\.key) == ["Language: %@", "Preview", "Nested %lld", "After"])
        #expect(found.messages.map(\.line) == [1, 2, 2, 3])
    }
}

extension SwiftMessageSitesExtractTests {
    /// `--declarations`: a library's functions are read, its own messages are not extracted (the
    /// example's SummaryDemo catalog, extracted alone, with SummaryKit's `SummaryLabel(key:)`).
    @Test func declarationsFromALibraryAreReadNotExtracted() throws {
        let example = Fixtures.packageRoot + "/examples/SummaryLabel/Sources"
        let alone = try Extractor.scanWithWarnings(paths: [example + "/SummaryDemo"])
        #expect(!alone.messages.map(\.key).contains("Collection: %@"))
        let found = try Extractor.scanWithWarnings(paths: [example + "/SummaryDemo"], declarations: [example + "/SummaryKit"])
        // (summary.item-count is used through its generated accessor: `AccessorUses`, not a literal.)
        #expect(found.messages.map(\.key) == ["Language: %@", "Collection: %@", "Preview"])
        #expect(found.warnings.isEmpty, "\(found.warnings)")
        #expect(found.files == [example + "/SummaryDemo/main.swift"])
    }
}
