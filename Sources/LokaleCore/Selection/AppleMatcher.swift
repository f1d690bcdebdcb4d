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

    /// An available localization: as spelled (keywords dropped) and in Apple's normal form.
    struct Candidate {
        var index: Int
        var spelled: ICULocale
        var normal: ICULocale
        /// The chain and likely form the table recorded (the same answers as ICU's); nil: ask ICU.
        var recorded: (chain: [ICULocale], maximized: ICULocale)? = nil

        /// The normal form's chain (`AppleLocales.chain`).
        var chain: [ICULocale] { recorded?.chain ?? AppleLocales.chain(normal) }
        /// The normal form with likely subtags.
        var maximized: ICULocale { recorded?.maximized ?? normal.maximized }
    }

    public func order(preferred: [String], available: [String]) -> [LocalizationChoice] {
        order(preferred: preferred, available: available, known: { _ in nil })
    }

    /// `raw` as spelled (keywords dropped) and in normal form, with what the table recorded of it.
    static func candidate(_ raw: String, index: Int, known: (String) -> LocaleData.Selection?) -> Candidate? {
        if let k = known(raw) {
            return Candidate(index: index, spelled: ICULocale(id: k.icuID).withoutKeywords, normal: ICULocale(id: k.normal),
                             recorded: (k.chain.map(ICULocale.init(id:)), ICULocale(id: k.maximized)))
        }
        guard let l = ICULocale(raw)?.withoutKeywords else { return nil }
        return Candidate(index: index, spelled: l, normal: AppleLocales.normalized(l))
    }

    public func order(preferred: [String], available: [String], known: (String) -> LocaleData.Selection?) -> [LocalizationChoice] {
        let candidates: [Candidate] = available.enumerated().compactMap { i, raw in Self.candidate(raw, index: i, known: known) }
        guard !candidates.isEmpty else { return [] }
        var main: (preference: Int, candidate: Candidate)? = nil
        var backup: (preference: Int, candidate: Candidate, want: ICULocale)? = nil
        for (p, raw) in preferred.enumerated() {
            guard let preference = Self.candidate(raw, index: p, known: known) else { continue }
            let want = preference.spelled, chain = preference.chain
            if let c = candidates.first(where: { $0.spelled == want }) ?? Self.firstOnChain(chain, candidates) {
                main = (p, c)
                break
            }
            if backup == nil, let c = Self.backup(chain, candidates) { backup = (p, c, chain[0]) }
        }
        guard let (p, m) = Self.decide(main: main, backup: backup) else { return [] }
        var result = [LocalizationChoice(localization: m.index, reason: .matched(preference: p, language: preferred[p]))]
        for c in Self.fallbacks(of: m, candidates) {
            result.append(LocalizationChoice(localization: c.index, reason: .fallback(of: available[m.index], preference: p)))
        }
        return result
    }

    /// The first step of a chain that a localization matches: spelled the same (so `zh_Hant_HK`
    /// wins over `zh_HK` for `zh_Hant_HK`, whatever the bundle's order), else in normal form.
    static func firstOnChain(_ chain: [ICULocale], _ candidates: [Candidate]) -> Candidate? {
        for step in chain {
            if let c = candidates.first(where: { $0.spelled == step }) ?? candidates.first(where: { $0.normal == step }) {
                return c
            }
        }
        return nil
    }

    /// The localization whose own chain reaches the preference's chain soonest: at the earliest
    /// step of the preference's chain, the candidate with that step nearest up its chain; on a
    /// tie the step's likely form (`zh_TW` for `zh_Hant`, as Apple weighs `zh_Hant_TW` nearer
    /// than `zh_Hant_HK`), then the bundle's order. A localization of another script never
    /// qualifies: `zh_Hant` and `sr_Latn` end their chains at the root, not at `zh` or `sr`.
    static func backup(_ chain: [ICULocale], _ candidates: [Candidate]) -> Candidate? {
        for step in chain {
            let reaching = candidates.compactMap { c -> (Candidate, Int)? in
                guard let up = c.chain.firstIndex(of: step), up > 0 else { return nil }
                return (c, up)
            }
            // The step's likely form only once a candidate reaches it: most steps reach none.
            guard !reaching.isEmpty else { continue }
            let stepMax = step.maximized
            return reaching.map { c, up in (c, 2 * up + (c.maximized == stepMax ? 0 : 1)) }.min(by: { $0.1 < $1.1 })?.0
        }
        return nil
    }

    /// Apple keeps a backup from an earlier preference over a later preference's match when the
    /// two differ in language or script (`pt-BR, fr` with `pt_PT, fr` gives `pt_PT`), except
    /// that a `pt-PT` user is not given `pt_BR` when a later preference matched.
    static func decide(main: (preference: Int, candidate: Candidate)?,
                       backup: (preference: Int, candidate: Candidate, want: ICULocale)?) -> (Int, Candidate)? {
        guard let b = backup else { return main.map { ($0.preference, $0.candidate) } }
        guard let m = main else { return (b.preference, b.candidate) }
        if b.want.id == "pt_PT", b.candidate.normal.id == "pt_BR" { return (m.preference, m.candidate) }
        let mMax = m.candidate.maximized, bMax = b.candidate.maximized
        let differs = mMax.language != bMax.language || mMax.script != bMax.script
        return differs ? (b.preference, b.candidate) : (m.preference, m.candidate)
    }

    /// What follows the match: a localization spelling the match's normal form (`zh_Hant_HK` after
    /// `zh_HK`), then those on the match's chain (`en_AU` → `en_GB` → `en_001` → `en`). Apple's one
    /// addition: after `zh_HK` or `zh_MO`, `zh_TW` stands for Traditional Chinese when the bundle
    /// has no `zh_Hant`.
    static func fallbacks(of m: Candidate, _ candidates: [Candidate]) -> [Candidate] {
        var result: [Candidate] = []
        var unused = candidates.filter { $0.index != m.index }
        func take(_ c: Candidate?) {
            guard let c else { return }
            result.append(c)
            unused.removeAll { $0.index == c.index }
        }
        let chain = m.chain
        for step in m.normal == m.spelled ? Array(chain.dropFirst()) : chain {
            take(unused.first(where: { $0.spelled == step }) ?? unused.first(where: { $0.normal == step }))
        }
        if m.spelled.id == "zh_HK" || m.spelled.id == "zh_MO",
           !candidates.contains(where: { $0.spelled.id == "zh_Hant" }) {
            take(unused.first(where: { $0.spelled.id == "zh_TW" }))
        }
        return result
    }
}

extension ICULocale {
    /// The locale without `@keywords` (Apple matches base names: `en_US@calendar=buddhist` is `en_US`).
    var withoutKeywords: ICULocale {
        guard let at = id.firstIndex(of: "@") else { return self }
        return ICULocale(id: String(id[..<at]))
    }
}
