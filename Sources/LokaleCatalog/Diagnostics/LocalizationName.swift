import LokaleCore

/// The names a compiled table accepts for localizations: a BCP 47 language tag as Xcode writes
/// them (`en`, `pt-BR`, `zh-Hans`, `sr-Latn`, `es-419`), the underscore form of `.lproj` folders
/// (`pt_BR`), Apple's legacy names (`English`), `Base`, and `und` (CLDR: `root`). Anything else
/// (`x`, `../../etc`, a file name) is refused when compiling, with the name quoted, rather than
/// becoming a localization that no preference can ever match.
public enum LocalizationName {
    static let advice = "a BCP 47 language tag, such as en, pt-BR, zh-Hans or es-419"

    /// Why `name` cannot name a localization; nil when it can.
    public static func problem(_ name: String) -> String? {
        // Base, and the undetermined language (BCP 47's `und`, CLDR's `root`): well-formed names
        // that no preference asks for, which only serve as a development localization.
        if name == "Base" || name == "und" || name == "root" { return nil }
        guard !name.isEmpty else { return "the language tag is empty (it must be \(advice))" }
        let shown = "'" + String(name.unicodeScalars.prefix(80).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }) + "'"
        // `LanguageTag` also reads POSIX locale names (`de_DE.UTF-8`); a localization has no codeset.
        let plain = name.utf8.allSatisfy { $0 < 0x80 && ($0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || isalnum($0)) }
        guard plain, case .success = LanguageTag.canonical(name) else { return "\(shown) is not a language tag (it must be \(advice))" }
        return nil
    }

    private static func isalnum(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }
}
