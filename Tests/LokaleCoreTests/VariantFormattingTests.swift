import LokaleCore
import Testing

/// SPEC §6 through the compiled path: CLDR plurals from ICU for the localization that served the
/// message, Apple's `zero` rule, device variants with their `other` fallback, device→plural nesting,
/// and substitutions whose plurals follow different arguments.
@Suite struct VariantFormattingTests {
    static let catalogs: [String: StringCatalog] = {
        var c = StringCatalog()
        c.add("files", [
            ("en", .plural([("one", .text("%lld file")), ("other", .text("%lld files"))])),
            ("fr", .plural([("one", .text("%lld fichier")), ("other", .text("%lld fichiers"))])),
            ("ru", .plural([("one", .text("%lld файл")), ("few", .text("%lld файла")), ("many", .text("%lld файлов")), ("other", .text("%lld файла"))])),
            ("ja", .plural([("other", .text("%lld 個のファイル"))])),
        ])
        c.add("inbox", [
            ("en", .plural([("zero", .text("Inbox empty")), ("one", .text("%lld message")), ("other", .text("%lld messages"))])),
            ("fr", .plural([("zero", .text("Aucun message")), ("one", .text("%lld message")), ("other", .text("%lld messages"))])),
            ("ru", .plural([("zero", .text("Нет писем")), ("one", .text("%lld письмо")), ("few", .text("%lld письма")),
                            ("many", .text("%lld писем")), ("other", .text("%lld письма"))])),
        ])
        // Russian without few/many: those numbers take `other`.
        c.add("partial", [("en", .plural([("one", .text("one %lld")), ("other", .text("other %lld"))])),
                          ("ru", .plural([("one", .text("один %lld")), ("other", .text("другое %lld"))]))])
        c.add("miles", [("en", .plural([("one", .text("%@ mile")), ("other", .text("%@ miles"))]))])
        c.add("tap", [
            ("en", .device([("iphone", .text("Tap")), ("ipad", .text("Tap (iPad)")), ("mac", .text("Click")), ("other", .text("Select"))])),
            ("fr", .device([("mac", .text("Cliquez")), ("other", .text("Choisissez"))])),
        ])
        c.add("tap.items", [("en", .device([
            ("iphone", .plural([("one", .text("Tap %lld item")), ("other", .text("Tap %lld items"))])),
            ("mac", .text("Click %lld items")),
            ("other", .plural([("one", .text("Select %lld item")), ("other", .text("Select %lld items"))])),
        ]))])
        c.add("tap.nofallback", [("en", .device([("iphone", .text("Tap only"))]))])
        let en = CatalogLocalization(value: .text("%#@files@ in %#@folders@"), substitutions: [
            CatalogSubstitution(name: "files", argNum: 1, formatSpecifier: "lld", value: .plural([("one", .text("%arg file")), ("other", .text("%arg files"))])),
            CatalogSubstitution(name: "folders", argNum: 2, formatSpecifier: "lld", value: .plural([("one", .text("%arg folder")), ("other", .text("%arg folders"))])),
        ])
        let ru = CatalogLocalization(value: .text("%#@files@ в %#@folders@"), substitutions: [
            CatalogSubstitution(name: "files", argNum: 1, formatSpecifier: "lld",
                                value: .plural([("one", .text("%arg файл")), ("few", .text("%arg файла")), ("many", .text("%arg файлов")), ("other", .text("%arg файла"))])),
            CatalogSubstitution(name: "folders", argNum: 2, formatSpecifier: "lld",
                                value: .plural([("one", .text("%arg папке")), ("few", .text("%arg папках")), ("many", .text("%arg папках")), ("other", .text("%arg папки"))])),
        ])
        c.add("files.folders", localizations: [("en", en), ("ru", ru)])
        // The text names folders first although files is the first argument.
        c.add("folders.files", localizations: [("en", CatalogLocalization(value: .text("%#@folders@ hold %#@files@"), substitutions: [
            CatalogSubstitution(name: "files", argNum: 1, formatSpecifier: "lld", value: .plural([("one", .text("%arg file")), ("other", .text("%arg files"))])),
            CatalogSubstitution(name: "folders", argNum: 2, formatSpecifier: "lld", value: .plural([("zero", .text("no folders")), ("one", .text("%arg folder")), ("other", .text("%arg folders"))])),
        ]))])
        // argNum omitted: inferred from the position of %#@files@ among the text's arguments.
        c.add("owner.files", localizations: [("en", CatalogLocalization(value: .text("%@ has %#@files@"), substitutions: [
            CatalogSubstitution(name: "files", argNum: nil, formatSpecifier: "lld", value: .plural([("one", .text("%arg file")), ("other", .text("%arg files"))])),
        ]))])
        return ["Localizable": c]
    }()

