#if canImport(Glibc)
import Glibc
#endif
import CTable
import LokaleCatalog
import LokaleCore
import TestSupport
import Testing

/// `lk_plan_format` (CTable) renders the common case of lokale_bundle_format in C. Whatever it
/// renders must be byte for byte what the Swift renderer gives; whatever it cannot, it must
/// decline. Checked for every key, language, device and argument set of the generated catalog
/// (plurals, devices, substitutions, specifiers it does not handle), counts around every plural
/// boundary, and a localization with non-ASCII digits.
@Suite struct FormatFastPathTests {
    /// C arguments for `arguments`, with string arguments copied to C memory for `body`.
    static func withCArguments<R>(_ arguments: [FormatArgument], _ body: ([lk_arg]) throws -> R) rethrows -> R {
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        let args = arguments.map { a -> lk_arg in
            var c = lk_arg()
            switch a {
            case .int(let v): c.type = 1; c.value.i = v
            case .uint(let v): c.type = 2; c.value.u = v
            case .double(let v): c.type = 3; c.value.d = v
            case .string(let s):
                let p = strdup(s)!
                strings.append(p)
                c.type = 4; c.value.s.ptr = UnsafePointer(p); c.value.s.len = -1
            }
            return c
        }
        return try body(args)
    }

    /// What the C path gives for (table, key, arguments) in the bundle's current plan: nil when it
    /// declines.
    static func fast(_ bundle: Bundle, table: String, key: String, _ arguments: [FormatArgument], capacity: Int = 4096) -> [UInt8]? {
        let plan = UnsafePointer<lk_plan>(bundle.currentPlan)!
        let device = UInt32(bundle.runtime.deviceClass.rawIndex)
        let t = table.withCString { lk_plan_table_index(plan, $0, strlen($0)) }
        return withCArguments(arguments) { args in
            var buffer = [CChar](repeating: 0x7F, count: capacity)
            var length = 0
            let status = key.withCString { k in
                args.withUnsafeBufferPointer { a in
                    lk_plan_format(plan, t, device, k, strlen(k), a.baseAddress, a.count, &buffer, buffer.count, &length)
                }
            }
            guard status == LK_ANSWERED else { return nil }
            #expect(length < capacity && buffer[length] == 0)
            return buffer.prefix(length).map { UInt8(bitPattern: $0) }
        }
    }

    static let counts: [FormatArgument] = (0...30).map { .int(Int64($0)) } + [
        .int(101), .int(111), .int(112), .int(999), .int(1000), .int(-1), .uint(5), .uint(UInt64.max),
        .double(2), .double(2.5), .double(-0.0), .double(.nan), .string("1.0"), .string("3"),
    ]

    @Test func rendersWhatSwiftRendersAndDeclinesTheRest() throws {
        let table = try GeneratedCatalog.bytes.withUnsafeBytes { raw throws(LokaleError) in
            try CompiledTable(file: MappedFile(copying: raw), verifyPayload: true)
        }
        let runtime = Runtime(preferredLanguages: ["en"])
        let bundle = try runtime.adopt(table, main: true)
        var rendered = 0, declined = 0
        var renderedPlurals = Set<String>()
        for device in [DeviceClass.mac, .iphone, .ipad] {
            runtime.deviceClass = device
            for language in table.localizations + ["xx"] {
                runtime.preferredLanguages = [language, "en"]
                for (name, keys) in GeneratedCatalog.keys {
                    for key in keys + ["missing.\(name)"] {
                        for args in GeneratedCatalog.argumentSets + Self.counts.map({ [$0, .int(2)] }) {
                            let swift = try bundle.format(key, table: name, arguments: args)
                            guard let c = Self.fast(bundle, table: name, key: key, args) else { declined += 1; continue }
                            #expect(c == swift.bytes, "\(device) \(language) \(name) \(key) \(args): C '\(String(decoding: c, as: UTF8.self))', Swift '\(swift.text)'")
                            rendered += 1
                            if key.hasSuffix("k2") || key.hasSuffix("k3") { renderedPlurals.insert(language) }
                        }
                    }
                }
            }
        }
        print("lk_plan_format rendered \(rendered), declined \(declined)")
        // The common case is taken: plain texts, plurals and devices with integer counts.
        #expect(rendered > declined / 2, "rendered \(rendered), declined \(declined)")
        #expect(renderedPlurals.isSuperset(of: ["en", "fr", "ru", "de", "ja"]), "\(renderedPlurals)")
    }

