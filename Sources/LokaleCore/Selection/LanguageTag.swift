internal import CICU
internal import CTable

/// Language identifiers as users, environments and bundles spell them (`en-GB`, `en_GB`, `pt_BR.UTF-8`,
/// `English`), brought to one canonical BCP 47 form with ICU.
public enum LanguageTag {
    /// Longest identifier accepted; longer input is malformed, not truncated.
    public static let maxLength = Limits.languageTagBytes

    /// Apple's legacy full-name localization folders (English.lproj and friends).
    static let legacyNames: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es",
        "italian": "it", "dutch": "nl", "portuguese": "pt", "swedish": "sv", "danish": "da",
        "finnish": "fi", "norwegian": "nb", "korean": "ko", "russian": "ru", "polish": "pl",
        "chinese": "zh",
    ]

    /// The canonical BCP 47 form (`en-GB`, `zh-Hant-TW`), or nil with the reason when `raw` is not a
    /// usable language identifier.
    public static func canonical(_ raw: String) -> Result<String, LokaleError> {
        // Tags longer than any valid one fail at once below; only plausible ones are remembered.
        raw.utf8.count <= 2 * maxLength ? canonicalCache.value(raw, computeCanonical) : computeCanonical(raw)
    }

    /// Bounded (4096; see `SharedCache`): any caller string can be a key.
    private static let canonicalCache = SharedCache<String, Result<String, LokaleError>>()

    /// Remembers tags known to be canonical without asking ICU: a table's localization names that
    /// its compiler found to be their own canonical tags (`CompiledTable.canonicalLocalizationNames`).
    /// A preferred language spelled as one of them is then read without loading ICU.
    static func remember(canonical tags: [String]) {
        for tag in tags where canonicalCache.lookup(tag) == nil { canonicalCache.store(tag, .success(tag)) }
    }

    private static func computeCanonical(_ raw: String) -> Result<String, LokaleError> {
        // POSIX locale names: drop ".codeset" and "@modifier" (CTable's rule, which a start
        // without the Swift runtime applies too).
        var raw = raw
        let s = raw.withUTF8 { u in Substring(decoding: UnsafeRawBufferPointer(start: u.baseAddress, count: lk_language_part(u.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, u.count)), as: UTF8.self) }
        guard !s.isEmpty else {
            return .failure(LokaleError(.invalidArgument, raw.isEmpty ? "empty language identifier"
                : "'\(raw)' is not a language identifier (a BCP 47 tag such as en, pt-BR or zh-Hans)"))
        }
        guard s.utf8.count <= maxLength else { return .failure(LokaleError(.invalidArgument, "language identifier longer than \(maxLength) bytes")) }
        guard s.utf8.allSatisfy({ $0 < 0x80 && ($0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || isAlnum($0)) }) else {
            return .failure(LokaleError(.invalidArgument, "language identifier '\(raw)' has characters other than letters, digits, '-' and '_'"))
        }
        if names(noLanguage: s) { return .failure(LokaleError(.invalidArgument, "'\(raw)' names no language")) }
        var tag = s.replacingUnderscores()
        if let legacy = legacyNames[tag.lowercased()] { tag = legacy }
        guard !tag.hasPrefix("-"), !tag.hasSuffix("-"), !tag.contains("--") else {
            return .failure(LokaleError(.invalidArgument, "malformed language identifier '\(raw)'"))
        }
        // A -u- keyword expands ("kb" → "colbackwards=yes"), so a short tag can outgrow a small buffer.
        var parsed: Int32 = 0
        guard let localeID = ICUString.get(capacity: 512, { lk_loc_for_language_tag(tag, $0, $1, &parsed) }),
              !localeID.isEmpty, Int(parsed) == tag.utf8.count,
              let bcp = ICUString.get(capacity: 512, { lk_loc_to_language_tag(localeID, $0, $1) }), !bcp.isEmpty
        else {
            return .failure(LokaleError(.invalidArgument, "malformed language identifier '\(raw)'"))
        }
        // Apple treats Norwegian `no` as Bokmål `nb`.
        let result = bcp == "no" || bcp.hasPrefix("no-") ? "nb" + bcp.dropFirst(2) : bcp
        guard result != "und" else { return .failure(LokaleError(.invalidArgument, "'\(raw)' names no language")) }
        return .success(result)
    }

    private static func names(noLanguage part: Substring) -> Bool {
        var part = part
        return part.withUTF8 { u in lk_names_no_language(u.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, u.count) != 0 }
    }

    /// The language subtag of a canonical tag (`zh` of `zh-Hant-TW`).
    public static func language(of canonical: String) -> Substring {
        canonical.split(separator: "-", maxSplits: 1).first ?? Substring(canonical)
    }

    /// The numbering system a tag asks for with its Unicode extension (`ar-EG-u-nu-latn` → `latn`),
    /// nil when it asks for none.
    public static func numberingSystem(of tag: String) -> String? {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let u = parts.firstIndex(of: "u") else { return nil }
        var i = u + 1
        while i < parts.endIndex, parts[i].count != 1 {
            if parts[i] == "nu", i + 1 < parts.endIndex, (3...8).contains(parts[i + 1].count), parts[i + 1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                return String(parts[i + 1])
            }
            i += 1
        }
        return nil
    }

    private static func isAlnum(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }
}

extension Substring {
    func replacingUnderscores() -> String {
        // On the UTF-8 bytes: '_' never occurs inside a multi-byte sequence.
        String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }
}

extension LanguageTag {
    /// Whether `tag` names a pseudo-localization: a subtag after the first is a private-use region
    /// that no real user's language carries (`en-XA` accented, `ar-XB` bidi, `en-XL` long).
    public static func isPseudo(_ tag: String) -> Bool {
        var tag = tag
        return tag.withUTF8 { u in lk_is_pseudo(u.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, u.count) != 0 }
    }
}