    static let table = Result { try CompiledCatalogs.table(catalogs) }

    static func bundle(_ language: String, device: DeviceClass = .mac) throws -> Bundle {
        let runtime = Runtime(preferredLanguages: [language])
        runtime.deviceClass = device
        return try runtime.adopt(table.get(), main: true)
    }

    static func text(_ key: String, _ language: String, _ args: [FormatArgument], device: DeviceClass = .mac) throws -> String {
        let m = try bundle(language, device: device).format(key, arguments: args)
        #expect(m.problems.isEmpty, "\(key) in \(language): \(m.problems)")
        return m.text
    }

    @Test(arguments: [(0, "0 files"), (1, "1 file"), (2, "2 files"), (21, "21 files"), (-1, "-1 file")])
    func englishOneAndOther(_ n: Int64, _ expected: String) throws {
        #expect(try Self.text("files", "en", [.int(n)]) == expected)
    }

    @Test(arguments: [(1, "1 файл"), (2, "2 файла"), (4, "4 файла"), (5, "5 файлов"), (11, "11 файлов"), (12, "12 файлов"),
                      (21, "21 файл"), (22, "22 файла"), (25, "25 файлов"), (101, "101 файл"), (111, "111 файлов"), (0, "0 файлов")])
    func russianOneFewMany(_ n: Int64, _ expected: String) throws {
        #expect(try Self.text("files", "ru", [.int(n)]) == expected)
    }

    @Test func frenchZeroAndOneAreOne() throws {
        #expect(try Self.text("files", "fr", [.int(0)]) == "0 fichier")
        #expect(try Self.text("files", "fr", [.int(1)]) == "1 fichier")
        #expect(try Self.text("files", "fr", [.int(2)]) == "2 fichiers")
        #expect(try Self.text("files", "fr-CA", [.uint(1_000_000)]) == "1\u{202F}000\u{202F}000 fichiers") // grouped as fr, the localization that served
    }

    @Test func japaneseHasOnlyOther() throws {
        #expect(try Self.text("files", "ja", [.int(1)]) == "1 個のファイル")
        #expect(try Self.text("files", "ja", [.int(0)]) == "0 個のファイル")
    }

    @Test func missingCategoriesFallBackToOther() throws {
        #expect(try Self.text("partial", "ru", [.int(1)]) == "один 1")
        #expect(try Self.text("partial", "ru", [.int(3)]) == "другое 3")
        #expect(try Self.text("partial", "ru", [.int(5)]) == "другое 5")
    }

    @Test func appleZeroRuleServesZeroInEveryLanguage() throws {
        #expect(try Self.text("inbox", "en", [.int(0)]) == "Inbox empty")
        #expect(try Self.text("inbox", "fr", [.int(0)]) == "Aucun message") // CLDR says `one` for 0 in French
        #expect(try Self.text("inbox", "ru", [.int(0)]) == "Нет писем") // CLDR says `many` for 0 in Russian
        #expect(try Self.text("inbox", "en", [.double(0)]) == "Inbox empty")
        #expect(try Self.text("inbox", "en", [.string("0")]) == "Inbox empty")
        #expect(try Self.text("inbox", "fr", [.int(1)]) == "1 message")
        #expect(try Self.text("inbox", "ru", [.int(5)]) == "5 писем")
        // Without a zero variant, 0 takes the CLDR category.
        #expect(try Self.text("files", "en", [.int(0)]) == "0 files")
    }

    @Test func numbersAsTextKeepTheirVisibleFractionDigits() throws {
        #expect(try Self.text("miles", "en", [.string("1")]) == "1 mile")
        #expect(try Self.text("miles", "en", [.string("2.5")]) == "2.5 miles")
        #expect(try Self.text("miles", "en", [.double(1.5)]) == "1.5 miles")
        let decimal = try Self.text("miles", "en", [.string("1.0")])
        #expect(decimal == "1.0 miles") // v=1: visible fraction digits select `other`
    }

