internal import CICU

/// A locale as ICU names it (`zh_Hant_HK`), with the few ICU queries language selection needs.
struct ICULocale: Hashable, Sendable, CustomStringConvertible {
    /// ICU's canonical id, e.g. `en_GB`, `zh_Hant_TW`.
    let id: String

    init(id: String) { self.id = id }

    /// From any identifier LanguageTag accepts; nil when malformed.
    init?(_ raw: String) {
        guard case .success(let bcp) = LanguageTag.canonical(raw),
              let id = ICULocale.ids.value(bcp, { bcp in ICUString.get({ lk_loc_for_language_tag(bcp, $0, $1, nil) }) }),
              !id.isEmpty else { return nil }
        self.id = id
    }

    /// ICU ids by canonical tag, and maximized ids by id (see `SharedCache`).
    private static let ids = SharedCache<String, String?>()
    private static let maximizedIDs = SharedCache<String, String>()

    var description: String { id }

    var language: String { ICUString.get { lk_loc_language(id, $0, $1) } ?? id }
    var script: String { ICUString.get { lk_loc_script(id, $0, $1) } ?? "" }
    var region: String { ICUString.get { lk_loc_region(id, $0, $1) } ?? "" }

    /// With likely subtags added (`zh_HK` → `zh_Hant_HK`, `en` → `en_Latn_US`).
    var maximized: ICULocale {
        ICULocale(id: ICULocale.maximizedIDs.value(id) { id in ICUString.get { lk_loc_add_likely_subtags(id, $0, $1) } ?? id })
    }

    /// Whether ICU has data for exactly this locale (zh_Hant_HK yes, en_Latn_IN no).
    var hasData: Bool { lk_loc_has_data(id) != 0 }

    /// The CLDR parent: the explicit parent from ICU's data (`en_IN` → `en_001`, `zh_Hant` → root),
    /// else the truncation (`pt_PT` → `pt`); nil at the root.
    var cldrParent: ICULocale? {
        let explicit = ICUString.get { lk_loc_cldr_parent(id, $0, $1) } ?? ""
        let parent = explicit.isEmpty ? (ICUString.get { lk_loc_parent(id, $0, $1) } ?? "") : explicit
        return parent.isEmpty || parent == "root" ? nil : ICULocale(id: parent)
    }
}

/// Strings from the CICU shim's (out, capacity) functions.
enum ICUString {
    static func get(capacity: Int = 160, _ f: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String? in
            let n = f(buffer.baseAddress!, Int32(capacity))
            guard n >= 0, Int(n) < capacity else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(n)), as: UTF8.self)
        }
    }
}
