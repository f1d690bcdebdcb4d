import Foundation
import LokaleCatalog
import Testing
import TestSupport

/// `lokale extract` on Swift string interpolation: each `\(x)` becomes the specifier of its type,
/// as `String.LocalizationValue` makes the key Xcode extracts; where the file does not state the
/// type, `%@` and a warning naming file:line:column.
struct SwiftInterpolationExtractTests {
    let cli = CompileCommandTests()

    func extract(_ source: String, file: String = "V.swift") -> Extractor.Result {
        Extractor.extract(Array(source.utf8), kind: .swift, file: file)
    }

    /// The keys found, in order.
    func keys(_ source: String) -> [String] { extract(source).messages.map(\.key) }

    /// 1-based line and byte column of the first `needle` in `source`.
    func position(of needle: String, in source: String) -> (line: Int, column: Int) {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (n, line) in lines.enumerated() {
            if let r = line.range(of: needle) { return (n + 1, line.utf8.distance(from: line.startIndex, to: r.lowerBound) + 1) }
        }
        Issue.record("\(needle) not in the source")
        return (0, 0)
    }

    static let typeSpecifiers: [(String, String)] = [
        ("Int", "%lld"), ("Int64", "%lld"), ("Int32", "%d"), ("Int16", "%d"), ("Int8", "%d"),
        ("UInt", "%llu"), ("UInt64", "%llu"), ("UInt32", "%u"), ("UInt16", "%u"), ("UInt8", "%u"),
        ("Double", "%lf"), ("CGFloat", "%lf"), ("Float", "%f"),
        ("String", "%@"), ("Substring", "%@"), ("Character", "%@"), ("Date", "%@"), ("Swift.Int", "%lld"),
    ]

