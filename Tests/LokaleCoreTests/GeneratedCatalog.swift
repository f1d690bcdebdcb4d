import LokaleCore
import Testing

/// A realistic generated bundle of about 100 keys in two tables and five localizations: plain text,
/// format specifiers (sequential and positional), plurals (with Apple's `zero`), device variants
/// (some nesting plurals), substitutions driven by two arguments, `%%`, widths and precisions.
/// Settings has no German and Japanese is partial, so the table rule has something to decide.
enum GeneratedCatalog {
    static let localizable = 80
    static let settings = 20

    static func catalog(table: String, count: Int) -> StringCatalog {
        var c = StringCatalog()
        let withGerman = table == "Localizable"
        for i in 0..<count {
            let key = "\(table.lowercased()).k\(i)"
            var locs: [(String, CatalogLocalization)] = []
            func add(_ lang: String, _ v: CatalogValue, _ subs: [CatalogSubstitution] = []) {
                if lang == "de" && !withGerman { return }
                if lang == "ja" && i % 3 != 0 { return }
                locs.append((lang, CatalogLocalization(value: v, substitutions: subs)))
            }
            switch i % 6 {
            case 0:
                add("en", .text("Plain message \(i)"))
                add("fr", .text("Message simple \(i)"))
                add("ru", .text("Простое сообщение \(i)"))
                if i % 4 == 0 { add("de", .text("Einfache Nachricht \(i)")) }
                add("ja", .text("メッセージ \(i)"))
            case 1:
                add("en", .text("%@ has %lld items (#\(i))"))
                add("fr", .text("%2$lld éléments pour %1$@ (#\(i))"))
                add("ru", .text("У %@ %lld предметов (#\(i))"))
                add("de", .text("%1$@ hat %2$lld Elemente"))
                add("ja", .text("%@: %lld 個"))
            case 2:
                var en: [(String, CatalogValue)] = [("one", .text("%lld file")), ("other", .text("%lld files"))]
                if i % 12 == 2 { en.append(("zero", .text("No files"))) }
                add("en", .plural(en))
                add("fr", .plural([("one", .text("%lld fichier")), ("other", .text("%lld fichiers"))]))
                add("ru", .plural([("one", .text("%lld файл")), ("few", .text("%lld файла")),
                                   ("many", .text("%lld файлов")), ("other", .text("%lld файла"))]))
                add("de", .plural([("one", .text("%lld Datei")), ("other", .text("%lld Dateien"))]))
                add("ja", .plural([("other", .text("%lld ファイル"))]))
            case 3:
                if i % 2 == 1 {
                    add("en", .device([("iphone", .plural([("one", .text("Tap %lld item")), ("other", .text("Tap %lld items"))])),
                                       ("mac", .text("Click %lld items")), ("other", .text("Select %lld items"))]))
                    add("ru", .device([("iphone", .plural([("one", .text("Коснитесь %lld")), ("few", .text("Коснитесь %lld!")),
                                                           ("many", .text("Коснитесь %lld!!"))])),
                                       ("other", .text("Выберите %lld"))]))
                } else {
                    add("en", .device([("iphone", .text("Tap \(i)")), ("mac", .text("Click \(i)")), ("other", .text("Select \(i)"))]))
                    add("ru", .device([("ipad", .text("Нажмите \(i)")), ("other", .text("Выберите \(i)"))]))
                }
                add("fr", .device([("mac", .text("Cliquez \(i)")), ("other", .text("Choisissez \(i)"))]))
                add("ja", .device([("other", .text("選択 \(i)"))]))
            case 4:
                func subs(_ files: [(String, String)], _ folders: [(String, String)]) -> [CatalogSubstitution] {
                    [CatalogSubstitution(name: "files", argNum: 1, formatSpecifier: "lld", value: .plural(files.map { ($0.0, .text($0.1)) })),
                     CatalogSubstitution(name: "folders", argNum: i % 8 == 4 ? nil : 2, formatSpecifier: "lld",
                                         value: .plural(folders.map { ($0.0, .text($0.1)) }))]
                }
                add("en", .text("%#@files@ in %#@folders@"),
                    subs([("one", "%arg file"), ("other", "%arg files")], [("one", "%arg folder"), ("other", "%arg folders")]))
                add("fr", .text("%#@files@ dans %#@folders@"),
                    subs([("one", "%arg fichier"), ("other", "%arg fichiers")], [("one", "%arg dossier"), ("other", "%arg dossiers")]))
                add("ru", .text("%#@files@ в %#@folders@"),
                    subs([("one", "%arg файл"), ("few", "%arg файла"), ("many", "%arg файлов"), ("other", "%arg файла")],
                         [("one", "%arg папке"), ("few", "%arg папках"), ("many", "%arg папках"), ("other", "%arg папки")]))
            default:
                add("en", .text("%d%% done, %5.2f MB, [%-6@]"))
                add("fr", .text("%d %% terminé, %5.2f Mo, [%-6@]"))
                add("ru", .text("%d%% готово, %.1f МБ, [%6@]"))
                add("de", .text("%1$d%% fertig, %2$5.2f MB, [%3$-6@]"))
            }
            c.add(key, localizations: locs)
        }
        return c
    }

