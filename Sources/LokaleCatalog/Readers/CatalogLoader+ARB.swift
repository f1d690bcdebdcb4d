import FoundationEssentials
import LokaleCore

/// Flutter's ARB files in the loader: read when added, lowered in `finish` once the development
/// localization (the template's, gen-l10n's `template-arb-file`) is known, because the template's
/// placeholders format every localization's messages. ARB tables fall back per key, as gen-l10n
/// does: a translation without a message shows the template's, formatted in its own locale.
extension CatalogLoader {
    mutating func addARB(_ path: String, syntax: MessageSyntax) throws(CatalogError) {
        try addARB(file: try MessageFormatJSON.read(path: path), syntax: syntax)
    }

    /// ARB files already read (`MessageFormatJSON.read(bytes:path:)`) as one bundle, as `load`
    /// makes it from their paths: lowered with the template of `development`, filled per key.
    public static func load(arb files: [MessageFormatJSON.File], development: String, syntax: MessageSyntax = .icu) throws(CatalogError) -> CatalogBundle {
        var loader = CatalogLoader()
        for f in files { try loader.addARB(file: f, syntax: syntax) }
        loader.setDevelopmentLocalization(development)
        return try loader.finish()
    }

    mutating func addARB(file: MessageFormatJSON.File, syntax: MessageSyntax) throws(CatalogError) {
        var file = file
        let path = file.path
        let (name, l) = (file.table, file.localization)
        try claimResource(path: path, table: name, localization: l)
        if syntax != .icu { for k in file.info.keys { file.info[k]!.messageSyntax = syntax } }
        arbFiles.append((file, syntax))
        var table = bundle.tables.removeValue(forKey: name) ?? CatalogTable(name: name)
        table.sources.append(path)
        table.fallsBackPerKey = true
        if table.messages[l] == nil { table.messages[l] = [:] }
        bundle.tables[name] = table
        if !bundle.declaredLocalizations.contains(l) { bundle.declaredLocalizations.append(l) }
    }

    /// A Flutter project through its `l10n.yaml`: every `.arb` file of its `arb-dir`, the template's
    /// locale the development localization (unless a source or the caller names another).
    mutating func addFlutterProject(_ yaml: String) throws(CatalogError) {
        let project = try FlutterProject.read(path: yaml)
        guard isDirectory(project.arbDir) else {
            throw CatalogError(file: yaml, line: project.lines["arb-dir"], "arb-dir '\(project.arbDir)' is not a folder")
        }
        let files = try listDirectory(project.arbDir).filter { fileExtension($0) == "arb" }
        guard files.contains(project.template) else {
            throw CatalogError(file: yaml, line: project.lines["template-arb-file"],
                               "the template '\(project.template)' is not in \(project.arbDir) (template-arb-file, default app_en.arb)")
        }
        // gen-l10n reads apostrophes as text unless use-escaping is on.
        let syntax: MessageSyntax = project.useEscaping ? .icu : .icuApostrophesAsText
        let before = arbFiles.count
        for f in files { try addARB(project.arbDir + "/" + f, syntax: syntax) }
        let templatePath = project.arbDir + "/" + project.template
        if let t = arbFiles[before...].first(where: { $0.file.path == templatePath }) {
            flutterTemplate = (templatePath, t.file.localization)
        }
    }

    /// Lowers every ARB file (templates first), adds its messages, and fills each translation's
    /// missing keys with the template's message formatted in the translation's locale.
    mutating func finishARB() throws(CatalogError) {
        guard !arbFiles.isEmpty else { return }
        let development = bundle.developmentLocalization ?? "en"
        let files = arbFiles
        arbFiles = []
        var templates: [String: MessageFormatJSON.File] = [:]
        for f in files where f.file.localization == development { templates[f.file.table] = f.file }
        // Templates first: their descriptions and placeholders are the keys' before a translation's.
        let ordered = files.filter { $0.file.localization == development } + files.filter { $0.file.localization != development }
        for (file, syntax) in ordered {
            let template = templates[file.table]
            var messages = try file.lowered(template: template, syntax: syntax)
            var table = bundle.tables.removeValue(forKey: file.table) ?? CatalogTable(name: file.table)
            let l = file.localization
            var locations = table.locations.removeValue(forKey: l) ?? [:]
            for k in messages.keys { locations[k] = MessageLocation(file: file.path, line: file.lines[k]) }
            if let template, template.path != file.path {
                for (key, source) in template.icuSources where messages[key] == nil {
                    var fill = CatalogMessage(try template.lower(source, key: key, placeholdersFrom: template, locale: l, syntax: syntax))
                    fill.isImplicit = true
                    messages[key] = fill
                }
            }
            var own = table.messages.removeValue(forKey: l) ?? [:]
            own.merge(messages) { _, new in new }
            table.messages[l] = own
            table.locations[l] = locations
            // The template's descriptions and placeholders are the key's; a translation's fill gaps.
            let isTemplate = template?.path == file.path
            table.info.merge(file.info) { own, new in isTemplate || own.comment == nil && own.arguments.isEmpty ? new : own }
            bundle.tables[file.table] = table
        }
    }
}
