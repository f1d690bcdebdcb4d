import LokaleCore

/// Android string resources as one table of the catalog model. Android has one namespace of
/// resources per app, so every file of every `values*` folder is one table, `Localizable`:
///
/// - `<string name="x">` is the key `x`; `<plurals name="x">` the key `x` with a plural variation
///   on the first argument (apps call `getQuantityString(R.plurals.x, n, n)`: the count is also
///   the first format argument); `<string-array name="x">` the keys `x[0]`, `x[1]`, … (brackets
///   cannot be part of a resource name, so these keys never meet another resource's).
/// - Android chooses a quantity by CLDR's rules alone: a `zero` item in English is never used.
///   Apple's extra rule (a `zero` variant answers 0 in every language) would use it, so quantities
///   the language does not have are dropped, with a warning.
/// - A value that is a whole `@string/other` shows `other`'s text in the same language, as the
///   runtime resolves the reference (a missing or cyclic one is an error); such a key is not for
///   translators: each language shows its own text of `other`.
/// - A key a language lacks shows the default text (`fallsBackPerKey`; the loader fills it in).
enum AndroidCatalog {
    typealias Entry = AndroidResourceFile.Entry

    struct Chosen {
        var entry: Entry
        var file: String
    }

    /// One language's resources: the `values/` folder's for the development localization (with
    /// a `values-<development>/` folder's over them), a `values-fr/` folder's for French.
    struct Group {
        var localization: String
        var resources: [String: Chosen] = [:]
        var files: [String] = []
    }

    static func table(_ sources: AndroidSources, development: String) throws(CatalogError) -> (CatalogTable, [CatalogWarning]) {
        var builder = Builder(development: development)
        // The default folder first: a `values-<development>/` folder then overrides it per resource.
        for folder in sources.folders.sorted(by: { ($0.localization == nil ? 0 : 1, $0.path) < ($1.localization == nil ? 0 : 1, $1.path) }) {
            try builder.add(folder)
        }
        try builder.build()
        builder.warnings.insert(contentsOf: sources.warnings, at: 0)
        return (builder.table, builder.warnings)
    }

    struct Builder {
        let development: String
        var groups: [String: Group] = [:]
        var table = CatalogTable(name: Resolution.defaultTable)
        var warnings: [CatalogWarning] = []

        init(development: String) {
            self.development = development
            table.fallsBackPerKey = true
        }

        /// Each resource of a folder, one value per name: the one without a `product` (or with
        /// `product="default"`), else the first, as aapt2 keeps for a build that names no product.
        mutating func add(_ folder: AndroidSources.Folder) throws(CatalogError) {
            let l = folder.localization ?? development
            var group = groups[l] ?? Group(localization: l)
            var seen: [String: Chosen] = [:] // by kind, name and product: a second one is aapt2's duplicate
            var chosen: [String: Chosen] = [:]
            var products: [String: Chosen] = [:]
            for file in folder.files {
                group.files.append(file.path)
                table.sources.append(file.path)
                for w in file.warnings {
                    warnings.append(CatalogWarning(file: file.path, line: w.position.line, table: table.name, localization: l, key: w.key, message: w.message))
                }
                for e in file.entries {
                    let id = e.kindName + "/" + e.name
                    let c = Chosen(entry: e, file: file.path)
                    if let other = seen[id + "/" + (e.product ?? "")] {
                        throw CatalogError(file: file.path, line: e.position.line, column: e.position.column,
                                           "<\(e.kindName) name=\"\(e.name)\">\(e.product.map { " (product \($0))" } ?? "") is defined twice in \(Self.folderName(folder.path)): here and at \(other.file):\(other.entry.position.line)")
                    }
                    seen[id + "/" + (e.product ?? "")] = c
                    if e.product == nil || e.product == "default" { chosen[id] = c } else if products[id] == nil { products[id] = c }
                }
            }
            for (id, c) in products.sorted(by: { $0.key < $1.key }) where chosen[id] == nil {
                chosen[id] = c
                warnings.append(CatalogWarning(file: c.file, line: c.entry.position.line, table: table.name, localization: l, key: c.entry.name,
                                               message: "no value without a product (or product=\"default\"): the one for product \"\(c.entry.product!)\" is read"))
            }
            // In file order, so that a clash is reported at the later of the two.
            let order = Dictionary(uniqueKeysWithValues: folder.files.enumerated().map { ($0.element.path, $0.offset) })
            // Sorted by light keys: comparing the resources themselves copies them (a 10,000-string file).
            for (_, _, id) in chosen.map({ (order[$0.value.file]!, $0.value.entry.position.line, $0.key) }).sorted(by: <) {
                let c = chosen[id]!
                // A string and a plurals resource may share a name in Android (R.string.x, R.plurals.x): not one key.
                let twin = (c.entry.kindName == "string" ? "plurals/" : c.entry.kindName == "plurals" ? "string/" : "-/") + c.entry.name
                if let t = group.resources[twin] {
                    throw CatalogError(file: c.file, line: c.entry.position.line, column: c.entry.position.column,
                                       "<\(c.entry.kindName) name=\"\(c.entry.name)\"> and <\(t.entry.kindName) name=\"\(t.entry.name)\"> (\(t.file):\(t.entry.position.line)) would be one key '\(c.entry.name)'")
                }
                group.resources[id] = c
            }
            groups[l] = group
        }

