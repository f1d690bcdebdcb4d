import LokaleCore
/// Applies a translated XLIFF `<file>` to a String Catalog table: only the target language's
/// values and states change; ids the catalog does not know are reported, not guessed at.
public enum XLIFFImport {
    public struct Summary: Sendable {
        /// Messages (keys) whose values or states changed.
        public var changed = 0
        /// Units with a target that were read.
        public var translated = 0
        /// Units that could not be applied: unknown keys or variant paths (with their line).
        public var unknown: [(id: String, line: Int, reason: String)] = []
    }

    public static func apply(_ file: XLIFFDocument.File, to table: inout CatalogTable, xliffPath: String) throws(CatalogError) -> Summary {
        guard let language = file.targetLanguage, !language.isEmpty else {
            throw CatalogError(file: xliffPath, "<file original=\"\(file.original)\"> has no target-language")
        }
        let source = table.sourceLanguage ?? "en"
        guard file.sourceLanguage == source else {
            throw CatalogError(file: xliffPath, "the XLIFF's source language is \(file.sourceLanguage) but the catalog's is \(source)")
        }
        var summary = Summary()
        let keys = table.keys
        // Units by key, in file order.
        var byKey: [String: [(path: String, unit: XLIFFDocument.Unit)]] = [:]
        var order: [String] = []
        for u in file.units where u.target != nil {
            summary.translated += 1
            var key = u.id, path = ""
            if !keys.contains(key), let r = u.id.lastRange(of: XLIFFDocument.variantSeparator) {
                key = String(u.id[..<r.lowerBound])
                path = String(u.id[r.upperBound...])
            }
            guard keys.contains(key) else {
                summary.unknown.append((u.id, u.line, "no such key in the catalog"))
                continue
            }
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append((path, u))
        }

        for key in order {
            let s = table.messages[source]?[key] ?? CatalogMessage(text: key)
            let existing = table.messages[language]?[key].flatMap { $0.isImplicit ? nil : $0 }
            // A language new to this key starts from the source's shape, untranslated (as Xcode does).
            var m = existing ?? CatalogMessage(s.variation, substitutions: s.substitutions, state: "new")
            var states: [String: String?] = [:]
            for (path, _) in m.leafPaths { states[path] = existing == nil ? "new" : m.state(at: path) }
            for (path, unit) in byKey[key]! {
                let names = m.substitutions.map(\.name) + s.substitutions.map(\.name)
                let (name, rest) = VariantPathSplit.split(path, names: names)
                let value = unit.target!
                if let name {
                    if !m.substitutions.contains(where: { $0.name == name }), let fromSource = s.substitutions.first(where: { $0.name == name }) {
                        m.substitutions.append(fromSource)
                        m.substitutions.sort { $0.name < $1.name }
                    }
                    guard let i = m.substitutions.firstIndex(where: { $0.name == name }),
                          let updated = m.substitutions[i].variation.setting(value, at: rest), !rest.isEmpty else {
                        summary.unknown.append((unit.id, unit.line, "no substitution '\(name)' or no such variant"))
                        continue
                    }
                    m.substitutions[i].variation = updated
                } else if rest.isEmpty, s.variation.isMessageFormat, let quoting = table.info[key]?.messageSyntax.quoting {
                    // An ARB message's translation is ICU MessageFormat too, read with the template's
                    // placeholders as compile reads it.
                    let formats = ARBFormats.functions(for: value, arguments: table.info[key]?.arguments ?? [], locale: language, quoting: quoting)
                    do {
                        m.variation = .messageFormat(source: value, message: try ICUMessageFormat.parse(value, formats: formats, quoting: quoting))
                    } catch {
                        summary.unknown.append((unit.id, unit.line, "not a valid ICU MessageFormat message: \(error)"))
                        continue
                    }
                } else if rest.isEmpty, s.variation.isMessageFormat {
                    // An MF2 message's translation is MF2 too: checked here, as compile would.
                    do {
                        m.variation = .messageFormat(source: value, message: try MF2.checked(value))
                    } catch {
                        summary.unknown.append((unit.id, unit.line, "not a valid MessageFormat 2 message: \(error)"))
                        continue
                    }
                } else if rest.isEmpty {
                    let current = existing.map { $0.variation.representativeText } ?? s.variation.representativeText
                    m.variation = .text(m.namedSubstitutions(value, like: current))
                } else {
                    guard let updated = m.variation.setting(value, at: rest) else {
                        summary.unknown.append((unit.id, unit.line, "not a variant path Lokale knows"))
                        continue
                    }
                    m.variation = updated
                }
                states[path] = unit.state.map(XLIFFDocument.catalogState) ?? nil
            }
            // Only leaves that still exist keep a state.
            let live = Set(m.leafPaths.map(\.path))
            m.setLeafStates(states.filter { live.contains($0.key) })
            if m != existing {
                table.messages[language, default: [:]][key] = m
                summary.changed += 1
            }
        }
        return summary
    }
}

extension String {
    func lastRange(of needle: String) -> Range<String.Index>? {
        var found: Range<String.Index>? = nil
        var from = startIndex
        while let r = self[from...].firstRange(of: needle) {
            found = r
            from = index(after: r.lowerBound)
        }
        return found
    }
}
