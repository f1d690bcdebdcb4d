/// The locale data Apple's selection walks: its normal form of an identifier and its parent chain.
/// Apple's rules are documented in Apple's ICU fork (apple-oss-distributions/ICU,
/// icuSources/i18n/ualoc.cpp); this is our own rendering of them on ICU's data, described in
/// docs/LANGUAGE-SELECTION.md.
enum AppleLocales {
    /// Apple's normal form: the spelling under which ICU keeps a locale's data.
    /// - a region without a script takes its likely script when ICU files the locale under it
    ///   (`zh_TW` → `zh_Hant_TW`, `sr_RS` → `sr_Cyrl_RS`; `en_IN` stays, as `en_Latn_IN` has no data);
    /// - bare `zh` (and `yue`) mean Simplified, Apple's alias (`zh` → `zh_Hans`);
    /// - a script that says nothing — the likely one, on a locale ICU has no data for — is dropped
    ///   (`en_Latn_US` → `en_US`, `en_Latn` → `en`).
    static func normalized(_ l: ICULocale) -> ICULocale { normalForms.value(l, computeNormalized) }

    /// The fallback chain of a normalized locale, itself first, then `parent` to the root.
    static func chain(_ start: ICULocale) -> [ICULocale] { chains.value(start, computeChain) }

    /// Apple's parent: its own table for regional English, else CLDR's parent from ICU's data
    /// (`en_IN` → `en_001` is overridden to `en_GB`; `es_MX` → `es_419`, `zh_Hant_MO` → `zh_Hant_HK`,
    /// `zh_Hant` → root), else the truncation (`pt_PT` → `pt`, `zh_Hans` → `zh`). Nil at the root.
    static func parent(_ l: ICULocale) -> ICULocale? {
        if l.language == "en", l.script.isEmpty, let p = englishParent(region: l.region), l.id == "en_\(l.region)" {
            return ICULocale(id: p)
        }
        return l.cldrParent
    }

    /// By locale: bounded (4096 each; see `SharedCache`), as preferred languages are caller input.
    private static let normalForms = SharedCache<ICULocale, ICULocale>()
    private static let chains = SharedCache<ICULocale, [ICULocale]>()

    /// Apple's bare-language aliases that add a script (ualoc.cpp's appleAliasMap).
    private static let bareLanguageScripts = ["zh": "Hans", "yue": "Hans"]

    private static func computeNormalized(_ l: ICULocale) -> ICULocale {
        let language = l.language, script = l.script, region = l.region
        var plain = ""
        for part in [language, script, region] where !part.isEmpty { plain += plain.isEmpty ? part : "_" + part }
        guard plain == l.id else { return l }  // variants: left as spelled
        if script.isEmpty {
            if region.isEmpty {
                return bareLanguageScripts[language].map { ICULocale(id: "\(language)_\($0)") } ?? l
            }
            let likely = l.maximized.script
            let withScript = ICULocale(id: "\(language)_\(likely)_\(region)")
            return !likely.isEmpty && withScript.hasData ? withScript : l
        }
        let withoutScript = ICULocale(id: region.isEmpty ? language : "\(language)_\(region)")
        if !l.hasData, withoutScript.maximized.script == script, bareLanguageScripts[language] == nil {
            return withoutScript
        }
        return l
    }

    private static func computeChain(_ start: ICULocale) -> [ICULocale] {
        var result = [start]
        var current = start
        while result.count < 12, let next = parent(current), !result.contains(next) {
            result.append(next)
            current = next
        }
        return result
    }

    /// Apple's parents for regional English (ualoc.cpp's appleParentMap), which take precedence over
    /// CLDR's: most of the Commonwealth falls back to British English, continental Europe to
    /// European English (`en_150`, itself → `en_GB`), Oceania to Australian English; `en_IL` to
    /// `en_001`. Apple's table also has `en_CA` fall back to `en_001`, where the CLDR data of ICU 72
    /// puts Canadian English directly under `en`. English of other regions keeps CLDR's parent
    /// (`en_PH` → `en_001`, `en_US` → `en`).
    static func englishParent(region: String) -> String? {
        switch region {
        case "150": return "en_GB"
        case "IL", "CA": return "en_001"
        default: break
        }
        // The lists are read in place (two letters, a space): a dictionary of them would cost a
        // process's first English lookup more than the rest of its language selection.
        var utf8 = region.utf8.makeIterator()
        guard let a = utf8.next(), let b = utf8.next(), utf8.next() == nil else { return nil }
        func lists(_ regions: StaticString) -> Bool {
            regions.withUTF8Buffer { r in stride(from: 0, to: r.count - 1, by: 3).contains { r[$0] == a && r[$0 + 1] == b } }
        }
        if lists(britishEnglish) || lists(britishEnglish2) { return "en_GB" }
        if lists(europeanEnglish) { return "en_150" }
        if lists(australianEnglish) { return "en_AU" }
        return nil
    }

    private static let britishEnglish: StaticString = "AG AI AU BB BD BM BS BW BZ DG DM FJ FK GD GG GH GI GM GY HK IE IM IN IO JE JM KE KI KN KY"
    private static let britishEnglish2: StaticString = "LC LK LS MO MS MT MU MV MW MY NA NG PK PN SB SC SD SG SH SL SS SZ TC TO TT TV TZ UG VC VG VU ZA ZM ZW"
    private static let europeanEnglish: StaticString = "AD AL AT BA BE CH CY CZ DE DK EE ES FI FR GR HR HU IS IT LT LU LV ME NL NO PL PT RO RS RU SE SI SK UA"
    private static let australianEnglish: StaticString = "CC CK CX NF NR NU NZ PG WS"
}
