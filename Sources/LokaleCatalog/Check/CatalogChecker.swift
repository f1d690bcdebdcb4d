import LokaleCore

/// `lokale check`: everything a translator or a CI job should know about a bundle's catalogs, without
/// writing anything. Format problems come from the compiler itself (`TableWriter`), so the checker
/// reports exactly what compiling would report and replace.
///
/// Decisions:
/// - A key is untranslated in a localization when it has no message there, its state is `new`, or
///   its message was filled in from the development localization (`isImplicit`).
///   `needs_review` counts as translated (the runtime shows it) and is reported separately.
/// - Totals are the development localization's translatable keys (`shouldTranslate: false` excluded);
///   `Base` is the development text by definition and gets no statistics.
/// - A plural variation without `other` is an error (some counts have no text); other missing CLDR
///   categories, and categories the language never selects, are warnings.
/// - A message a table that falls back per key (ARB, Android) filled in from the development
///   localization (`isImplicit`) is untranslated: the runtime shows the development text.
/// - A MessageFormat translation that reads an argument its development message neither reads nor
///   declares is an error (the compiler replaces it), at the argument's column in JSON resources;
///   one that leaves out an argument the development message reads is a warning.
public enum CatalogChecker {
    public struct Options: Sendable {
        /// Messages as written in code, compared with the development localization's text.
        public var codeDefaults: [ExtractedMessage]
        /// How many keys a grouped finding (untranslated, needs_review, stale) names before "…".
        public var keysListed: Int
        /// Errors of MessageFormat 2 messages given as source in code (`Extractor.Result`), reported as they are.
        public var codeMessageFormats: [MessageFormatProblem]

        public init(codeDefaults: [ExtractedMessage] = [], keysListed: Int = 5, codeMessageFormats: [MessageFormatProblem] = []) {
            self.codeDefaults = codeDefaults
            self.keysListed = keysListed
            self.codeMessageFormats = codeMessageFormats
        }
    }

    public static func check(_ bundle: CatalogBundle, options: Options = Options()) throws(CatalogError) -> CheckReport {
        var c = Checker(bundle: bundle, options: options)
        try c.formatProblems()
        for name in bundle.tables.keys.sorted() { c.table(bundle.tables[name]!) }
        c.duplicateKeys()
        c.codeDefaults()
        c.codeKeys()
        for p in options.codeMessageFormats {
            c.findings.append(CheckFinding(severity: .error, kind: .messageFormat, file: p.file, line: p.line, column: p.column,
                                           table: "", key: nil, localization: nil, message: p.message))
        }
        let stats = c.statistics.values.sorted { $0.localization < $1.localization }
        let summary = CheckSummary(developmentLocalization: c.development, localizations: stats,
                                   errors: c.findings.count { $0.severity == .error },
                                   warnings: c.findings.count { $0.severity == .warning })
        return CheckReport(problems: c.findings, summary: summary)
    }
}

private struct Checker {
    let bundle: CatalogBundle
    let options: CatalogChecker.Options
    let development: String
    var findings: [CheckFinding] = []
    var statistics: [String: LocalizationStatistics] = [:]
    var lines = SourceLines()

    init(bundle: CatalogBundle, options: CatalogChecker.Options) {
        self.bundle = bundle
        self.options = options
        development = bundle.developmentLocalization ?? "en"
        for l in bundle.localizations where l != "Base" { statistics[l] = LocalizationStatistics(localization: l) }
        if statistics[development] == nil { statistics[development] = LocalizationStatistics(localization: development) }
    }

    static func file(_ t: CatalogTable) -> String { t.sources.first ?? t.name }

    /// A finding placed where its message is: the file (and line) the loader recorded for the key
    /// in that localization (bundle folders have one file per localization), else the String
    /// Catalog's line of the key; a finding about a whole localization names that localization's file.
    mutating func add(_ severity: CheckFinding.Severity, _ kind: CheckFinding.Kind, _ t: CatalogTable, key: String?,
                      localization: String?, _ message: String) {
        var at = MessageLocation(file: Self.file(t))
        if let key { at = t.location(of: key, localization: localization ?? development) }
        else if let localization { at.file = t.file(localization: localization) }
        let line = at.line ?? key.flatMap { lines.line(file: at.file, key: $0, localization: localization) }
        findings.append(CheckFinding(severity: severity, kind: kind, file: at.file, line: line, table: t.name, key: key,
                                     localization: localization, message: message))
    }

