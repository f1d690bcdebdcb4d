import FoundationEssentials
import LokaleCore

/// The Android resource files given to `compile` or `check` (a `res/` folder, `values*/` folders,
/// files inside them), read as they are given and turned into one table once the development
/// localization is known (`AndroidCatalog`), because `values/` is in no language of its own.
struct AndroidSources {
    struct Folder {
        var path: String
        /// nil for `values/` (the development localization's).
        var localization: String?
        var files: [AndroidResourceFile] = []
    }

    var folders: [Folder] = []
    /// Folders skipped for their other qualifiers (`values-fr-night`).
    var warnings: [CatalogWarning] = []
    private var read: Set<String> = []

    var isEmpty: Bool { folders.isEmpty }

    /// The language `tools:locale` gives the default resources, when they say.
    var toolsLocale: String? {
        folders.filter { $0.localization == nil }.flatMap(\.files).compactMap(\.toolsLocale).first
    }

    /// Whether `dir` holds `values*` folders (a `res/` folder).
    static func isResourceFolder(_ dir: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return false }
        return names.contains { AndroidQualifiers.isValues($0) && isDirectory(dir + "/" + $0) }
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `res/`: every `values*` folder of a language or of the defaults; other resource folders
    /// (`layout/`, `drawable-hdpi/`) and configuration folders (`values-night/`) hold no strings of
    /// a language and are passed over.
    mutating func addResourceFolder(_ dir: String) throws(CatalogError) {
        for name in try listDirectory(dir) where AndroidQualifiers.isValues(name) && isDirectory(dir + "/" + name) {
            try addValuesFolder(dir + "/" + name, given: false)
        }
    }

    /// `values-fr/`: its `.xml` files. A folder given by name must be one of a language (or the defaults).
    mutating func addValuesFolder(_ dir: String, given: Bool = true) throws(CatalogError) {
        guard let localization = try localization(of: dir, given: given) else { return }
        for name in try listDirectory(dir) where fileExtension(name) == "xml" && !isDirectory(dir + "/" + name) {
            try add(dir + "/" + name, folder: dir, localization: localization)
        }
    }

    /// One `.xml` file inside a `values*` folder; `bytes`: its contents when they are already in
    /// memory (`CatalogLoader.load(android:)`), else it is read from `path`.
    mutating func addFile(_ path: String, bytes: [UInt8]? = nil) throws(CatalogError) {
        let folder = String(path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
        guard let localization = try localization(of: folder.isEmpty ? "." : folder, given: true) else { return }
        try add(path, folder: folder, localization: localization, bytes: bytes)
    }

    /// Whether `path` is an `.xml` file inside a `values*` folder.
    static func isResourceFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return fileExtension(path) == "xml" && parts.count >= 2 && AndroidQualifiers.isValues(String(parts[parts.count - 2]))
    }

    /// The localization of a `values*` folder: .some(nil) for the defaults, nil to pass it over.
    private mutating func localization(of dir: String, given: Bool) throws(CatalogError) -> String?? {
        let name = Self.lastComponent(dir)
        switch AndroidQualifiers.folder(name) {
        case .defaults?: return .some(nil)
        case .language(let tag)?:
            if let problem = LocalizationName.problem(tag) {
                throw CatalogError(file: dir, "the folder's language is no localization Lokale can serve: \(problem)")
            }
            return .some(tag)
        case .languageForDevices(let tag, let extra)?:
            // Strings for some devices only (night mode, a screen size): a catalog holds one text per language.
            warnings.append(CatalogWarning(file: dir, table: Resolution.defaultTable, localization: tag, key: "(\(name))",
                                           message: "skipped: its strings are for devices with \(extra.joined(separator: ", ")) only, not for every \(tag) user"))
            return nil
        case .configuration(let qualifiers)?:
            guard given else { return nil }
            throw CatalogError(file: dir, "\(name) holds resources for a device configuration (\(qualifiers.joined(separator: "-"))), not for a language")
        case nil:
            throw CatalogError(file: dir, "not a values folder (values, values-fr, values-b+sr+Latn…)")
        }
    }

    private mutating func add(_ path: String, folder: String, localization: String?, bytes: [UInt8]? = nil) throws(CatalogError) {
        let key = canonical(path)
        guard !read.contains(key) else { return }
        read.insert(key)
        let file = if let bytes { try AndroidResourceFile.parse(bytes, path: path) } else { try AndroidResourceFile.read(path: path) }
        if let i = folders.firstIndex(where: { canonical($0.path) == canonical(folder) }) {
            folders[i].files.append(file)
        } else {
            folders.append(Folder(path: folder, localization: localization, files: [file]))
        }
    }

    private func canonical(_ path: String) -> String {
        URL(filePath: path).standardizedFileURL.path
    }
}
