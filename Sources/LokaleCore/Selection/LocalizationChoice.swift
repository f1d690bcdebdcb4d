/// One entry of a bundle's ordered localization list, and why it is there.
public struct LocalizationChoice: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// Matched the user's preference at this index (0 = most preferred).
        case matched(preference: Int, language: String)
        /// A fallback (parent) of the localization matched for that preference.
        case fallback(of: String, preference: Int)
        /// The bundle's development localization, appended last.
        case development
        /// `Base.lproj`, searched after the development localization.
        case base
    }

    /// Index into the bundle's localizations.
    public var localization: Int
    public var reason: Reason
    /// The index in the *user's* preferred languages this entry answers for, nil when it answers
    /// none. Differs from `preference` for a bundle that negotiates against the main bundle's
    /// choice; it decides the row of the decision table a lookup reports.
    public var userPreference: Int?
    /// The numbering system the user's preference asks for (`ar-EG-u-nu-latn` → `latn`): numbers
    /// this localization writes use its digits, as Apple's current locale does.
    public var numberingSystem: String? = nil

    public init(localization: Int, reason: Reason, userPreference: Int? = nil) {
        self.localization = localization
        self.reason = reason
        self.userPreference = userPreference
    }

    /// The preference this entry answers for, if any.
    public var preference: Int? {
        switch reason {
        case .matched(let p, _), .fallback(_, let p): p
        case .development, .base: nil
        }
    }
}

/// Orders a bundle's localizations for a list of preferred languages.
public protocol LocalizationMatcher: Sendable {
    /// - Parameters:
    ///   - preferred: the user's (or the main bundle's) languages, most preferred first, as given.
    ///   - available: the bundle's localizations as the bundle spells them (Base excluded).
    /// - Returns: indices into `available`, best first, with reasons; the caller appends the
    ///   development localization.
    func order(preferred: [String], available: [String]) -> [LocalizationChoice]

    /// The same, where `known` gives what a compiled table recorded of a locale by its name (its
    /// localizations', `LocaleData.Selection`): a matcher may read that instead of asking ICU, and
    /// answers as it would without it.
    func order(preferred: [String], available: [String], known: (String) -> LocaleData.Selection?) -> [LocalizationChoice]
}

extension LocalizationMatcher {
    public func order(preferred: [String], available: [String], known: (String) -> LocaleData.Selection?) -> [LocalizationChoice] {
        order(preferred: preferred, available: available)
    }
}
