internal import CTable
/// One loaded version of a bundle's file, with everything derived from it: the ordered
/// localizations, the number symbols and plural rules are indices into this table, so they live
/// and die with it. A reload makes a new one; the old one stays for readers still using it.
final class BundleContents: Sendable {
    let table: CompiledTable
    typealias Selection = (choices: [LocalizationChoice], preferences: [String])
    /// The ordered list of one runtime generation: a single entry.
    private let cache = Locked<(generation: UInt64, choices: [LocalizationChoice], preferences: [String])>((0, [], []))
    /// The ordered lists of per-call language lists (`Languages.id`), each for the generation it
    /// was made in; the last `listLimit` lists used (as many as `Languages.remembered`, and the
    /// list entries of a bundle's plans: lists in steady use never negotiate again).
    private let listCache = SharedCache<UInt64, (generation: UInt64, selection: Selection)>(limit: BundleContents.listLimit)
    static let listLimit = Languages.remembered
    /// Number symbols per localization, sized by the table: the served localization's symbols
    /// never go through the process-wide cache after the first message.
    private let symbolsCache = Locked<[NumberSymbols?]>([])
    /// Plural rules per localization (cardinal at 2i, ordinal at 2i + 1): an index instead of the
    /// process-wide cache's string-keyed dictionary on every plural message. Sized by the table.
    /// This is the owner of the `small` tables `infos` lends to C: a slot is filled once and never
    /// replaced, so the rules published there live as long as this version (the bundle keeps every
    /// version), whatever the bounded process-wide cache evicts.
    private let rulesCache = Locked<[PluralRules??]>([])
    /// MF2 messages read back from their nodes, by node: the general path decodes each once.
    private let messageFormats = SharedCache<UInt32, MF2.Message>(limit: 1024)
    /// The integer rules lent to C (`lk_localization_info.integer_rules`), per localization.
    private let integerRules = Locked<[(localization: Int, rules: IntegerPluralRules)]>([])

    /// Per localization, what the C format path needs (plural tables, whether digits are ASCII, grouping),
    /// published from the table's locale data at init, and below the first time Swift computes it
    /// (equal values). Plans of this version point here.
    nonisolated(unsafe) let infos: UnsafeMutablePointer<lk_localization_info>

    init(table: CompiledTable) {
        self.table = table
        guard let infos = lk_localization_infos_new(UInt64(table.localizations.count)) else {
            fatalError("lokale: out of memory for localization info")
        }
        self.infos = infos
        // What the table records of its localizations' plurals and numbers, at once: a first plural
        // format then runs in C. pluralRules and numberSymbols publish the same values again.
        table.publishRecordedInfos(infos)
        LanguageTag.remember(canonical: table.canonicalLocalizationNames)
    }

    deinit { lk_localization_infos_free(infos) }

    /// The ordered localization list for the runtime's current state — or for a per-call list of
    /// `languages` in place of the runtime's preferences and in-app language — and the languages
    /// it was negotiated against. Cached per runtime generation.
    func selection(runtime: Runtime, isMain: Bool, languages: Languages? = nil) -> Selection {
        let current = runtime.generation
        guard let languages else {
            if let hit = cache.withLock({ $0.generation == current ? ($0.choices, $0.preferences) : nil }) { return hit }
            let s = runtime.snapshot
            let selection = negotiate(runtime: runtime, state: s, effective: s.effective, isMain: isMain)
            cache.withLock { $0 = (s.generation, selection.choices, selection.preferences) }
            return selection
        }
        if let hit = listCache.lookup(languages.id), hit.generation == current { return hit.selection }
        let s = runtime.snapshot
        let selection = negotiate(runtime: runtime, state: s, effective: languages.list, isMain: isMain)
        listCache.store(languages.id, (s.generation, selection))
        return selection
    }

    /// The ordered list for `effective`, the languages the bundle negotiates for: a framework
    /// follows the main bundle's choice for them.
    private func negotiate(runtime: Runtime, state s: Runtime.State, effective: [String], isMain: Bool) -> Selection {
        var preferences = effective
        var user: (languages: [String], preferredChoices: [LocalizationChoice])? = nil
        if !isMain, let main = s.main, !main.table.allowsMixedLocalizations {
            // A framework shows the app's language: it negotiates against the main bundle's choice.
            let mainChoices = orderedLocalizations(main.table, preferred: effective, matcher: runtime.matcher)
                .filter { !main.table.isBaseLocalization[$0.localization] }
            preferences = mainChoices.map { main.table.localizations[$0.localization] }
            user = (effective, mainChoices)
        }
        let choices = orderedLocalizations(table, preferred: preferences, matcher: runtime.matcher, user: user)
        return (choices, preferences)
    }

    /// Computes the plan of a plain lookup for `generation` (read before this version was), for
    /// the runtime's languages or a per-call list, and publishes it in `store`; nil when the store
    /// makes no more plans.
    func makePlan(generation: UInt64, runtime: Runtime, isMain: Bool, languages: Languages?, store: PlanStore) -> UnsafeMutablePointer<lk_plan>? {
        let choices = selection(runtime: runtime, isMain: isMain, languages: languages).choices
        var tables: [PlanStore.TableEntry] = []
        for t in table.tables.indices {
            if let c = choices.first(where: { table.hasTable(localization: $0.localization, table: t) }) {
                tables.append(.init(instance: table.instanceIndex(localization: c.localization, table: t), step: Resolution.step(for: c).code,
                                    localization: c.localization, numbering: c.numberingSystem != nil))
            } else {
                tables.append(.init(instance: -1, step: 0, localization: -1, numbering: false))
            }
        }
        return store.publish(generation: generation, list: languages, contents: self, tables: tables)
    }

