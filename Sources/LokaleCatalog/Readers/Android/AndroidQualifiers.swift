/// What a `values*` folder's name says, read as aapt2 reads resource qualifiers (ConfigDescription,
/// LocaleValue::initFromParts): `values` holds the default resources, `values-fr`, `values-fr-rCA`
/// and `values-b+sr+Latn` (BCP 47 with `+`) one language each. Qualifiers come in a fixed order,
/// the mobile country and network codes (`mcc310`, `mnc004`) before the language; any other (night
/// mode, screen size, API level, orientation…) selects resources for a device configuration, not a
/// language, which a catalog has no place for.
public enum AndroidQualifiers {
    public enum Folder: Equatable, Sendable {
        /// `values`: the default resources, the development localization's.
        case defaults
        /// `values-fr-rCA`: a language, as a BCP 47 tag (`fr-CA`).
        case language(String)
        /// `values-fr-night`: a language for some devices only (`extra` names the other qualifiers).
        case languageForDevices(String, extra: [String])
        /// `values-night`, `values-v21`: no language.
        case configuration([String])
    }

    /// Android's old ISO 639 codes, which folders still use (Java's `Locale` kept them): the tags
    /// BCP 47 has for them.
    public static let legacyLanguages = ["in": "id", "iw": "he", "ji": "yi"]

    /// Whether `name` (a folder's last path component) is a `values` folder at all.
    public static func isValues(_ name: String) -> Bool { name == "values" || name.hasPrefix("values-") }

    /// `name` of a `values*` folder; nil when it is not one.
    public static func folder(_ name: String) -> Folder? {
        guard isValues(name) else { return nil }
        let all = name.split(separator: "-", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if all.isEmpty { return .defaults }
        // Mobile country and network codes come before the language.
        let mobile = all.prefix { p in p.count > 3 && (p.hasPrefix("mcc") || p.hasPrefix("mnc")) && p.dropFirst(3).allSatisfy(\.isNumber) }
        let rest = Array(all.dropFirst(mobile.count))
        guard !rest.isEmpty, let (tag, used) = locale(rest) else { return .configuration(all) }
        let extra = Array(mobile) + rest.dropFirst(used)
        return extra.isEmpty ? .language(tag) : .languageForDevices(tag, extra: extra)
    }

    /// The language at the start of `parts` as a BCP 47 tag, and how many parts it took.
    private static func locale(_ parts: [String]) -> (String, Int)? {
        let part = parts[0]
        if part.hasPrefix("b+") {
            let subtags = part.split(separator: "+", omittingEmptySubsequences: false).dropFirst().map { $0.lowercased() }
            guard !subtags.isEmpty, subtags.allSatisfy({ !$0.isEmpty }) else { return nil }
            var tag = [language(subtags[0])]
            for s in subtags.dropFirst() {
                switch s.count {
                case 4 where s.first!.isLetter: tag.append(s.prefix(1).uppercased() + s.dropFirst())
                case 2 where s.allSatisfy(\.isLetter): tag.append(s.uppercased())
                default: tag.append(s)
                }
            }
            return (tag.joined(separator: "-"), 1)
        }
        // aapt2 reads any two or three letters there as a language, except the UI mode `car`.
        guard part.count == 2 || part.count == 3, part.allSatisfy({ $0.isASCII && $0.isLetter }), part != "car" else { return nil }
        var tag = language(part.lowercased())
        var used = 1
        if parts.count > 1, parts[1].count == 3, parts[1].hasPrefix("r"), parts[1].dropFirst().allSatisfy({ $0.isASCII && $0.isLetter }) {
            tag += "-" + parts[1].dropFirst().uppercased()
            used = 2
        }
        return (tag, used)
    }

    private static func language(_ code: String) -> String { legacyLanguages[code] ?? code }

    /// The folder Android reads `localization` from: `fr-CA` → `values-fr-rCA`, `sr-Latn` →
    /// `values-b+sr+Latn`, `es-419` → `values-b+es+419`; Hebrew, Indonesian and Yiddish under the
    /// codes Android Studio still writes (`values-iw`, `values-in`, `values-ji`).
    public static func folderName(for localization: String) -> String {
        let subtags = localization.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = subtags.first else { return "values" }
        let legacy = legacyLanguages.first { $0.value == first.lowercased() }?.key ?? first.lowercased()
        if subtags.count == 1 { return "values-" + legacy }
        if subtags.count == 2, subtags[1].count == 2, subtags[1].allSatisfy(\.isLetter) {
            return "values-\(legacy)-r\(subtags[1].uppercased())"
        }
        return "values-b+" + ([first.lowercased()] + subtags.dropFirst()).joined(separator: "+")
    }
}