    /// The compiler's own findings: errors (a mismatched translation is never shown), but for a
    /// reader's advice that changes nothing shown, reported as the kind it names (`checkKind`).
    mutating func formatProblems() throws(CatalogError) {
        for w in try TableWriter.compile(bundle).statistics.warnings {
            findings.append(CheckFinding(severity: w.checkKind == nil ? .error : .warning, kind: w.checkKind ?? .format, file: w.file,
                                         line: w.line ?? lines.line(file: w.file, key: w.key, localization: w.localization), column: w.column,
                                         table: w.table, key: w.key, localization: w.localization, message: w.message))
        }
    }

    func listed(_ keys: [String]) -> String {
        let shown = keys.sorted().prefix(options.keysListed).map { "'\($0)'" }.joined(separator: ", ")
        return shown + (keys.count > options.keysListed ? ", …" : "")
    }

    mutating func table(_ t: CatalogTable) {
        let sourceKeys = t.messages[development].map { Set($0.keys) } ?? t.keys
        let translatable = sourceKeys.filter { t.info[$0]?.shouldTranslate ?? true }.sorted()
        let staleKeys = translatable.filter { t.info[$0]?.extractionState == "stale" }
        if !staleKeys.isEmpty {
            add(.warning, .stale, t, key: staleKeys.count == 1 ? staleKeys[0] : nil, localization: nil,
                "\(staleKeys.count) stale key\(staleKeys.count == 1 ? "" : "s") (extractionState stale: no longer in the code): \(listed(staleKeys))")
        }
        for l in statistics.keys.sorted() {
            let messages = t.messages[l] ?? [:]
            var s = statistics[l]!
            var untranslated: [String] = [], review: [String] = [], stale: [String] = []
            for k in translatable {
                let m = messages[k]
                switch m?.state {
                case "needs_review": review.append(k)
                // The development text is the source: `new` there only means "just extracted".
                case "new" where l != development: s.new += 1
                case "stale": stale.append(k)
                default: break
                }
                // A message the loader filled in (Android's per-key fallback) shows the development text: untranslated.
                if l == development || (m != nil && m?.state != "new" && m?.isImplicit != true) { s.translated += 1 } else { untranslated.append(k) }
            }
            s.total += translatable.count
            s.needsReview += review.count
            s.stale += stale.count + staleKeys.count
            statistics[l] = s
            if !untranslated.isEmpty {
                add(.warning, .untranslated, t, key: nil, localization: l,
                    "\(untranslated.count) of \(English.count(translatable.count, "key")) untranslated: \(listed(untranslated))")
            }
            if !review.isEmpty {
                add(.warning, .needsReview, t, key: review.count == 1 ? review[0] : nil, localization: l,
                    "\(review.count) translation\(review.count == 1 ? "" : "s") need\(review.count == 1 ? "s" : "") review: \(listed(review))")
            }
            if !stale.isEmpty {
                add(.warning, .stale, t, key: stale.count == 1 ? stale[0] : nil, localization: l,
                    "\(stale.count) stale translation\(stale.count == 1 ? "" : "s"): \(listed(stale))")
            }
        }
        onlyInTranslations(t)
        // Plural coverage, for every localization that has messages (Base follows the development rules).
        for l in t.messages.keys.sorted() {
            for (k, m) in t.messages[l]!.sorted(by: { $0.key < $1.key }) {
                // shouldTranslate false shows the source text everywhere, on purpose; a message filled
                // in from the development localization is counted as untranslated above.
                if l != development, t.info[k]?.shouldTranslate == false || m.isImplicit { continue }
                let syntax = t.info[k]?.messageSyntax ?? .mf2
                for gap in PluralCoverage.gaps(in: m, rulesLocale: l == "Base" ? development : l, shownAs: l, syntax: syntax) {
                    add(gap.severity, gap.kind, t, key: k, localization: l, gap.message)
                }
                if l != development, l != "Base", let s = t.messages[development]?[k] {
                    let missing = MessageFormatCheck.missing(source: s.variation, translation: m.variation, syntax: syntax)
                    if !missing.isEmpty {
                        add(.warning, .missingArgument, t, key: k, localization: l,
                            "the translation does not use \(missing.joined(separator: ", ")), which the development message does")
                    }
                }
                if t.info[k]?.checksFormat ?? true {
                    for w in MixedNumbering.findings(in: m, syntax: t.info[k]?.formatSyntax ?? .apple) {
                        add(.warning, .mixedNumbering, t, key: k, localization: l, w)
                    }
                }
            }
        }
    }

