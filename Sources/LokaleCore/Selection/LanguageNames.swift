internal import CICU

/// Display names for a language picker, from ICU: "Deutsch" for `de` in itself, "German" in English.
public enum LanguageNames {
    /// The name of `language` written in `displayLanguage` (nil: in `language` itself).
    public static func displayName(of language: String, in displayLanguage: String? = nil) -> Result<String, LokaleError> {
        guard let l = ICULocale(language) else { return .failure(LokaleError(.invalidArgument, "malformed language identifier '\(language)'")) }
        let target: ICULocale
        if let d = displayLanguage {
            guard let t = ICULocale(d) else { return .failure(LokaleError(.invalidArgument, "malformed language identifier '\(d)'")) }
            target = t
        } else {
            target = l
        }
        var buffer = [UInt16](repeating: 0, count: 256)
        // The language the name is written in is data ICU opens (see `ICULocale.dataName`).
        let n = lk_loc_display_name(l.id, ICULocale.dataName(target.id), &buffer, Int32(buffer.count))
        guard n > 0, Int(n) < buffer.count else {
            return .failure(LokaleError(.notFound, "no display name for '\(language)'"))
        }
        return .success(String(decoding: buffer.prefix(Int(n)), as: UTF16.self))
    }
}
