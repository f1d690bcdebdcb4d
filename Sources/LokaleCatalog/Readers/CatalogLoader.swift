import FoundationEssentials
import LokaleCore

/// Gathers sources into one `CatalogBundle`: `.xcstrings`, `.strings`, `.stringsdict` files, `.lproj`
/// folders (Base.lproj included), bundle folders with an `Info.plist`, gettext `.po`/`.mo` files,
/// MessageFormat 2 and ARB resources, and Android string resources (`res/`, `values*/`).
public struct CatalogLoader {
    public internal(set) var bundle = CatalogBundle()
    /// Loose `.strings`/`.stringsdict` files outside any `.lproj`: they belong to the development
    /// localization, which is known only once every source is read.
    private var loose: [(path: String, isDict: Bool)] = []
    /// Which source defined each table, to refuse two definitions of one table.
    var tableOwner: [String: String] = [:]
    /// (localization, table, key) read from a `.stringsdict`, which overrides `.strings`.
    private var fromDict: Set<[String]> = []
    var sourceLanguages: [String: String] = [:]
    /// Per gettext table, the msgids as development-localization text, added in `finish` once that
    /// localization is known (a translation of it, e.g. an `en.po`, wins).
    private var gettextSources: [String: [String: CatalogMessage]] = [:]
    /// Which file gave each (localization, table) of gettext, to refuse two catalogs for one.
    private var gettextOwner: [[String]: String] = [:]
    /// Which `.mf2.json` gave each (localization, table).
    var resourceOwner: [[String]: String] = [:]
    /// Android resources, made into their table once the development localization is known.
    private var android = AndroidSources()
    /// ARB files read, lowered in `finish` once the template is known (CatalogLoader+ARB).
    var arbFiles: [(file: MessageFormatJSON.File, syntax: MessageSyntax)] = []
    /// The template's path and locale a Flutter project's `l10n.yaml` named.
    var flutterTemplate: (path: String, localization: String)? = nil

    public init() {}

    public static func load(_ paths: [String]) throws(CatalogError) -> CatalogBundle {
        var loader = CatalogLoader()
        for p in paths { try loader.add(p) }
        return try loader.finish()
    }

    public mutating func add(_ path: String) throws(CatalogError) {
        let clean = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if isDirectory(clean) {
            if clean.hasSuffix(".lproj") { return try addLproj(clean) }
            if FileManager.default.fileExists(atPath: clean + "/l10n.yaml") { return try addFlutterProject(clean + "/l10n.yaml") }
            if AndroidQualifiers.isValues(AndroidSources.lastComponent(clean)) { return try android.addValuesFolder(clean) }
            if AndroidSources.isResourceFolder(clean) { return try android.addResourceFolder(clean) }
            return try addBundleFolder(clean)
        }
        guard FileManager.default.fileExists(atPath: clean) else { throw CatalogError(file: clean, "no such file or folder") }
        switch fileExtension(clean) {
        case "xcstrings": try addStringCatalog(clean)
        case "strings", "stringsdict":
            if let loc = enclosingLproj(clean) { try addStrings(clean, localization: loc) }
            else { loose.append((clean, fileExtension(clean) == "stringsdict")) }
        case "plist" where clean.hasSuffix("Info.plist"): try addInfoPlist(clean)
        case "po", "mo": try addGettext(clean)
        case "json" where clean.hasSuffix(MessageFormatJSON.suffix): try addMessageFormatJSON(clean)
        case "arb": try addARB(clean, syntax: .icu)
        case "yaml": try addFlutterProject(clean)
        case "xml" where AndroidSources.isResourceFile(clean): try android.addFile(clean)
        default:
            throw CatalogError(file: clean, "unknown source type (expected .xcstrings, .strings, .stringsdict, .po, .mo, .mf2.json, .arb, l10n.yaml, Info.plist, "
                               + "a .lproj folder, a bundle folder, an Android res/ or values*/ folder, or an .xml file in a values*/ folder)")
        }
    }