    /// Keys a translation has and the development localization (nor Base, which is its text) does
    /// not: no call site can reach them with the development text as default, and they are usually
    /// renamed or removed keys left behind. Skipped when the table has no development messages at
    /// all (every key would be named). One finding per key, at the translation's file and line.
    mutating func onlyInTranslations(_ t: CatalogTable) {
        let source = Set(t.messages[development]?.keys ?? [:].keys).union(t.messages["Base"]?.keys ?? [:].keys)
        guard !source.isEmpty else { return }
        for l in t.messages.keys.sorted() where l != development && l != "Base" {
            for k in t.messages[l]!.keys.sorted() where !source.contains(k) {
                add(.warning, .onlyInTranslation, t, key: k, localization: l,
                    "key is only in translations: the development localization (\(development)) has no message for it")
            }
        }
    }

    mutating func duplicateKeys() {
        var tables: [String: [String]] = [:]
        for name in bundle.tables.keys.sorted() {
            for k in bundle.tables[name]!.keys { tables[k, default: []].append(name) }
        }
        for (k, names) in tables.sorted(by: { $0.key < $1.key }) where names.count > 1 {
            let all = names.map { "'\($0)' (\(Self.file(bundle.tables[$0]!)))" }.joined(separator: ", ")
            add(.warning, .duplicateKey, bundle.tables[names[0]]!, key: k, localization: nil,
                "key is defined in \(names.count) tables: \(all)")
        }
    }

    /// Code defaults against plain development texts; varied messages (plural, device) legitimately
    /// differ from the single default written in code and are not compared.
    mutating func codeDefaults() {
        for d in options.codeDefaults {
            guard let value = d.defaultValue, !value.isEmpty else { continue }
            let name = d.table.flatMap { $0.isEmpty ? nil : $0 } ?? Resolution.defaultTable
            guard let t = bundle.tables[name], let m = t.messages[development]?[d.key],
                  m.substitutions.isEmpty, case .text(let text) = m.variation, text != value else { continue }
            let catalog = Self.file(t)
            let catalogLine = lines.line(file: catalog, key: d.key, localization: development)
            findings.append(CheckFinding(
                severity: .warning, kind: .defaultMismatch, file: d.file, line: d.line, table: name, key: d.key,
                localization: development,
                message: "the default value in code \(quoted(value)) differs from the \(development) text \(quoted(text)) in \(catalog)\(catalogLine.map { ":\($0)" } ?? "")"))
        }
    }

    /// Keys the code looks up that its table lacks, at the first call site (later ones are counted);
    /// keys of a table none of the checked catalogs defines are one finding per table.
    mutating func codeKeys() {
        var uses: [[String]: (first: ExtractedMessage, count: Int)] = [:]
        var order: [[String]] = []
        var missingTables: [String: [ExtractedMessage]] = [:], tableOrder: [String] = []
        for d in options.codeDefaults {
            let name = d.table.flatMap { $0.isEmpty ? nil : $0 } ?? Resolution.defaultTable
            if bundle.tables[name] == nil {
                if missingTables[name] == nil { tableOrder.append(name) }
                if missingTables[name]?.contains(where: { $0.key == d.key }) != true { missingTables[name, default: []].append(d) }
                continue
            }
            let id = [name, d.key]
            if let u = uses[id] { uses[id] = (u.first, u.count + 1) } else { uses[id] = (d, 1); order.append(id) }
        }
        var keys: [String: Set<String>] = [:]
        for id in order {
            let (d, count) = uses[id]!
            let t = bundle.tables[id[0]]!
            if keys[t.name] == nil { keys[t.name] = t.keys }
            guard !keys[t.name]!.contains(d.key) else { continue }
            let shown = d.defaultValue.map { "its default value \(quoted($0))" } ?? "the key itself"
            let more = count > 1 ? " (and \(English.count(count - 1, "other use")))" : ""
            findings.append(CheckFinding(
                severity: .warning, kind: .missingKey, file: d.file, line: d.line, table: t.name, key: d.key, localization: nil,
                message: "the code uses this key\(more), which is not in \(Self.file(t)): every language shows \(shown)"))
        }
        for name in tableOrder {
            let keys = missingTables[name]!
            let d = keys[0]
            let tables = bundle.tables.keys.sorted()
            findings.append(CheckFinding(
                severity: .warning, kind: .missingKey, file: d.file, line: d.line, table: name, key: keys.count == 1 ? d.key : nil,
                localization: nil,
                message: "the code uses \(English.count(keys.count, "key")) of table '\(name)' (\(listed(keys.map(\.key)))), which none of the "
                    + "checked catalogs defines (\(tables.count == 1 ? "their table is" : "their tables are") \(tables.joined(separator: ", ")))"))
        }
    }

    func quoted(_ s: String) -> String {
        "\"" + s.replacing("\n", with: "\\n") + "\""
    }
}
