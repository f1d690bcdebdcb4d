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

    /// ICU ids by canonical tag, and maximized ids by id: bounded (4096 each; see `SharedCache`),
    /// as tags are caller input.
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
    var hasData: Bool { ICULocale.mayAskForData(id) && lk_loc_has_data(id) != 0 }

    /// The CLDR parent: the explicit parent from ICU's data (`en_IN` → `en_001`, `zh_Hant` → root),
    /// else the truncation (`pt_PT` → `pt`); nil at the root.
    var cldrParent: ICULocale? {
        let explicit = ICULocale.mayAskForData(id) ? ICUString.get { lk_loc_cldr_parent(id, $0, $1) } ?? "" : ""
        let parent = explicit.isEmpty ? (ICUString.get { lk_loc_parent(id, $0, $1) } ?? "") : explicit
        return parent.isEmpty || parent == "root" ? nil : ICULocale(id: parent)
    }
}

// MARK: What ICU is asked for data

extension ICULocale {
    /// ICU keeps an entry for every locale name it opens data for, found or not, until the process
    /// ends (some 200 to 500 bytes each; no public API frees them), so a caller's junk tags
    /// (`en-US-a1b2c3`, a new variant each time) would grow the process without bound. ICU is
    /// asked freely about the locales it has data for, a fixed set; of the other names, about at
    /// most `unknownLimit` distinct ones.
    static let unknownLimit = 4096
    private static let asked = Locked(AskedNames())

    /// The locales ICU has data for, with their legacy aliases (zh_TW, iw). Built only once the
    /// names asked about could reach `unknownLimit` (see `AskedNames`): enumerating ICU's index of
    /// some 900 locales is the dearest thing a process's first lookup would otherwise do.
    static let installed: Set<String> = {
        let n = lk_installed_locales(nil, 0)
        guard n > 0 else { return [] }
        let list = ICUString.get(capacity: Int(n) + 1) { lk_installed_locales($0, $1) == n ? n : -1 } ?? ""
        return Set(list.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) })
    }()

    /// The names ICU was asked about. While fewer than `unknownLimit` distinct names were asked
    /// (installed or not), every name may be asked, whichever of them ICU has data for: nothing
    /// needs `installed` yet. The first name past that sorts them once, keeping the ones ICU has no
    /// data for; from then on the rule is applied as stated. The answers are those of applying it
    /// from the start: the names without data are a subset of the names asked.
    struct AskedNames {
        /// Every distinct name asked until `sorted`; after, only those ICU has no data for.
        var names: Set<String> = []
        var sorted = false

        mutating func mayAsk(_ base: String) -> Bool {
            if !sorted {
                if names.contains(base) { return true }
                if names.count < ICULocale.unknownLimit {
                    names.insert(base)
                    return true
                }
                names = names.filter { !ICULocale.installed.contains($0) }
                sorted = true
            }
            if ICULocale.installed.contains(base) || names.contains(base) { return true }
            guard names.count < ICULocale.unknownLimit else { return false }
            names.insert(base)
            return true
        }
    }

    /// Whether ICU may open data for `id` (keywords aside): always when it has data for it, else
    /// while fewer than `unknownLimit` other names were asked about.
    static func mayAskForData(_ id: String) -> Bool {
        let base = id.utf8.firstIndex(of: UInt8(ascii: "@")).map { String(id[..<$0]) } ?? id
        return asked.withLock { $0.mayAsk(base) }
    }

    /// The name to open `id`'s data with: `id` itself, or once ICU may not be asked about it, its
    /// nearest ancestor ICU has data for (subtags dropped from the end, keywords kept), which is
    /// where ICU's own fallback goes in the common cases (`en_US_A1B2C3` → `en_US`).
    static func dataName(_ id: String) -> String {
        guard !mayAskForData(id) else { return id }
        let at = id.firstIndex(of: "@") ?? id.endIndex
        var base = id[..<at]
        while !base.isEmpty, !installed.contains(String(base)) {
            base = base[..<(base.lastIndex(of: "_") ?? base.startIndex)]
            while base.hasSuffix("_") { base = base.dropLast() }
        }
        return (base.isEmpty ? "root" : String(base)) + id[at...]
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