    /// The plural rules of a localization of this table, looked up once each.
    func pluralRules(localization: Int, ordinal: Bool) -> PluralRules? {
        let slot = localization * 2 + (ordinal ? 1 : 0)
        if let hit = rulesCache.withLock({ slot < $0.count ? $0[slot] : nil }) { return hit }
        let found = recordedRules(localization: localization, ordinal: ordinal)
            ?? PluralRules.forLocale(table.localizations[localization], ordinal: ordinal)
        // The first rules stored win and are the ones published: the process-wide cache may have
        // handed a racing thread other rules for the same locale, which must not be lent to C.
        return rulesCache.withLock { cache in
            if cache.count < table.localizations.count * 2 { cache = Array(repeating: nil, count: table.localizations.count * 2) }
            if let kept = cache[slot] { return kept }
            cache[slot] = .some(found)
            if let found { lk_info_set_rules(infos + localization, ordinal ? 1 : 0, found.small) }
            if let found, !ordinal { publishIntegerRules(localization: localization, found) }
            return found
        }
    }

    /// The rules the table recorded for a localization (its LOCD record), which ask ICU only for
    /// what they cannot answer; nil when the table records none (then ICU's, as before).
    private func recordedRules(localization: Int, ordinal: Bool) -> PluralRules?? {
        guard let recorded = table.localeRules(localization, ordinal: ordinal) else { return nil }
        guard let recorded else { return .some(nil) }
        let name = table.localizations[localization]
        let locale = table.localeICUID(localization) ?? name.replacingOccurrences("-", "_")
        return PluralRules(locale: locale, ordinal: ordinal, recorded: recorded)
    }

    /// Lends C the cardinal rules compiled for integers (counts from 1000 on), kept by this table
    /// version for as long as C may read them; the first kept is the one lent.
    private func publishIntegerRules(localization: Int, _ rules: PluralRules) {
        guard let integer = rules.integer ?? IntegerPluralRules.forRules(rules, ordinal: false) else { return }
        let kept = integerRules.withLock { list in
            if let first = list.first(where: { $0.localization == localization }) { return first.rules }
            list.append((localization, integer))
            return integer
        }
        lk_info_set_integer_rules(infos + localization, kept.tree)
    }

    /// Number symbols of a localization in the numbering system the user asked for (`latn` for
    /// `ar-EG-u-nu-latn`); nil: the localization's own.
    func numberSymbols(localization: Int, numbering: String?) -> NumberSymbols {
        guard let numbering else { return numberSymbols(localization: localization) }
        return NumberSymbols.forLocale(table.localizations[localization] + "-u-nu-" + numbering)
    }

    /// The MF2 message at node `at` of this table version, decoded once (a corrupt one throws every time).
    func messageFormat(at node: UInt32, in tree: inout lk_tree) throws(LokaleError) -> MF2.Message {
        if let kept = messageFormats.lookup(node) { return kept }
        let message = try table.messageFormat(node, in: &tree)
        messageFormats.store(node, message)
        return message
    }

    /// The locale a MessageFormat 2 message of a localization formats and selects in: its name, or
    /// for `Base` (no language of its own) the development localization's.
    func messageLocale(_ localization: Int) -> String {
        let name = table.localizations[localization]
        return name == "Base" ? table.localizations[table.developmentLocalization] : name
    }

    /// Publishes what lk_plan_format_named reads of a localization, its cardinal rules and grouping
    /// first (their own lookups publish them), then the flags that let C format its MessageFormat 2
    /// messages: never for Base, whose messages take the development localization's locale.
    func publishMessageFormat(localization: Int) {
        guard lk_info_flags(infos + localization) == 0, table.localizations[localization] != "Base" else { return }
        _ = pluralRules(localization: localization, ordinal: false) // with its integer rules
        _ = numberSymbols(localization: localization)
        let rtl = MF2ICU.isRightToLeft(table.localizations[localization])
        lk_info_set_flags(infos + localization, LK_INFO_MF2 | (rtl ? LK_INFO_RTL : 0))
    }

    /// Number symbols per localization, looked up once each.
    func numberSymbols(localization: Int) -> NumberSymbols {
        if let hit = symbolsCache.withLock({ localization < $0.count ? $0[localization] : nil }) { return hit }
        let s = table.localeSymbols(localization) ?? NumberSymbols.forLocale(table.localizations[localization])
        // The grouping first: C reads it only once it sees the digits published.
        lk_info_set_grouping(infos + localization, s.groupingWord)
        lk_info_set_digits(infos + localization, UInt32(s.asciiDigits ? LK_DIGITS_ASCII : LK_DIGITS_OTHER))
        symbolsCache.withLock { cache in
            if cache.count < table.localizations.count { cache = Array(repeating: nil, count: table.localizations.count) }
            cache[localization] = s
        }
        return s
    }
}