    @Test func deviceVariantsFallBackToOther() throws {
        let expected: [(DeviceClass, String)] = [(.iphone, "Tap"), (.ipad, "Tap (iPad)"), (.mac, "Click"), (.appletv, "Select"),
                                                 (.applewatch, "Select"), (.ipod, "Select"), (.applevision, "Select"), (.other, "Select")]
        for (device, text) in expected { #expect(try Self.text("tap", "en", [], device: device) == text, "\(device)") }
        #expect(try Self.text("tap", "fr", [], device: .mac) == "Cliquez")
        #expect(try Self.text("tap", "fr", [], device: .iphone) == "Choisissez")
    }

    @Test func deviceChangeTakesEffectOnTheNextLookup() throws {
        let b = try Self.bundle("en")
        #expect(try b.format("tap", arguments: []).text == "Click")
        b.runtime.deviceClass = .iphone
        #expect(try b.format("tap", arguments: []).text == "Tap")
    }

    @Test func nestedDeviceThenPlural() throws {
        #expect(try Self.text("tap.items", "en", [.int(1)], device: .iphone) == "Tap 1 item")
        #expect(try Self.text("tap.items", "en", [.int(3)], device: .iphone) == "Tap 3 items")
        #expect(try Self.text("tap.items", "en", [.int(1)], device: .mac) == "Click 1 items")
        #expect(try Self.text("tap.items", "en", [.int(1)], device: .applewatch) == "Select 1 item")
        #expect(try Self.text("tap.items", "en", [.int(7)], device: .appletv) == "Select 7 items")
    }

    @Test func deviceWithoutOtherRecordsAProblem() throws {
        #expect(try Self.text("tap.nofallback", "en", [], device: .iphone) == "Tap only")
        let m = try Self.bundle("en", device: .mac).format("tap.nofallback", arguments: [])
        #expect(m.problems == ["no variant for this case and no 'other' variant"])
    }

    @Test(arguments: [
        ("en", 1, 1, "1 file in 1 folder"), ("en", 1, 3, "1 file in 3 folders"), ("en", 5, 1, "5 files in 1 folder"),
        ("en", 0, 0, "0 files in 0 folders"),
        ("ru", 1, 2, "1 файл в 2 папках"), ("ru", 5, 21, "5 файлов в 21 папке"), ("ru", 22, 11, "22 файла в 11 папках"),
    ] as [(String, Int64, Int64, String)])
    func twoPluralsDrivenByDifferentArguments(_ language: String, _ files: Int64, _ folders: Int64, _ expected: String) throws {
        #expect(try Self.text("files.folders", language, [.int(files), .int(folders)]) == expected)
    }

    @Test func substitutionOrderFollowsArgNumNotTextOrder() throws {
        #expect(try Self.text("folders.files", "en", [.int(1), .int(3)]) == "3 folders hold 1 file")
        #expect(try Self.text("folders.files", "en", [.int(4), .int(1)]) == "1 folder hold 4 files")
        #expect(try Self.text("folders.files", "en", [.int(2), .int(0)]) == "no folders hold 2 files")
    }

    @Test func substitutionArgNumIsInferred() throws {
        #expect(try Self.text("owner.files", "en", [.string("Anna"), .int(1)]) == "Anna has 1 file")
        #expect(try Self.text("owner.files", "en", [.string("Anna"), .int(2)]) == "Anna has 2 files")
    }

    @Test func missingArgumentsAreNeverRead() throws {
        let plural = try Self.bundle("en").format("files", arguments: [])
        #expect(plural.text == "%lld files")
        #expect(plural.problems.count == 2) // the plural's argument, then the specifier's
        let sub = try Self.bundle("ru").format("files.folders", arguments: [.int(3)])
        #expect(sub.text == "3 файла в %2$lld папки")
        #expect(!sub.problems.isEmpty)
        let none = try Self.bundle("en").format("files.folders", arguments: [])
        #expect(none.text == "%1$lld files in %2$lld folders")
        #expect(none.problems.count == 4)
        // A string where a number is needed chooses `other` and shows the text as given.
        let mistyped = try Self.bundle("en").format("files", arguments: [.string("many")])
        #expect(mistyped.text == "many files")
        #expect(mistyped.problems.count == 2)
    }

    @Test func nonFiniteAndExtremeNumbersAreSafe() throws {
        let b = try Self.bundle("ru")
        for arg: FormatArgument in [.double(.nan), .double(.infinity), .double(-.infinity), .int(.min), .int(.max), .uint(.max), .double(1e300)] {
            let m = try b.format("files.folders", arguments: [arg, arg])
            #expect(!m.text.isEmpty)
            _ = try b.format("inbox", arguments: [arg])
        }
    }
}
