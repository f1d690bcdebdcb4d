import LokaleCore

/// How a gettext catalog chooses among a plural entry's forms (`msgstr[0]`, `msgstr[1]`, …): its
/// `Plural-Forms` header, whose expression the table carries as a rule and the runtime runs as
/// glibc does. `categories` says which form each CLDR category of the catalog's localization
/// takes, for the tools that speak CLDR categories (XLIFF, String Catalogs): a view, never what
/// the runtime chooses by.
public struct PluralForms: Sendable, Equatable {
    public var expression: PluralExpression
    /// `nplurals`.
    public var count: Int
    public var categories: [PluralCategory: Int]

    public init(expression: PluralExpression, count: Int, categories: [PluralCategory: Int]) {
        self.expression = expression
        self.count = count
        self.categories = categories
    }

    /// glibc's rule without a catalog (and without a `Plural-Forms` header): the msgid for 1, the
    /// msgid_plural for any other count.
    public static let germanic = PluralForms(expression: try! PluralExpression("n != 1"), count: 2, categories: [.one: 0, .other: 1])

    /// The forms as CLDR categories (`categories`; a category whose form is missing is left out).
    func categoryCases(_ forms: [Variation]) -> [PluralCategory: Variation] {
        categories.compactMapValues { $0 < forms.count ? forms[$0] : nil }
    }
}

extension Variation {
    /// A gettext forms variation seen as CLDR plural categories (`PluralForms.categories`), for
    /// tools whose model is Apple's; any other variation as it is.
    var categoryView: Variation {
        guard case .forms(let argument, let rule, let forms) = self else { return self }
        return .plural(argument: argument, ordinal: false, cases: rule.categoryCases(forms))
    }
}