        static func folderName(_ path: String) -> String {
            AndroidSources.lastComponent(path)
        }

        mutating func build() throws(CatalogError) {
            let dev = groups[development]
            // Language-independent facts come from the default resources; keys only a translation has get theirs.
            for l in [development] + groups.keys.filter({ $0 != development }).sorted() {
                guard let group = groups[l] else { continue }
                for id in group.resources.keys.sorted() { try add(group.resources[id]!, in: group) }
            }
            // A default alias that a translation does not define shows the translation's own text of its target.
            guard let dev else { return }
            let aliases = dev.resources.keys.sorted().compactMap { id -> (String, Chosen, AndroidResourceFile.Value)? in
                guard let c = dev.resources[id], case .string(let v) = c.entry.kind, v.alias != nil else { return nil }
                return (id, c, v)
            }
            for l in groups.keys.sorted() where l != development && !aliases.isEmpty {
                let group = groups[l]!
                for (id, c, v) in aliases where group.resources[id] == nil {
                    var m = CatalogMessage(try variation(v, formatted: c.entry.formatted, at: c, in: group))
                    m.isImplicit = true
                    table.messages[l, default: [:]][c.entry.name] = m
                    table.locations[l, default: [:]][c.entry.name] = MessageLocation(file: c.file, line: c.entry.position.line)
                }
            }
        }

        /// One resource of one language into the table: its keys, messages, places and facts.
        mutating func add(_ c: Chosen, in group: Group) throws(CatalogError) {
            let l = group.localization, e = c.entry
            var info = MessageInfo(comment: e.comment, shouldTranslate: e.translatable ?? true, checksFormat: e.formatted)
            info.formatSyntax = .java
            let isDevelopment = l == development
            var keyed: [(String, Variation, AndroidXMLDocument.Position)] = []
            switch e.kind {
            case .string(let v):
                if isDevelopment, v.alias != nil { info.shouldTranslate = false }
                keyed = [(e.name, try variation(v, formatted: e.formatted, at: c, in: group), e.position)]
            case .plurals(let items):
                var cases: [PluralCategory: Variation] = [:]
                for (q, v) in items { cases[q] = try variation(v, formatted: e.formatted, at: c, in: group) }
                if let used = PluralCategories.required(for: l) {
                    let unused = PluralCategory.allCases.filter { cases[$0] != nil && !used.contains($0) }
                    if !unused.isEmpty {
                        warn(c, l, e.name, "quantit\(unused.count == 1 ? "y" : "ies") \(unused.map(\.rawValue).joined(separator: ", ")) dropped: "
                                + "Android chooses by CLDR's \(l) rules, which use only \(used.map(\.rawValue).joined(separator: ", "))",
                             checkKind: .unusedPluralCategory)
                        for u in unused { cases[u] = nil }
                    }
                }
                guard !cases.isEmpty else {
                    warn(c, l, e.name, "no quantity left that \(l) uses: the plurals resource is skipped")
                    return
                }
                keyed = [(e.name, .plural(argument: 1, ordinal: false, cases: cases), e.position)]
            case .array(let items):
                for (i, v) in items.enumerated() {
                    keyed.append(("\(e.name)[\(i)]", try variation(v, formatted: e.formatted, at: c, in: group), v.position))
                }
            }
            for (key, variation, position) in keyed {
                if table.info[key] == nil || isDevelopment { table.info[key] = info }
                else if table.info[key]!.comment == nil, let comment = e.comment { table.info[key]!.comment = comment }
                if !isDevelopment, groups[development]?.resources[e.kindName + "/" + e.name]?.entry.translatable == false {
                    warn(c, l, key, "translatable=\"false\" in the default resources, yet defined for \(l): Android shows this text to \(l) users (lint: ExtraTranslation)")
                }
                table.messages[l, default: [:]][key] = CatalogMessage(variation)
                table.locations[l, default: [:]][key] = MessageLocation(file: c.file, line: position.line)
            }
        }

        mutating func warn(_ c: Chosen, _ l: String, _ key: String, _ message: String, checkKind: CheckFinding.Kind? = nil) {
            var w = CatalogWarning(file: c.file, line: c.entry.position.line, table: table.name, localization: l, key: key, message: message)
            w.checkKind = checkKind
            warnings.append(w)
        }

        /// A value's message: its text (or markup), or its target's when it is an alias.
        func variation(_ v: AndroidResourceFile.Value, formatted: Bool, at c: Chosen, in group: Group,
                       seen: [String] = []) throws(CatalogError) -> Variation {
            guard let target = v.alias else { return AndroidMarkup.variation(v.text, formatted: formatted) }
            let fail = { (message: String) in CatalogError(file: c.file, line: v.position.line, column: v.position.column, message) }
            if seen.contains(target) {
                throw fail("@string/\(target) refers back to itself (\((seen + [target]).map { "@string/" + $0 }.joined(separator: " → ")))")
            }
            // The runtime resolves the reference in the language shown, else in the default resources.
            guard let t = group.resources["string/" + target] ?? groups[development]?.resources["string/" + target],
                  case .string(let value) = t.entry.kind else {
                throw fail("@string/\(target) names no string of \(group.localization == development ? "the default resources" : "\(group.localization) nor the default resources")")
            }
            return try variation(value, formatted: t.entry.formatted, at: t, in: group, seen: seen + [target])
        }
    }
}