    public mutating func finish() throws(CatalogError) -> CatalogBundle {
        if let l = android.toolsLocale { sourceLanguages["(Android tools:locale)"] = l }
        if bundle.developmentLocalization == nil {
            let languages = Set(sourceLanguages.values)
            bundle.developmentLocalization = languages.count == 1 ? languages.first! : flutterTemplate?.localization ?? "en"
        }
        let dev = bundle.developmentLocalization!
        for f in loose.sorted(by: { !$0.isDict && $1.isDict }) { try addStrings(f.path, localization: dev) }
        loose = []
        for (name, sources) in gettextSources.sorted(by: { $0.key < $1.key }) {
            var table = bundle.tables.removeValue(forKey: name) ?? CatalogTable(name: name)
            if var own = table.messages.removeValue(forKey: dev) {
                // Keys only a msgid gives have no location (the table's first source), unlike the
                // development localization's own catalog: its `files` entry becomes one per key.
                if let file = table.files.removeValue(forKey: dev) {
                    if sources.keys.contains(where: { own[$0] == nil }) {
                        var located = table.locations.removeValue(forKey: dev) ?? [:]
                        for k in own.keys where located[k] == nil { located[k] = MessageLocation(file: file) }
                        table.locations[dev] = located
                    } else {
                        table.files[dev] = file
                    }
                }
                own.merge(sources) { own, _ in own }
                table.messages[dev] = own
            } else {
                table.messages[dev] = sources
            }
            bundle.tables[name] = table
        }
        gettextSources = [:]
        if !android.isEmpty { try addAndroid(development: dev) }
        try finishARB()
        bundle.fillPerKeyFallbacks()
        guard !bundle.tables.isEmpty || !bundle.declaredLocalizations.isEmpty else {
            throw CatalogError(file: "(sources)", "no catalogs found")
        }
        return bundle
    }

    public mutating func setDevelopmentLocalization(_ l: String) { bundle.developmentLocalization = l }
    public mutating func setIdentifier(_ id: String) { bundle.identifier = id }
    public mutating func setAllowsMixedLocalizations(_ v: Bool) { bundle.allowsMixedLocalizations = v }

    // MARK: Sources

    mutating func addStringCatalog(_ path: String) throws(CatalogError) {
        let (table, source) = try StringCatalogReader.read(path: path)
        if let owner = tableOwner[table.name] {
            throw CatalogError(file: path, "table '\(table.name)' is already defined by \(owner)")
        }
        tableOwner[table.name] = path
        sourceLanguages[path] = source
        bundle.tables[table.name] = table
    }

    mutating func addStrings(_ path: String, localization: String) throws(CatalogError) {
        let isDict = fileExtension(path) == "stringsdict"
        let name = StringCatalogReader.tableName(of: path)
        if let owner = tableOwner[name], owner.hasSuffix(".xcstrings") {
            throw CatalogError(file: path, "table '\(name)' is already defined by \(owner)")
        }
        tableOwner[name] = path
        var table = bundle.table(name)
        table.sources.append(path)
        var messages = table.messages[localization] ?? [:]
        // Where each message comes from, for diagnostics: this file, and the key's line in it.
        var locations = table.locations[localization] ?? [:]
        if isDict {
            let read = try StringsDictReader.read(path: path)
            let lines = read.isEmpty ? [:] : PlistKeyLines.lines(try readFile(path))
            for (k, m) in read {
                messages[k] = m
                locations[k] = MessageLocation(file: path, line: lines[k])
                fromDict.insert([localization, name, k])
            }
        } else {
            let (values, lines) = try StringsFileReader.readWithLines(path: path)
            for (k, v) in values where !fromDict.contains([localization, name, k]) {
                messages[k] = CatalogMessage(text: v)
                locations[k] = MessageLocation(file: path, line: lines[k])
            }
        }
        table.messages[localization] = messages
        table.locations[localization] = locations
        bundle.tables[name] = table
    }

    mutating func addGettext(_ path: String) throws(CatalogError) {
        let file = try GettextReader.read(path: path)
        let name = file.table
        if let owner = tableOwner[name], owner.hasSuffix(".xcstrings") {
            throw CatalogError(file: path, "table '\(name)' is already defined by \(owner)")
        }
        if let owner = gettextOwner[[file.localization, name]] {
            throw CatalogError(file: path, "table '\(name)' of '\(file.localization)' is already defined by \(owner)")
        }
        gettextOwner[[file.localization, name]] = path
        tableOwner[name] = tableOwner[name] ?? path
        // Taken out of the bundle while it changes, so that its dictionaries are not copied.
        var table = bundle.tables.removeValue(forKey: name) ?? CatalogTable(name: name)
        let l = file.localization
        table.sources.append(path)
        if var own = table.messages.removeValue(forKey: l) {
            own.merge(file.translations) { _, new in new }
            table.messages[l] = own
        } else {
            table.messages[l] = file.translations
        }
        if table.locations[l]?.isEmpty ?? true, table.files[l] == nil {
            // Every message of this localization so far is this file's: one entry, not one per key.
            if !file.translations.isEmpty { table.files[l] = path }
        } else {
            var located = table.locations.removeValue(forKey: l) ?? [:]
            for k in file.translations.keys { located[k] = MessageLocation(file: path) }
            table.locations[l] = located
        }
        if table.info.isEmpty { table.info = file.info } else { table.info.merge(file.info) { own, _ in own } }
        bundle.tables[name] = table
        if gettextSources[name] == nil { gettextSources[name] = file.sources }
        else { gettextSources[name]!.merge(file.sources) { own, _ in own } }
        bundle.warnings += file.warnings
    }

