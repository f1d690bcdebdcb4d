internal import CTable

/// Apple's localization selection (`Bundle.preferredLocalizations`, `ualoc_localizationsToUse`),
/// rebuilt on ICU data. The algorithm is documented in docs/LANGUAGE-SELECTION.md; it reproduces
/// every row of the example table in Apple's `ualoc.h` (Tests/LokaleCoreTests/AppleLocalizationsToUseTests.swift).
///
/// For each preferred language in order: the localization spelled the same, else the first step of
/// its chain (normal form, then Apple's parents) that a localization matches. A preference with no
/// such match may leave a *backup*: a localization one of whose ancestors is on the preference's
/// chain (`pt_PT` for `pt-BR`, `zh_TW` for `zh-HK`). The first preference with a match decides,
/// unless an earlier preference left a backup of another language or script. The result is the
/// match followed by the localizations on its own chain.
public struct AppleMatcher: LocalizationMatcher {
    public init() {}

    public func order(preferred: [String], available: [String]) -> [LocalizationChoice] {
        order(preferred: preferred, available: available, known: { _ in nil })
    }

    /// The rule itself is C's (`lokale_select.h`), which a start without the Swift runtime runs
    /// over a table's records too; this gives it the facts: what the table recorded of a name, else
    /// ICU's answers, asked only when the rule needs them (a chain, a likely form).
    public func order(preferred: [String], available: [String], known: (String) -> LocaleData.Selection?) -> [LocalizationChoice] {
        let facts = SelectionFacts()
        var candidates: [lk_select_locale] = []
        for (i, raw) in available.enumerated() {
            if let c = facts.locale(raw, index: i, known: known) { candidates.append(c) }
        }
        return run(preferred: preferred, candidates: &candidates, facts: facts, named: { available[$0] }) { p in
            facts.locale(preferred[p], index: p, known: known)
        }
    }

    /// `order(preferred:available:known:)` of the localizations `indices` of `table` (`available`
    /// their names), reading what the table's LOCD records say of them in place (CTable's
    /// `lk_recorded_locale`, as a start without the Swift runtime reads them): the same answers,
    /// without a string made for what is recorded.
    func order(preferred: [String], table: CompiledTable, indices: [Int]) -> [LocalizationChoice] {
        let facts = SelectionFacts()
        var view = table.view
        let base = table.file.base.assumingMemoryBound(to: UInt8.self)
        func recorded(_ localization: Int, index: Int) -> lk_select_locale? {
            var l = lk_select_locale()
            guard lk_recorded_locale(base, &view, UInt64(localization), &l) != 0 else { return nil }
            l.index = Int32(index)
            return l
        }
        var candidates: [lk_select_locale] = []
        for (k, i) in indices.enumerated() {
            if let c = recorded(i, index: k) ?? facts.locale(table.localizations[i], index: k, known: { _ in nil }) { candidates.append(c) }
        }
        return run(preferred: preferred, candidates: &candidates, facts: facts, named: { table.localizations[indices[$0]] }) { p in
            let raw = preferred[p]
            if table.hasLocaleData, let i = table.localizations.firstIndex(of: raw), let l = recorded(i, index: p) { return l }
            return facts.locale(raw, index: p, known: { _ in nil })
        }
    }

