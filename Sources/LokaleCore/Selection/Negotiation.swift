/// Negotiation without a compiled bundle (the CLI's `negotiate`, tests): the ordered list for
/// `preferred` among `available`, ending with `development`.
public enum Negotiation {
    public static func order(preferred: [String], available: [String], development: String,
                             matcher: any LocalizationMatcher) -> [String] {
        var names = matcher.order(preferred: preferred, available: available).map { available[$0.localization] }
        if !names.contains(development) { names.append(development) }
        return names
    }
}