    /// Records `path` as the one resource (`.mf2.json`, ARB) of `table` in `localization`: a String
    /// Catalog's table, or a second resource of the pair, is refused.
    mutating func claimResource(path: String, table name: String, localization l: String) throws(CatalogError) {
        if let owner = tableOwner[name], owner.hasSuffix(".xcstrings") {
            throw CatalogError(file: path, "table '\(name)' is already defined by \(owner)")
        }
        if let owner = resourceOwner[[l, name]] {
            throw CatalogError(file: path, "table '\(name)' of '\(l)' is already defined by \(owner)")
        }
        resourceOwner[[l, name]] = path
        tableOwner[name] = tableOwner[name] ?? path
    }

    mutating func addMessageFormatJSON(_ path: String) throws(CatalogError) {
        let file = try MessageFormatJSON.read(path: path)
        let (name, l) = (file.table, file.localization)
        try claimResource(path: path, table: name, localization: l)
        var table = bundle.tables.removeValue(forKey: name) ?? CatalogTable(name: name)
        table.sources.append(path)
        var messages = table.messages.removeValue(forKey: l) ?? [:]
        var locations = table.locations.removeValue(forKey: l) ?? [:]
        if let other = table.files.removeValue(forKey: l) {
            // The messages so far came from one file without per-key locations: give them theirs.
            for k in messages.keys where locations[k] == nil { locations[k] = MessageLocation(file: other) }
        }
        for (k, m) in file.messages {
            messages[k] = m
            locations[k] = MessageLocation(file: path, line: file.lines[k])
        }
        table.messages[l] = messages
        table.locations[l] = locations
        // The development localization's descriptions are the key's; a translation's fill gaps.
        table.info.merge(file.info) { own, new in own.comment == nil ? new : own }
        bundle.tables[name] = table
        if !bundle.declaredLocalizations.contains(l) { bundle.declaredLocalizations.append(l) }
    }

    /// Android resource files already in memory, each under the path it would have in a `res/`
    /// folder (`res/values/strings.xml`, `res/values-fr/strings.xml`), as one bundle, as `load`
    /// makes it from the files on disk (what fuzz-android drives). `development`: the localization
    /// of `values/`; nil: the one `tools:locale` names, else en.
    public static func load(android files: [(path: String, bytes: [UInt8])], development: String? = nil) throws(CatalogError) -> CatalogBundle {
        var loader = CatalogLoader()
        for f in files { try loader.android.addFile(f.path, bytes: f.bytes) }
        if let development { loader.setDevelopmentLocalization(development) }
        return try loader.finish()
    }

    /// Android's resources are one table, of the default name, which no other source may define.
    mutating func addAndroid(development: String) throws(CatalogError) {
        let (table, warnings) = try AndroidCatalog.table(android, development: development)
        android = AndroidSources()
        if let owner = tableOwner[table.name] {
            throw CatalogError(file: table.sources.first ?? table.name, "table '\(table.name)' (Android's string resources) is already defined by \(owner)")
        }
        tableOwner[table.name] = table.sources.first
        bundle.tables[table.name] = table
        bundle.warnings += warnings
    }

