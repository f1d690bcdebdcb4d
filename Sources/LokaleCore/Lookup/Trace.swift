/// Everything needed to answer "why did this text show?" for one lookup.
public struct Trace: Sendable {
    public var bundle: String
    public var isMain: Bool
    public var table: String
    public var key: String
    public var defaultValue: String?
    public var policy: FallbackPolicy
    /// The languages the bundle negotiated against (the user's, or the main bundle's list).
    public var preferences: [String]
    /// The user's languages: the in-app language first when one is set.
    public var userLanguages: [String]
    public var inAppLanguage: String?
    public var followsMainBundle: Bool
    /// The bundle's table is embedded in the program (opened from memory): no hot reload. Shown
    /// only when true, so that the trace of a bundle opened from a file is unchanged.
    public var embedded: Bool = false
    public var localizations: [(name: String, reason: LocalizationChoice.Reason, hasTable: Bool, answers: Int?)]
    public var tableLocalization: String?
    public var served: String?
    public var step: Resolution.Step
    public var result: String
    public var problems: [String]
    /// The bundle's tables: a lookup in a table it does not have finds nothing.
    public var tables: [String] = []
    /// How a MessageFormat 2 message chose its variant.
    public var selection: MF2.Selection? = nil

    /// Whether `table` is one of the bundle's (true when the tables are not known).
    public var tableExists: Bool { tables.isEmpty || tables.contains(table) }

    static func describe(_ r: LocalizationChoice.Reason) -> String {
        switch r {
        case .matched(let p, let l): "matches preference #\(p + 1) '\(l)'"
        case .fallback(let of, let p): "fallback of '\(of)' (preference #\(p + 1))"
        case .development: "development localization"
        case .base: "Base localization"
        }
    }

    static func stepText(_ s: Resolution.Step) -> String {
        switch s {
        case .translation: "a preferred language has the translation"
        case .laterPreference: "the first preference is unavailable; a later one matched"
        case .development: "no preference matched: the development localization's text"
        case .defaultValue: "the lookup failed: the explicit default value"
        case .key: "the lookup failed and no default value was given: the key"
        case .notLookedUp: "nothing was looked up"
        }
    }

    public var text: String {
        var s = "bundle: \(bundle)\(isMain ? " (main)" : "")\n"
        if embedded { s += "hot reload: unavailable: \(Bundle.embeddedReload)\n" }
        s += "table: \(table)"
        if !tableExists {
            s += " (the bundle has no such table; its \(tables.count == 1 ? "table is" : "tables are") \(tables.joined(separator: ", ")))"
        }
        s += "\nkey: \(key)\n"
        if let defaultValue { s += "default value: \(defaultValue)\n" }
        s += "user languages: \(userLanguages.isEmpty ? "(none)" : userLanguages.joined(separator: ", "))"
        s += inAppLanguage.map { " (in-app language \($0))\n" } ?? "\n"
        s += "negotiated against: \(preferences.isEmpty ? "(no preferences)" : preferences.joined(separator: ", "))"
        s += followsMainBundle ? " (the main bundle's localizations)\n" : "\n"
        s += "ordered localizations:\n"
        for (i, l) in localizations.enumerated() {
            let answers = followsMainBundle ? l.answers.map { ", answers user language #\($0 + 1)" } ?? "" : ""
            s += "  \(i + 1). \(l.name): \(Trace.describe(l.reason))\(answers)\(l.hasTable ? "" : " [no table '\(table)']")\n"
        }
        s += "table read from: \(tableLocalization ?? "(no localization has this table)")\n"
        s += "served by: \(served ?? "(none)")\n"
        s += "step: \(step.rawValue): \(Trace.stepText(step))\n"
        if let selection { s += "variant: \(selection)\n" }
        for p in problems { s += "problem: \(p)\n" }
        s += "result: \(result)\n"
        return s
    }

    public var json: String {
        var j = JSONText()
        j.open()
        j.string("bundle", bundle)
        j.bool("main", isMain)
        if embedded {
            j.bool("embedded", true)
            j.string("hotReload", "unavailable: \(Bundle.embeddedReload)")
        }
        j.string("table", table)
        j.open("tables", array: true)
        for t in tables { j.string(nil, t) }
        j.close(array: true)
        j.string("key", key)
        j.string("default", defaultValue)
        j.string("policy", policy.rawValue)
        j.open("userLanguages", array: true)
        for p in userLanguages { j.string(nil, p) }
        j.close(array: true)
        j.string("inAppLanguage", inAppLanguage)
        j.open("negotiatedAgainst", array: true)
        for p in preferences { j.string(nil, p) }
        j.close(array: true)
        j.bool("followsMainBundle", followsMainBundle)
        j.open("localizations", array: true)
        for l in localizations {
            j.open()
            j.string("localization", l.name)
            switch l.reason {
            case .matched(let p, let lang):
                j.string("reason", "matched"); j.number("preference", p); j.string("language", lang)
            case .fallback(let of, let p):
                j.string("reason", "fallback"); j.number("preference", p); j.string("of", of)
            case .development: j.string("reason", "development")
            case .base: j.string("reason", "base")
            }
            j.bool("hasTable", l.hasTable)
            j.number("answersUserLanguage", l.answers)
            j.close()
        }
        j.close(array: true)
        j.string("tableLocalization", tableLocalization)
        j.string("served", served)
        j.string("step", step.rawValue)
        j.string("result", result)
        if let selection {
            j.open("selection")
            j.open("selectors", array: true)
            for s in selection.selectors {
                j.open()
                j.string("variable", s.name)
                j.open("matches", array: true)
                for m in s.matches { j.string(nil, m) }
                j.close(array: true)
                j.close()
            }
            j.close(array: true)
            j.number("variant", selection.variant)
            j.open("keys", array: true)
            for k in selection.keys { j.string(nil, k) }
            j.close(array: true)
            j.close()
        }
        j.open("problems", array: true)
        for p in problems { j.string(nil, p) }
        j.close(array: true)
        j.close()
        return j.text
    }
}
