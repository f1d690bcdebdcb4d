import LokaleCore

/// The LOCD section (docs/FORMAT.md): each localization's locale data as ICU answers when the
/// table is compiled (`LocaleData.computed`), so that the runtime serving it need not ask ICU.
extension TableWriter {
    /// The records of `localizations`, in their order; their strings and rule nodes go to the pool
    /// and the NODE section (a rule shared by several localizations is written once).
    mutating func localeRecords(_ localizations: [String]) -> [UInt32] {
        localizations.flatMap { localeRecord(LocaleData.computed(for: $0)) }
    }

    mutating func localeRecord(_ d: LocaleData) -> [UInt32] {
        typealias R = TableLayout.LocaleRecord
        var words = [UInt32](repeating: 0, count: TableLayout.Section.localeData.recordSize / 4)
        func put(_ field: Int, _ value: UInt32) { words[field / 4] = value }
        var texts: [(Int, String)] = [(R.decimal, d.symbols.decimal), (R.grouping, d.symbols.grouping), (R.caseLocale, d.symbols.caseLocale)]
        var flags: UInt32 = d.symbols.localized ? R.localized : 0
        if let s = d.selection {
            flags |= R.isLocale | (s.isCanonicalTag ? R.canonical : 0)
            texts += [(R.icuID, s.icuID), (R.normal, s.normal), (R.maximized, s.maximized), (R.chain, s.chain.joined(separator: " "))]
        }
        for (field, text) in texts {
            let (o, n) = string(text)
            put(field, o)
            put(field + 4, n)
        }
        put(R.flags, flags)
        put(R.zero, d.symbols.zero.value)
        put(R.groupSizes, UInt32(d.symbols.primaryGroup) | UInt32(d.symbols.secondaryGroup) << 8 | UInt32(d.symbols.minimumGrouping) << 16)
        put(R.cardinal, d.cardinal.map { ruleNode($0) } ?? TableLayout.none)
        put(R.ordinal, d.ordinal.map { ruleNode($0) } ?? TableLayout.none)
        return words
    }

    private mutating func ruleNode(_ rules: LocaleData.Rules) -> UInt32 {
        if let at = localeRules[rules] { return at }
        let at = UInt32(truncatingIfNeeded: nodes.count)
        nodes += NodeWords.rule(code: rules.code, results: rules.small).words
        localeRules[rules] = at
        return at
    }
}