    @Test func declinesUntilSwiftHasRenderedWithTheLocalization() throws {
        var c = StringCatalog()
        c.add("files", [("en", .plural([("one", .text("%lld file")), ("other", .text("%lld files"))])),
                        ("ru", .plural([("one", .text("%lld файл")), ("few", .text("%lld файла")),
                                         ("many", .text("%lld файлов")), ("other", .text("%lld файла"))]))])
        // A table without locale data (as written before LOCD): nothing rendered with ru yet, its
        // plural table and digits are unknown to C.
        let with = try CompiledCatalogs.bytes(of: CompiledCatalogs.compile(["Localizable": c]))
        let runtime = Runtime(preferredLanguages: ["ru"])
        let bundle = try runtime.open(table: LocaleDataTests.withoutLocaleData(with), main: true)
        #expect(Self.fast(bundle, table: "Localizable", key: "files", [.int(3)]) == nil)
        #expect(try bundle.format("files", arguments: [.int(3)]).text == "3 файла")
        // With it, C answers the table's first format: what the table records was published at open.
        let recorded = try Runtime(preferredLanguages: ["ru"]).open(table: with, main: true)
        #expect(Self.fast(recorded, table: "Localizable", key: "files", [.int(3)]).map { String(decoding: $0, as: UTF8.self) } == "3 файла")
        // Counts from 1000 on select through the localization's integer rules (ICU's, compiled).
        for n in [0, 1, 2, 5, 11, 21, 22, 25, 101, 111, 999, 1000, 1001, 1002, 1005, 1011, 1021, 1_000_000, 12_345_678, 9_007_199_254_740_991] {
            let swift = try bundle.format("files", arguments: [.int(Int64(n))]).bytes
            #expect(Self.fast(bundle, table: "Localizable", key: "files", [.int(Int64(n))]) == swift, "\(n)")
        }
        // Exactly enough room for the text and its NUL renders; one byte less declines (the
        // general path cuts at a character boundary and reports the error).
        let text = try bundle.format("files", arguments: [.int(5)]).bytes
        #expect(Self.fast(bundle, table: "Localizable", key: "files", [.int(5)], capacity: text.count + 1) == text)
        #expect(Self.fast(bundle, table: "Localizable", key: "files", [.int(5)], capacity: text.count) == nil)
        // A missing argument, a miss and an unknown table decline.
        #expect(Self.fast(bundle, table: "Localizable", key: "files", []) == nil)
        #expect(Self.fast(bundle, table: "Localizable", key: "nope", [.int(1)]) == nil)
        #expect(Self.fast(bundle, table: "Nope", key: "files", [.int(1)]) == nil)
    }

    /// What a table records of its localizations (LOCD) is published to C when it is opened, so that
    /// a first format runs in C before Swift has rendered anything: C's first answers must be Swift's,
    /// for plural rules of every shape, every grouping (3, 3 then 2, a minimum of 2) and numbers not
    /// localized; a localization whose digits are not ASCII is left to Swift.
    @Test func aTablesFirstFormatsAreAnsweredFromItsLocaleData() throws {
        var c = StringCatalog()
        let forms: [(String, CatalogValue)] = ["zero", "one", "two", "few", "many", "other"].map { ($0, .text("\($0) %lld · %d")) }
        c.add("count", LocaleDataTests.names.map { ($0, .plural(forms)) })
        c.add("ordinal", LocaleDataTests.names.map { ($0, .text("%lld")) })
        let with = try CompiledCatalogs.bytes(of: CompiledCatalogs.compile(["Localizable": c]))
        var answered = Set<String>()
        for name in LocaleDataTests.names {
            // A new runtime and table version each: nothing rendered by Swift before C's answers.
            let bundle = try Runtime(preferredLanguages: [name]).open(table: with, main: true)
            var fromC: [(Int64, [UInt8]?)] = []
            for n: Int64 in [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 21, 22, 25, 101, 102, 111, 999, 1000, 1234, 12_345, 1_234_567, 10_000] {
                fromC.append((n, Self.fast(bundle, table: "Localizable", key: "count", [.int(n), .int(n)])))
            }
            for (n, c) in fromC {
                let swift = try bundle.format("count", arguments: [.int(n), .int(n)]).bytes
                guard let c else { continue }
                #expect(c == swift, "\(name) \(n): C '\(String(decoding: c, as: UTF8.self))', Swift '\(String(decoding: swift, as: UTF8.self))'")
                answered.insert(name)
            }
        }
        // The localizations with ASCII digits and plural rules were answered by C at once.
        #expect(answered.isSuperset(of: ["en", "de", "fr", "ru", "pl", "he", "cy", "ga", "ja", "en-IN", "es", "hi", "Base"]), "\(answered.sorted())")
        #expect(!answered.contains("ar") && !answered.contains("ar-EG") && !answered.contains("mr"), "\(answered.sorted())")
    }

