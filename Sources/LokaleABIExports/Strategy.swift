import LokaleCore

/// The `icu` strategy: CLDR's LocaleMatcher with its default parameters.
/// Refused when CLDR's matcher cannot be loaded, rather than answering with no match later.
func icuMatcher() throws(LokaleError) -> any LocalizationMatcher {
    if let why = ICUMatcher.unavailable { throw LokaleError(.notFound, "the icu strategy is unavailable: \(why)") }
    return ICUMatcher()
}
