/// What a compiled table records of one localization's locale (its LOCD record, docs/FORMAT.md):
/// the answers a first message needs from ICU/CLDR — Apple's view of the locale for language
/// selection, the number symbols, the plural rules — computed when the table is compiled, so that
/// a process serving that localization need not ask ICU. The writer (LokaleCatalog) encodes it,
/// `CompiledTable` decodes it; `computed(for:)` is the one place it is made from ICU.
public struct LocaleData: Sendable, Equatable {
    /// The locale as Apple's selection sees it (`AppleMatcher`).
    public struct Selection: Sendable, Equatable {
        /// ICU's id of the name, keywords kept (`ICULocale(name).id`).
        public var icuID: String
        /// Apple's normal form of it, keywords dropped (`AppleLocales.normalized`).
        public var normal: String
        /// The normal form with likely subtags added.
        public var maximized: String
        /// The normal form's parent chain, itself first (`AppleLocales.chain`).
        public var chain: [String]
        /// Whether the name is its own canonical tag (`LanguageTag.canonical`: `de`, `pt-BR`, not
        /// `pt_BR` or `English`): a preferred language spelled as the name is then read without ICU.
        public var isCanonicalTag: Bool

        public init(icuID: String, normal: String, maximized: String, chain: [String], isCanonicalTag: Bool) {
            self.icuID = icuID
            self.normal = normal
            self.maximized = maximized
            self.chain = chain
            self.isCanonicalTag = isCanonicalTag
        }
    }

    /// Plural rules (cardinal or ordinal) as a rule node gives them.
    public struct Rules: Sendable, Hashable {
        /// ICU's category (`PluralCategory.rawIndex`) of each count below `LK_SMALL_COUNTS`.
        public var small: [UInt8]
        /// A rule program (`LK_OP_*`) giving the category of any integer, checked against ICU when
        /// it was made (`IntegerPluralRules`); empty when ICU's rules are not ones it reads.
        public var code: [UInt32]

        public init(small: [UInt8], code: [UInt32]) {
            self.small = small
            self.code = code
        }
    }

    /// Nil when the name is not a locale (`Base`): ICU is not asked about it either.
    public var selection: Selection?
    public var symbols: NumberSymbols
    /// Nil when ICU has no rules for the name.
    public var cardinal: Rules?
    public var ordinal: Rules?

    public init(selection: Selection?, symbols: NumberSymbols, cardinal: Rules?, ordinal: Rules?) {
        self.selection = selection
        self.symbols = symbols
        self.cardinal = cardinal
        self.ordinal = ordinal
    }

    /// What the runtime would ask ICU for a localization named `name`, asked now.
    public static func computed(for name: String) -> LocaleData {
        var selection: Selection?
        if let l = ICULocale(name) {
            let normal = AppleLocales.normalized(l.withoutKeywords)
            selection = Selection(icuID: l.id, normal: normal.id, maximized: normal.maximized.id,
                                  chain: AppleLocales.chain(normal).map(\.id),
                                  isCanonicalTag: (try? LanguageTag.canonical(name).get()) == name)
        }
        return LocaleData(selection: selection, symbols: NumberSymbols.forLocale(name),
                          cardinal: rules(name, ordinal: false), ordinal: rules(name, ordinal: true))
    }

    private static func rules(_ name: String, ordinal: Bool) -> Rules? {
        guard let r = PluralRules.forLocale(name, ordinal: ordinal) else { return nil }
        return Rules(small: Array(UnsafeBufferPointer(start: r.small, count: PluralRules.smallLimit)),
                     code: IntegerPluralRules.forRules(r, ordinal: ordinal)?.code ?? [])
    }
}