    @Test func textArgumentsAreCopiedOnlyWhenWellFormed() throws {
        var c = StringCatalog()
        c.add("hello", [("en", .text("Hello, %@! (%2$s)"))])
        let runtime = Runtime(preferredLanguages: ["en"])
        let bundle = try runtime.adopt(CompiledCatalogs.table(["Localizable": c]), main: true)
        for args: [FormatArgument] in [[.string("Zoë 🎉"), .string("x")], [.int(-5), .uint(.max)], [.string(""), .int(0)]] {
            let swift = try bundle.format("hello", arguments: args)
            #expect(Self.fast(bundle, table: "Localizable", key: "hello", args) == swift.bytes, "\(args)")
        }
        // A double's spelling is Swift's; so is the repair of ill-formed UTF-8.
        #expect(Self.fast(bundle, table: "Localizable", key: "hello", [.double(1.5), .int(1)]) == nil)
        let plan = UnsafePointer<lk_plan>(bundle.currentPlan)!
        for (bytes, expected) in [("\u{C3}(", false), ("\u{ED}\u{A0}\u{80}", false), ("\u{F4}\u{90}\u{80}\u{80}", false),
                                  ("\u{C0}\u{AF}", false), ("\u{E2}\u{82}", false), ("caf\u{C3}\u{A9}", true)] as [(String, Bool)] {
            // Each scalar below U+0100 stands for one byte.
            var raw = bytes.unicodeScalars.map { CChar(bitPattern: UInt8($0.value)) }
            var out = [CChar](repeating: 0, count: 64)
            var length = 0
            let status = raw.withUnsafeMutableBufferPointer { r in
                var args = [lk_arg(), lk_arg()]
                args[0].type = 4; args[0].value.s.ptr = UnsafePointer(r.baseAddress); args[0].value.s.len = r.count
                args[1].type = 1; args[1].value.i = 7
                return "hello".withCString { k in
                    lk_plan_format(plan, lk_plan_table_index(plan, nil, 0), 0, k, 5, args, 2, &out, out.count, &length)
                }
            }
            #expect((status == LK_ANSWERED) == expected, "\(bytes.unicodeScalars.map { $0.value })")
            if expected { #expect(String(cString: out) == "Hello, café! (7)") }
        }
    }

    /// Large numbers are grouped as the localization groups them (lk_localization_info.grouping):
    /// the same bytes in C as in Swift, including 3;2 grouping (hi) and a minimum of two grouping
    /// digits (es, pl); a localization with other digits (ar) is still Swift's.
    @Test func largeNumbersAreGroupedAsSwiftGroupsThem() throws {
        let languages = ["en", "ru", "ar", "hi", "es", "pl"]
        var c = StringCatalog()
        c.add("n", languages.map { ($0, CatalogValue.text("%lld | %d | %u | %ld")) })
        c.add("files", languages.map { ($0, CatalogValue.plural([("one", .text("%lld file")), ("other", .text("%lld files"))])) })
        let runtime = Runtime(preferredLanguages: ["en"])
        let bundle = try runtime.adopt(CompiledCatalogs.table(["Localizable": c]), main: true)
        var values: [Int64] = [0, 7, 999, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 123_456, 1_000_000,
                               12_345_678, 123_456_789_012, .max, .min]
        values += values.filter { $0 != .min && $0 != 0 }.map { -$0 }
        for language in languages {
            runtime.preferredLanguages = [language]
            _ = try bundle.format("n", arguments: [.int(1), .int(1), .int(1), .int(1)]) // Swift publishes the info first
            var rendered = 0
            for v in values {
                for (key, args) in [("n", [.int(v), .int(v), .uint(v.magnitude % 1_000_000_000_000), .int(v)]),
                                    ("files", [.int(v)])] as [(String, [FormatArgument])] {
                    let swift = try bundle.format(key, arguments: args)
                    guard let fast = Self.fast(bundle, table: "Localizable", key: key, args) else { continue }
                    #expect(fast == swift.bytes, "\(language) \(key) \(args): C '\(String(decoding: fast, as: UTF8.self))', Swift '\(swift.text)'")
                    rendered += 1
                }
            }
            // ASCII digits: every number renders in C (the plural only for counts it tabulates).
            #expect(language == "ar" ? rendered == 0 : rendered >= values.count, "\(language): \(rendered)")
        }
    }

    @Test func aLocalizationWithOtherDigitsIsLeftToSwift() throws {
        var c = StringCatalog()
        c.add("n", [("en", .text("%lld items")), ("ar", .text("%lld عناصر"))])
        let runtime = Runtime(preferredLanguages: ["ar"])
        let bundle = try runtime.adopt(CompiledCatalogs.table(["Localizable": c]), main: true)
        let swift = try bundle.format("n", arguments: [.int(42)])
        #expect(swift.text == "٤٢ عناصر")
        #expect(Self.fast(bundle, table: "Localizable", key: "n", [.int(42)]) == nil)
        runtime.preferredLanguages = ["en"]
        _ = try bundle.format("n", arguments: [.int(42)])
        #expect(Self.fast(bundle, table: "Localizable", key: "n", [.int(42)]).map { String(decoding: $0, as: UTF8.self) } == "42 items")
    }
}
