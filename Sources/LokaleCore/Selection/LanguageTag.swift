import CICU

/// Language identifiers as users, environments and bundles spell them (`en-GB`, `en_GB`, `pt_BR.UTF-8`,
/// `English`), brought to one canonical BCP 47 form with ICU.
public enum LanguageTag {
    /// Longest identifier accepted; longer input is malformed, not truncated.
    public static let maxLength = 96

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
        var s = Substring(raw)
        // POSIX locale names: drop ".codeset" and "@modifier".
        if let dot = s.firstIndex(of: ".") { s = s[..<dot] }
        if let at = s.firstIndex(of: "@") { s = s[..<at] }
        guard !s.isEmpty else { return .failure(LokaleError(.invalidArgument, "empty language identifier '\(raw)'")) }
        guard s.utf8.count <= maxLength else { return .failure(LokaleError(.invalidArgument, "language identifier longer than \(maxLength) bytes")) }
        guard s.utf8.allSatisfy({ $0 < 0x80 && ($0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || isAlnum($0)) }) else {
            return .failure(LokaleError(.invalidArgument, "language identifier '\(raw)' has characters other than letters, digits, '-' and '_'"))
        }
        if s == "C" || s == "POSIX" { return .failure(LokaleError(.invalidArgument, "'\(raw)' names no language")) }
        var tag = s.replacingUnderscores()
        if let legacy = legacyNames[tag.lowercased()] { tag = legacy }
        guard !tag.hasPrefix("-"), !tag.hasSuffix("-"), !tag.contains("--") else {
            return .failure(LokaleError(.invalidArgument, "malformed language identifier '\(raw)'"))
        }
        var status = U_ZERO_ERROR
        var parsed: Int32 = 0
        var localeID = [CChar](repeating: 0, count: 160)
        var n = lk_uloc_forLanguageTag(tag, &localeID, Int32(localeID.count), &parsed, &status)
        // -u- keywords expand ("kb" → "colbackwards=yes"), so a short tag can outgrow the buffer; one
        // that fills it exactly comes back without its NUL, as a mere warning.
        if Int(n) >= localeID.count {
            localeID = [CChar](repeating: 0, count: Int(n) + 1)
            status = U_ZERO_ERROR
            n = lk_uloc_forLanguageTag(tag, &localeID, Int32(localeID.count), &parsed, &status)
        }
        guard lk_failure(status) == 0, n > 0, Int(n) < localeID.count, Int(parsed) == tag.utf8.count else {
            return .failure(LokaleError(.invalidArgument, "malformed language identifier '\(raw)'"))
        }
        var bcp = [CChar](repeating: 0, count: 160)
        status = U_ZERO_ERROR
        let m = lk_uloc_toLanguageTag(localeID, &bcp, Int32(bcp.count), 1, &status)
        guard lk_failure(status) == 0, m > 0 else {
            return .failure(LokaleError(.invalidArgument, "malformed language identifier '\(raw)'"))
        }
        let result = String(decoding: bcp.prefix(Int(m)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard result != "und" else { return .failure(LokaleError(.invalidArgument, "'\(raw)' names no language")) }
        return .success(result)
    }

    /// The language subtag of a canonical tag (`zh` of `zh-Hant-TW`).
    public static func language(of canonical: String) -> Substring {
        canonical.split(separator: "-", maxSplits: 1).first ?? Substring(canonical)
    }

    private static func isAlnum(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }
}

extension Substring {
    func replacingUnderscores() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "_" ? "-" : $0 }))
    }
}
