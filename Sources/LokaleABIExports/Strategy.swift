import LokaleCore

/// The `icu` strategy: CLDR's LocaleMatcher with its default parameters.
func icuMatcher() throws(LokaleError) -> any LocalizationMatcher { ICUMatcher() }
