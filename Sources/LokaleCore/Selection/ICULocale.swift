import CICU

/// A locale as ICU names it (`zh_Hant_HK`), with the few ICU queries language selection needs.
struct ICULocale: Hashable, Sendable, CustomStringConvertible {
    /// ICU's canonical id, e.g. `en_GB`, `zh_Hant_TW`.
    let id: String

    init(id: String) { self.id = id }

    /// From any identifier LanguageTag accepts; nil when malformed.
    init?(_ raw: String) {
        guard case .success(let bcp) = LanguageTag.canonical(raw) else { return nil }
        guard let id = ICULocale.call({ lk_uloc_forLanguageTag(bcp, $0, $1, nil, &$2) }), !id.isEmpty else { return nil }
        self.id = ICULocale.normalizeLegacy(id)
    }

    var description: String { id }

    /// Norwegian: Apple treats `no` as `nb`.
    static func normalizeLegacy(_ id: String) -> String {
        id == "no" || id.hasPrefix("no_") ? "nb" + id.dropFirst(2) : id
    }

    var language: String { ICULocale.call { lk_uloc_getLanguage(id, $0, $1, &$2) } ?? id }
    var script: String { ICULocale.call { lk_uloc_getScript(id, $0, $1, &$2) } ?? "" }
    var region: String { ICULocale.call { lk_uloc_getCountry(id, $0, $1, &$2) } ?? "" }

    /// With likely subtags added (`zh_HK` → `zh_Hant_HK`, `en` → `en_Latn_US`).
    var maximized: ICULocale {
        ICULocale(id: ICULocale.call { lk_uloc_addLikelySubtags(id, $0, $1, &$2) } ?? id)
    }

    /// Whether ICU has data for exactly this locale (zh_Hant_HK yes, en_Latn_IN no).
    var hasData: Bool { lk_has_data(id) != 0 }

    /// The CLDR parent: the explicit parent from ICU's data (`en_IN` → `en_001`, `zh_Hant` → root),
    /// else the truncation (`pt_PT` → `pt`); nil at the root.
    var cldrParent: ICULocale? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = lk_cldr_parent(id, &buffer, Int32(buffer.count))
        let parent = n > 0
            ? String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : (ICULocale.call { lk_uloc_getParent(id, $0, $1, &$2) } ?? "")
        return parent.isEmpty || parent == "root" ? nil : ICULocale(id: parent)
    }

    /// Runs an ICU function that writes a string into (buffer, capacity, status).
    static func call(_ f: (UnsafeMutablePointer<CChar>, Int32, inout UErrorCode) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 160)
        var status = U_ZERO_ERROR
        let n = buffer.withUnsafeMutableBufferPointer { f($0.baseAddress!, Int32($0.count), &status) }
        guard lk_failure(status) == 0, n >= 0, Int(n) < buffer.count else { return nil }
        return String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
