import FoundationEssentials
import LokaleCore

/// One language of an Android table written back as `values-LANG/strings.xml` (what `import-xliff`
/// does with a translation): `<string>`, `<plurals>` and `<string-array>` with Android's escaping
/// (`AndroidEscaping`), so that reading the file gives the same messages. Only the language's
/// own messages are written: keys it lacks (shown from `values/`), keys not to translate and
/// aliases stay out, and so do quantities and arrays it has not translated (XLIFF's `new`).
/// The file is replaced atomically; one that holds other resources (`<color>`…), or strings of
/// the language spread over several files, is refused rather than half rewritten.
public enum AndroidResourceWriter {
    /// The file `localization`'s strings go to in `res`: its existing `values-…` folder (`values-iw`
    /// or `values-he`), else the folder Android Studio would make.
    public static func path(res: String, localization: String) -> String {
        let existing = ((try? FileManager.default.contentsOfDirectory(atPath: res)) ?? []).sorted().first { name in
            AndroidQualifiers.folder(name) == .language(localization) && isDirectory(res + "/" + name)
        }
        return res + "/" + (existing ?? AndroidQualifiers.folderName(for: localization)) + "/strings.xml"
    }

    /// Writes `localization`'s messages of `table` into `res`; returns the file written.
    @discardableResult
    public static func write(_ table: CatalogTable, localization: String, development: String, res: String) throws(CatalogError) -> String {
        let target = path(res: res, localization: localization)
        let folder = String(target.dropLast("/strings.xml".count))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where fileExtension(name) == "xml" {
            let file = try AndroidResourceFile.read(path: folder + "/" + name)
            if name == "strings.xml", !file.otherResources.isEmpty {
                throw CatalogError(file: file.path, "holds other resources (\(file.otherResources.sorted().joined(separator: ", "))), which rewriting it would lose: move them to another file of \(AndroidSources.lastComponent(folder))")
            }
            if name != "strings.xml", let e = file.entries.first {
                throw CatalogError(file: file.path, line: e.position.line, "holds \(localization) strings too (\(e.name)): import writes them all to strings.xml; merge the files first")
            }
        }
        let text = try document(table, localization: localization, development: development)
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        catch { throw CatalogError(file: folder, "cannot make the folder: " + FileProblem.listing(folder)) }
        try AtomicFile.write(Array(text.utf8), to: target)
        return target
    }

    /// The resource file's text.
    public static func document(_ table: CatalogTable, localization: String, development: String) throws(CatalogError) -> String {
        let own = (table.messages[localization] ?? [:]).filter { !$0.value.isImplicit && $0.value.state != "new" }
        let fallback = table.messages[development] ?? [:]
        // In the order of the default resources, so that the two files read alike.
        func line(_ key: String) -> Int { table.locations[development]?[arrayName(key)?.name ?? key]?.line ?? table.locations[development]?[key]?.line ?? Int.max }
        var lines: [(order: (Int, String), text: String)] = []
        var arrays: [String: [Int: CatalogMessage]] = [:]
        func fail(_ key: String, _ why: String) -> CatalogError {
            CatalogError(file: table.location(of: key, localization: localization).file, "\(localization) '\(key)': \(why)")
        }
        for (key, m) in own where table.info[key]?.shouldTranslate != false {
            if let (name, index) = arrayName(key) {
                arrays[name, default: [:]][index] = m
                continue
            }
            switch m.variation {
            case .plural(let argument, false, let cases) where argument <= 1 && m.substitutions.isEmpty:
                var items = ""
                for c in PluralCategory.allCases {
                    guard let v = cases[c], m.state(at: "plural.\(c.rawValue)") != "new" else { continue }
                    guard let content = AndroidEscaping.content(v) else { throw fail(key, "its \(c.rawValue) text has no Android form") }
                    items += "\n        <item quantity=\"\(c.rawValue)\">\(content)</item>"
                }
                if items.isEmpty { continue }
                let attributes = formatted(table.info[key], Array(cases.values))
                lines.append(((line(key), key), "    <plurals name=\"\(key)\"\(attributes)>\(items)\n    </plurals>"))
            case let v where m.substitutions.isEmpty:
                guard let content = AndroidEscaping.content(v) else {
                    throw fail(key, "has no Android form (only text, text with tags and plurals of the first argument have one)")
                }
                lines.append(((line(key), key), "    <string name=\"\(key)\"\(formatted(table.info[key], [v]))>\(content)</string>"))
            default:
                throw fail(key, "has substitutions, which Android string resources cannot say")
            }
        }
        // An array is one resource: items the language lacks are the default's, so that indices stay.
        for (name, items) in arrays {
            let count = max(items.keys.max()! + 1, fallback.keys.filter { arrayName($0)?.name == name }.count)
            var body = ""
            var variations: [Variation] = []
            for i in 0..<count {
                let key = "\(name)[\(i)]"
                guard let m = items[i] ?? table.messages[localization]?[key] ?? fallback[key],
                      let content = AndroidEscaping.content(m.variation) else { throw fail(key, "has no Android form") }
                body += "\n        <item>\(content)</item>"
                variations.append(m.variation)
            }
            let attributes = formatted(table.info["\(name)[\(items.keys.min()!)]"], variations)
            lines.append(((line(name + "[0]"), name), "    <string-array name=\"\(name)\"\(attributes)>\(body)\n    </string-array>"))
        }
        let sorted = lines.sorted { $0.order < $1.order }.map(\.text)
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n" + sorted.map { $0 + "\n" }.joined() + "</resources>\n"
    }

    /// ` formatted="false"` for a resource (a string, or all the items of a plurals or string-array)
    /// that says so: its text is no format string, or a value keeps its tags although its text has
    /// Java specifiers, which only a value marked formatted="false" reads as (`AndroidMarkup`).
    /// Written for plurals and arrays too, and for a translation whose default resource lacks it,
    /// so that the file reads back to the same messages.
    static func formatted(_ info: MessageInfo?, _ variations: [Variation]) -> String {
        let literal = info?.checksFormat == false || variations.contains { v in
            guard case .messageFormat(_, .pattern(let m)) = v else { return false }
            return JavaSpecifiers.takeArguments(m.pattern.map { if case .text(let s) = $0 { s } else { "" } }.joined())
        }
        return literal ? " formatted=\"false\"" : ""
    }

    /// `name[3]` → (`name`, 3).
    static func arrayName(_ key: String) -> (name: String, index: Int)? {
        guard key.hasSuffix("]"), let open = key.lastIndex(of: "["), open > key.startIndex,
              let i = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]), i >= 0 else { return nil }
        return (String(key[..<open]), i)
    }
}