    /// The rule over the candidates, given the preferences one at a time (`preference(p)`, nil for
    /// a name that is no locale), so that only those it reaches are converted.
    private func run(preferred: [String], candidates: inout [lk_select_locale], facts: SelectionFacts, named: (Int) -> String,
                     preference: (Int) -> lk_select_locale?) -> [LocalizationChoice] {
        guard !candidates.isEmpty else { return [] }
        var order = [Int32](repeating: -1, count: candidates.count)
        var count: UInt32 = 0, chosen: Int32 = -1
        let result = withExtendedLifetime(facts) {
            var source = lk_select_source(context: Unmanaged.passUnretained(facts).toOpaque(), fill: SelectionFacts.fill,
                                          likely: SelectionFacts.likely)
            return candidates.withUnsafeMutableBufferPointer { c in
                var s = lk_apple_selection()
                lk_apple_begin(&s)
                for p in preferred.indices {
                    guard var l = preference(p) else { continue }
                    if lk_apple_consider(&s, &l, c.baseAddress, UInt32(c.count), &source) == LK_SELECT_DECIDED { break }
                }
                return lk_apple_finish(&s, c.baseAddress, UInt32(c.count), &source, &order, &count, &chosen)
            }
        }
        // The Swift source always tells (ICU answers any name), so the rule always concludes.
        guard result == LK_SELECT_DECIDED, chosen >= 0 else { return [] }
        let p = Int(chosen)
        var choices: [LocalizationChoice] = []
        for k in 0..<Int(count) {
            choices.append(LocalizationChoice(localization: Int(order[k]), reason: k == 0 ? .matched(preference: p, language: preferred[p])
                                                                                     : .fallback(of: named(Int(order[0])), preference: p)))
        }
        return choices
    }
}

/// The facts `AppleMatcher` lends the rule, and the memory they live in until the rule returns.
final class SelectionFacts {
    private var blocks: [UnsafeMutableRawPointer] = []

    deinit { for b in blocks { b.deallocate() } }

    /// `raw` as spelled (keywords dropped) and in Apple's normal form, with the chain and likely
    /// form the table recorded of it; without a record, those are asked of ICU when needed.
    func locale(_ raw: String, index: Int, known: (String) -> LocaleData.Selection?) -> lk_select_locale? {
        if let k = known(raw) {
            return lk_select_locale(spelled: text(ICULocale(id: k.icuID).withoutKeywords.id), normal: text(k.normal),
                                    chain: text(k.chain.joined(separator: " ")), likely: text(k.maximized), index: Int32(index))
        }
        guard let l = ICULocale(raw)?.withoutKeywords else { return nil }
        return lk_select_locale(spelled: text(l.id), normal: text(AppleLocales.normalized(l).id), chain: lk_text(), likely: lk_text(),
                                index: Int32(index))
    }

    func text(_ s: String) -> lk_text {
        var s = s
        return s.withUTF8 { u in
            let p = UnsafeMutableRawPointer.allocate(byteCount: max(u.count, 1), alignment: 1)
            if let b = u.baseAddress { p.copyMemory(from: b, byteCount: u.count) }
            blocks.append(p)
            return lk_text(bytes: p.assumingMemoryBound(to: CChar.self), length: UInt32(u.count))
        }
    }

    static func string(_ t: lk_text) -> String {
        String(decoding: UnsafeRawBufferPointer(start: t.bytes, count: Int(t.length)), as: UTF8.self)
    }

    /// A locale's chain (`AppleLocales.chain`) or likely form, from ICU.
    static let fill: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<lk_select_locale>?, Int32) -> Int32 = { context, l, which in
        guard let context, let l else { return 0 }
        let facts = Unmanaged<SelectionFacts>.fromOpaque(context).takeUnretainedValue()
        let normal = ICULocale(id: string(l.pointee.normal))
        if which == LK_SELECT_CHAIN {
            l.pointee.chain = facts.text(AppleLocales.chain(normal).map(\.id).joined(separator: " "))
        } else {
            l.pointee.likely = facts.text(normal.maximized.id)
        }
        return 1
    }

    /// A chain step's likely form, from ICU.
    static let likely: @convention(c) (UnsafeMutableRawPointer?, lk_text, UnsafeMutablePointer<lk_text>?) -> Int32 = { context, step, out in
        guard let context, let out else { return 0 }
        let facts = Unmanaged<SelectionFacts>.fromOpaque(context).takeUnretainedValue()
        out.pointee = facts.text(ICULocale(id: string(step)).maximized.id)
        return 1
    }
}

extension ICULocale {
    /// The locale without `@keywords` (Apple matches base names: `en_US@calendar=buddhist` is `en_US`).
    var withoutKeywords: ICULocale {
        guard let at = id.firstIndex(of: "@") else { return self }
        return ICULocale(id: String(id[..<at]))
    }
}