    static let catalogs: [String: StringCatalog] = [
        "Localizable": catalog(table: "Localizable", count: localizable),
        "Settings": catalog(table: "Settings", count: settings),
    ]

    static var keys: [String: [String]] { catalogs.mapValues(\.keys) }

    /// The compiled bytes, built once per test process.
    static let bytes: [UInt8] = {
        try! CompiledCatalogs.compiledBytes(catalogs) { $0.identifier = "com.example.generated" }
    }()

    /// Argument lists the exercise rotates through: well-typed, mistyped, none, zeros and extremes.
    static let argumentSets: [[FormatArgument]] = [
        [.int(1), .int(5), .double(3.25)],
        [.string("Anna"), .int(21), .string("x")],
        [],
        [.int(0), .int(0), .double(0)],
        [.int(-7), .uint(UInt64.max), .double(.nan)],
        [.string("1.0"), .double(.infinity), .int(Int64.min)],
    ]
}

/// What looking everything up in one table gave.
struct ExerciseResult {
    var lookups = 0
    /// Lookups that threw (always a LokaleError: the API's errors are typed).
    var thrown = 0
    var codes: [LokaleError.Code: Int] = [:]
}

extension GeneratedCatalog {
    /// Looks up every key (and a missing one) of every table through a `Runtime` and `Bundle`, in
    /// every localization the table declares (or only the one at `only`, modulo their count), and
    /// formats each with one of `argumentSets`; explains one key per table. Never lets an error
    /// escape: it counts them (the API's errors are typed, so each one is a `LokaleError`).
    static func exercise(_ table: CompiledTable, only: Int? = nil, devices: [DeviceClass] = [.mac],
                         unknownLanguage: Bool = false) -> ExerciseResult {
        var result = ExerciseResult()
        let runtime = Runtime(preferredLanguages: ["en"])
        let bundle: Bundle
        do { bundle = try runtime.adopt(table, main: true) } catch {
            result.thrown += 1
            result.codes[error.code, default: 0] += 1
            return result
        }
        func attempt(_ body: () throws(LokaleError) -> Void) {
            result.lookups += 1
            do { try body() } catch {
                result.thrown += 1
                result.codes[error.code, default: 0] += 1
            }
        }
        var tableNames = Set(keys.keys)
        tableNames.formUnion(table.tables)
        var languages = table.localizations
        if let only, !languages.isEmpty { languages = [languages[only % languages.count]] }
        if unknownLanguage { languages.append("xx-YY") }
        for (n, language) in languages.enumerated() {
            runtime.preferredLanguages = [language, "en"]
            _ = bundle.preferredLocalizations
            for (d, device) in devices.enumerated() {
                runtime.deviceClass = device
                for (t, name) in tableNames.sorted().enumerated() {
                    let tableKeys = (keys[name] ?? keys["Localizable"]!) + ["missing.key.\(name)"]
                    for (k, key) in tableKeys.enumerated() {
                        if d == 0 && (k + n) % 3 == 0 {
                            attempt { () throws(LokaleError) in _ = try bundle.string(key, default: k % 2 == 0 ? "fallback" : nil, table: name) }
                        }
                        let args = argumentSets[(k + n + d) % argumentSets.count]
                        attempt { () throws(LokaleError) in _ = try bundle.format(key, table: name, arguments: args) }
                        if k == t + n && d == 0 {
                            attempt { () throws(LokaleError) in
                                let trace = try bundle.explain(key, default: "default %d", table: name, arguments: args)
                                _ = trace.text
                                _ = trace.json
                            }
                        }
                    }
                }
            }
        }
        return result
    }
}
