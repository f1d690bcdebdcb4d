import LokaleCore

/// The `icu` strategy, when this build has it.
func icuMatcher() throws(LokaleError) -> any LocalizationMatcher {
    throw LokaleError(.invalidArgument, "the icu strategy is not available in this build")
}