    mutating func addLproj(_ dir: String) throws(CatalogError) {
        let base = dir.split(separator: "/").last.map(String.init) ?? dir
        let localization = String(base.dropLast(".lproj".count))
        guard !localization.isEmpty else { throw CatalogError(file: dir, "a .lproj folder needs a language name") }
        if let problem = LocalizationName.problem(localization) {
            throw CatalogError(file: dir, "the folder's name does not name a localization: \(problem)")
        }
        let files = try listDirectory(dir)
        // .strings before .stringsdict so that the latter overrides.
        for f in files where fileExtension(f) == "strings" { try addStrings(dir + "/" + f, localization: localization) }
        for f in files where fileExtension(f) == "stringsdict" { try addStrings(dir + "/" + f, localization: localization) }
        for f in files where fileExtension(f) == "xcstrings" { try addStringCatalog(dir + "/" + f) }
        for f in files where f.hasSuffix(MessageFormatJSON.suffix) { try addMessageFormatJSON(dir + "/" + f) }
        if !bundle.declaredLocalizations.contains(localization) { bundle.declaredLocalizations.append(localization) }
    }

    mutating func addBundleFolder(_ dir: String) throws(CatalogError) {
        var found = false
        for plist in ["Info.plist", "Contents/Info.plist", "Resources/Info.plist"] where FileManager.default.fileExists(atPath: dir + "/" + plist) {
            try addInfoPlist(dir + "/" + plist)
            found = true
            break
        }
        for resources in [dir, dir + "/Contents/Resources", dir + "/Resources"] where isDirectory(resources) {
            for f in try listDirectory(resources) {
                let p = resources + "/" + f
                if f.hasSuffix(".lproj"), isDirectory(p) { try addLproj(p); found = true }
                else if fileExtension(f) == "xcstrings" { try addStringCatalog(p); found = true }
                else if f.hasSuffix(MessageFormatJSON.suffix) { try addMessageFormatJSON(p); found = true }
                else if resources == dir, fileExtension(f) == "arb", !isDirectory(p) { try addARB(p, syntax: .icu); found = true }
            }
        }
        guard found else { throw CatalogError(file: dir, "folder has no Info.plist, .lproj folders, .xcstrings catalogs, .arb files or l10n.yaml") }
    }

    struct InfoPlist: Decodable {
        var identifier: String?
        var developmentRegion: String?
        var localizations: [String]?
        var allowMixed: Bool?

        enum CodingKeys: String, CodingKey {
            case identifier = "CFBundleIdentifier", developmentRegion = "CFBundleDevelopmentRegion"
            case localizations = "CFBundleLocalizations", allowMixed = "CFBundleAllowMixedLocalizations"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try c.decodeIfPresent(String.self, forKey: .identifier)
            developmentRegion = try c.decodeIfPresent(String.self, forKey: .developmentRegion)
            localizations = try c.decodeIfPresent([String].self, forKey: .localizations)
            if let b = try? c.decodeIfPresent(Bool.self, forKey: .allowMixed) { allowMixed = b }
            else if let s = try? c.decodeIfPresent(String.self, forKey: .allowMixed) { allowMixed = ["yes", "true", "1"].contains(s.lowercased()) }
        }
    }

    mutating func addInfoPlist(_ path: String) throws(CatalogError) {
        let bytes = try readFile(path)
        if let f = XMLLocator.firstError(bytes) {
            throw CatalogError(file: path, line: f.line, column: f.column, "invalid property list: \(f.message)")
        }
        let info: InfoPlist
        do { info = try PropertyListDecoder().decode(InfoPlist.self, from: Data(bytes)) }
        catch { throw catalogError(error, file: path, bytes: bytes, json: false) }
        let lines = PlistKeyLines.lines(bytes)
        for (key, names) in [("CFBundleDevelopmentRegion", info.developmentRegion.map { [$0] } ?? []), ("CFBundleLocalizations", info.localizations ?? [])] {
            for name in names {
                if let problem = LocalizationName.problem(name) { throw CatalogError(file: path, line: lines[key], "\(key): \(problem)") }
            }
        }
        if let id = info.identifier { bundle.identifier = id }
        if let d = info.developmentRegion { bundle.developmentLocalization = d }
        for l in info.localizations ?? [] where !bundle.declaredLocalizations.contains(l) { bundle.declaredLocalizations.append(l) }
        if let m = info.allowMixed { bundle.allowsMixedLocalizations = m }
    }
}

func fileExtension(_ path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return "" }
    return String(base[base.index(after: dot)...]).lowercased()
}

func enclosingLproj(_ path: String) -> String? {
    let parts = path.split(separator: "/")
    guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
    let name = parts[parts.count - 2].dropLast(".lproj".count)
    return name.isEmpty ? nil : String(name)
}

func listDirectory(_ dir: String) throws(CatalogError) -> [String] {
    do { return try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }
    catch { throw CatalogError(file: dir, "cannot list the folder: " + FileProblem.listing(dir)) }
}