    @Test(arguments: typeSpecifiers)
    func eachDeclaredTypeHasApplesSpecifier(type: String, specifier: String) {
        let found = extract("""
        func show(value: \(type)) -> String {
            String(localized: "Value: \\(value)!")
        }
        """)
        #expect(found.messages.map(\.key) == ["Value: \(specifier)!"])
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func literalsHaveTheirTypes() {
        let found = extract(#"""
        let a = Text("\(2) int \(-3) negative \(0x1F) hex \(1_000) grouped")
        let b = Text("\(0.5) double \(1e3) exponent \(-2.5) negative \(0x1p4) hex float")
        let c = Text("\("text") string \("nested \(1)") interpolated")
        """#)
        #expect(found.messages.map(\.key) == [
            "%lld int %lld negative %lld hex %lld grouped",
            "%lf double %lf exponent %lf negative %lf hex float",
            "%@ string %@ interpolated",
        ])
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    static let declarations = #"""
    import SwiftUI
    struct Shelf: View {
        @State private var itemCount = 2
        private let collectionLabel: String
        private let title = "Sample Set"
        let ratio = 0.5
        var weight: Double
        var body: some View {
            Text("\(itemCount) items in \(collectionLabel)")
            Text("\(title) at \(ratio) weighs \(self.weight)")
        }
        func row(count: Int, name: String, _ n: UInt, label l: Int32) -> LocalizedStringResource {
            LocalizedStringResource("row", defaultValue: "\(count) of \(name), \(n) left, \(l) in total")
        }
        func parsed(_ text: String, x: Float) -> String {
            let n = Int(text) ?? 0
            let d = Double(x)
            let s = String(describing: x)
            let total: Int64 = 12
            var later: Float
            return String(localized: "parsed", defaultValue: "\(n) \(d) \(s) \(total) \(later) \(x)")
        }
    }
    """#

    @Test func declaredTypesInitializersAndLiteralValuesAreRead() {
        let found = extract(Self.declarations)
        #expect(found.messages.map(\.key) == ["%lld items in %@", "%@ at %lf weighs %lf", "row", "parsed"])
        #expect(found.messages[2].defaultValue == "%lld of %@, %llu left, %d in total")
        #expect(found.messages[3].defaultValue == "%lld %lf %@ %lld %f %f")
        #expect(found.messages.map(\.line) == [9, 10, 13, 21])
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func initializerCallsAndCastsInTheInterpolationItself() {
        let found = extract(#"""
        func f(s: String, y: Any) {
            _ = Text("\(Int(s) ?? 0) \(Int(s)!) \(UInt8(7)) \(y as Double) \(Text("x")) \(Double(s))")
        }
        """#)
        // `Int(s) ?? 0` is not an initializer call alone: not read. `Double(s)` is read as a Double.
        // The `Text("x")` inside is a message of its own (code in an interpolation is code).
        #expect(found.messages.map(\.key) == ["%@ %@ %u %lf %@ %lf", "x"])
        #expect(found.warnings.map(\.message) == ["Int(s) ?? 0", "Int(s)!"].map {
            "cannot tell the type of `\($0)`; assumed %@ — annotate its type or use Message(...defaultValue:)"
        })
    }

    @Test func theLastDeclarationBeforeTheUseWinsElseOneAfterIt() {
        let found = extract(#"""
        func a() -> String {
            let value = 1
            return String(localized: "a \(value)")
        }
        func b() -> String {
            let value = "text"
            return String(localized: "b \(value) \(laterOne)")
        }
        let laterOne = 2.5
        """#)
        #expect(found.messages.map(\.key) == ["a %lld", "b %@ %lf"])
        #expect(found.warnings.isEmpty)
    }

    @Test func unknownTypesAreTextWithAWarningAtTheExpression() throws {
        let source = #"""
        struct V {
            var model: Model
            func f(items: [Item]) -> String {
                let computed = model.total()
                return String(localized: "x", defaultValue: "\(model.count) of \(computed) for \(undeclared) (\(items.count))")
            }
        }
        """#
        let found = extract(source)
        #expect(found.messages.map(\.defaultValue) == ["%@ of %@ for %@ (%@)"])
        let expected = ["model.count", "computed", "undeclared", "items.count"].map { expr in
            let (line, column) = position(of: "\\(\(expr))", in: source)
            return "V.swift:\(line):\(column + 2): warning: cannot tell the type of `\(expr)`; assumed %@ — annotate its type or use Message(...defaultValue:)"
        }
        #expect(found.warnings.map(\.description) == expected)
        #expect(found.warnings.first?.line == 5 && found.warnings.first?.column == 56)
    }

    @Test func percentSignsAreDoubledOnlyInInterpolatedLiterals() {
        #expect(keys(#"""
        func f(p: Int) {
            _ = Text("\(p)% done, 100% sure")
            _ = Text("100% sure")
            _ = String(localized: "k", defaultValue: "\(p)%")
        }
        """#) == ["%lld%% done, 100%% sure", "100% sure", "k"])
        #expect(extract(#"func f(p: Int) { _ = String(localized: "k", defaultValue: "\(p)%") }"#).messages.first?.defaultValue == "%lld%%")
    }

    @Test func theTokenizerReadsNestedParenthesesLiteralsAndComments() {
        let found = extract(#"""
        func f(a: Int, b: Int, flag: Bool, name: String) {
            _ = Text("max \(max(a, (b))) then \(flag ? "a)" : "(b") end \(name /* ) */) \(a)")
            _ = Text("after")
        }
        """#)
        #expect(found.messages.map(\.key) == ["max %@ then %@ end %@ %lld", "after"])
        #expect(found.warnings.map(\.message).map { $0.prefix(34) } == [
            "cannot tell the type of `max(a, (b", "cannot tell the type of `flag ? \"a",
        ])
        // The expression is quoted as written; the comment inside it is part of it.
        #expect(found.warnings.first?.message.contains("`max(a, (b))`") == true)
    }

    @Test func multilineRawAndEscapedLiterals() {
        let found = extract(####"""
        func f(count: Int, name: String) {
            _ = String(localized: "multi", defaultValue: """
                \(count) items
                  for \(
                    name
                ) "quoted"\
                 joined
                """)
            _ = Text(#"raw \#(count) "quoted" \(notInterpolated) \d"#)
            _ = Text(##"two \##(name) \#(not)"##)
            _ = Text("tab\t\(count)\nline \"q\" \\ \u{1F600} \u{E9}")
        }
        """####)
        #expect(found.messages.map(\.key) == [
            "multi", #"raw %lld "quoted" \(notInterpolated) \d"#, ##"two %@ \#(not)"##, "tab\t%lld\nline \"q\" \\ 😀 é",
        ])
        #expect(found.messages.first?.defaultValue == "%lld items\n  for %@ \"quoted\" joined")
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func formatArgumentsUseOnlyAGivenSpecifier() {
        let source = #"""
        func f(x: Double, value: Int) {
            _ = Text("\(x, specifier: "%.2f") km, \(value, format: .number) steps")
        }
        """#
        let found = extract(source)
        #expect(found.messages.map(\.key) == ["%.2f km, %@ steps"])
        let (line, column) = position(of: "value, format", in: source)
        #expect(found.warnings.map(\.description) == [
            "V.swift:\(line):\(column): warning: cannot tell the specifier of `value, format: .number`; assumed %@ — only `specifier: \"…\"` is read",
        ])
    }

    @Test func theCallsThatCarryMessages() {
        let found = extract(#"""
        import Lokale
        func f(name: String, count: Int, key: String) {
            _ = String(localized: "s.key", defaultValue: "\(count) files", table: "Files", comment: "S comment")
            _ = String(localized: "\(count) songs")
            _ = LocalizedStringResource("r.key", defaultValue: "\(name)!", table: "Res", comment: "R comment")
            _ = LocalizedStringResource("literal \(count)")
            _ = Text("Hi \(name)", tableName: "Greetings", comment: "T comment")
            _ = Message("m.key", defaultValue: "\(count) items", table: "T", comment: "M comment")
            _ = Message("Collection: \(name)")
            _ = Lokale.Message("Qualified \(count)")
            _ = Message(verbatim: "never \(name)")
            _ = Message(key)
            _ = Text(verbatim: "exact")
            _ = SummaryLabel(key: "Collection: \(name)")
            _ = label("plain")
            _ = NSLocalizedString("ns.key", value: "NS value", comment: "NS comment")
            _ = NSLocalizedString("Hello \(name)", comment: "")
            _ = String(localized: "t.key", table: "T\(count)")
        }
        """#)
        #expect(found.messages == [
            ExtractedMessage(key: "s.key", table: "Files", defaultValue: "%lld files", comment: "S comment", file: "V.swift", line: 3),
            ExtractedMessage(key: "%lld songs", file: "V.swift", line: 4),
            ExtractedMessage(key: "r.key", table: "Res", defaultValue: "%@!", comment: "R comment", file: "V.swift", line: 5),
            ExtractedMessage(key: "literal %lld", file: "V.swift", line: 6),
            ExtractedMessage(key: "Hi %@", table: "Greetings", comment: "T comment", file: "V.swift", line: 7),
            ExtractedMessage(key: "m.key", table: "T", defaultValue: "%lld items", comment: "M comment", file: "V.swift", line: 8),
            ExtractedMessage(key: "Collection: %@", file: "V.swift", line: 9),
            ExtractedMessage(key: "Qualified %lld", file: "V.swift", line: 10),
            ExtractedMessage(key: "ns.key", defaultValue: "NS value", comment: "NS comment", file: "V.swift", line: 16),
        ])
        // NSLocalizedString takes a String: its interpolation is done before the lookup.
        #expect(found.warnings.map(\.description) == [
            "V.swift:17: warning: NSLocalizedString(…): the key is an interpolated string literal; not extracted",
            "V.swift:18: warning: String(…): the table is an interpolated string literal; not extracted",
        ])
    }

    /// The seeds' SummaryLabel sample (002), with `Text("Collection: \(collectionLabel)")` added:
    /// `SummaryLabel(key:)` is the app's own initializer, which extraction cannot know.
    static let summaryLabel = #"""
    import Foundation
    import SwiftUI
    struct SummaryLabel: View {
        private let text: Text
        init(localized resource: LocalizedStringResource) {
            text = Text(resource)
        }
        init(key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
            text = Text(key, tableName: tableName, bundle: bundle, comment: comment)
        }
        init(verbatim value: String) {
            text = Text(verbatim: value)
        }
        init(text: Text) {
            self.text = text
        }
        var body: some View {
            text.font(.callout).padding(8)
        }
    }
    struct ContentView: View {
        @State private var itemCount = 2
        private let collectionLabel = "Sample Set"
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Stepper(value: $itemCount, in: 0...12) {
                    Text("Item count")
                }
                SummaryLabel(
                    localized: LocalizedStringResource(
                        "summary.item-count",
                        defaultValue: "\(itemCount) items",
                        comment: "Summary below the item-count control. The integer is the number of items."
                    )
                )
                SummaryLabel(
                    key: "Collection: \(collectionLabel)"
                )
                SummaryLabel(text: Text("Collection: \(collectionLabel)"))
                SummaryLabel(verbatim: collectionLabel)
                SummaryLabel(
                    text: Text(
                        "Preview",
                        comment: "Heading for a preview of the current item selection."
                    ).bold()
                )
            }
            .padding(20)
            .frame(minWidth: 320)
        }
    }
    """#

    @Test func theSeedsSummaryLabel() {
        let found = extract(Self.summaryLabel, file: "ContentView.swift")
        #expect(found.messages == [
            ExtractedMessage(key: "Item count", file: "ContentView.swift", line: 27),
            ExtractedMessage(key: "summary.item-count", defaultValue: "%lld items",
                             comment: "Summary below the item-count control. The integer is the number of items.",
                             file: "ContentView.swift", line: 30),
            ExtractedMessage(key: "Collection: %@", file: "ContentView.swift", line: 39),
            ExtractedMessage(key: "Preview", comment: "Heading for a preview of the current item selection.",
                             file: "ContentView.swift", line: 42),
        ])
        #expect(found.warnings.isEmpty, "\(found.warnings)")
    }

    @Test func theCLIWritesXcodesKeysAndWarnsWithFileLineAndColumn() throws {
        let dir = Fixtures.temporaryDirectory("lokale-extract-swift")
        let source = #"""
        import SwiftUI
        struct Inventory: View {
            @State private var itemCount = 2
            let shelf: String
            var body: some View {
                Text("\(itemCount) items in \(shelf)")
                Text(LocalizedStringResource("weight", defaultValue: "\(store.weight) kg, 100%", comment: "Weight"))
            }
        }
        """#
        let file = Fixtures.write(source, to: "Sources/Inventory.swift", in: dir)
        Fixtures.write(Self.summaryLabel, to: "Sources/ContentView.swift", in: dir)
        let out = dir + "/Localizable.xcstrings"
        let r = try cli.run(["extract", dir + "/Sources", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let (line, column) = position(of: "store.weight", in: source)
        #expect((line, column) == (7, 65))
        let warning = "\(file):7:65: warning: cannot tell the type of `store.weight`; assumed %@ — annotate its type or use Message(...defaultValue:)"
        #expect(r.stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning:") } == [warning], "\(r.stderr)")

        // The catalog, read as plain JSON: Xcode's keys, the defaults' specifiers as written.
        let json = try JSONValue.read(out)
        let strings = try #require(json["strings"]?.object)
        #expect(Set(strings.keys) == ["%lld items in %@", "weight", "Item count", "summary.item-count", "Collection: %@", "Preview"])
        #expect(strings["%lld items in %@"] == .object([:]))
        #expect(strings["Collection: %@"] == .object([:]))
        #expect(strings["weight"]?["localizations"]?["en"]?["stringUnit"]?["value"]?.string == "%@ kg, 100%%")
        #expect(strings["summary.item-count"]?["localizations"]?["en"]?["stringUnit"]?["value"]?.string == "%lld items")
        #expect(strings["summary.item-count"]?["extractionState"]?.string == "extracted_with_value")

        // Extraction is stable: a second run writes the same bytes.
        let first = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(try cli.run(["extract", dir + "/Sources", "-o", out]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == first)
    }

    @Test func damagedAndDeeplyNestedInterpolationsEndQuickly() {
        // Every prefix of a real source (cut inside literals and interpolations) is read without
        // a crash, and keys whose types are declared before their use are found unchanged.
        let bytes = Array(Self.summaryLabel.utf8)
        let all = Set(extract(Self.summaryLabel).messages.map(\.key))
        for n in stride(from: 0, to: bytes.count, by: 7) {
            let keys = Set(Extractor.extract(Array(bytes[..<n]), kind: .swift, file: "f").messages.map(\.key))
            #expect(keys.isSubset(of: all), "prefix \(n): \(keys.subtracting(all))")
        }
        // Each level is read once (no re-reading per level), so 100 levels take no time.
        let deep = "Text(\"" + String(repeating: "\\(\"", count: 100) + "x" + String(repeating: "\")", count: 100) + "\")"
        #expect(keys(deep) == ["%@"])
        let unclosed = "Text(\"a \\(f(\"b \\(x\nText(\"next\")"
        #expect(keys(unclosed) == ["next"])
    }
}
