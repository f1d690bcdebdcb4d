internal import CICU

/// The `icu` strategy: CLDR's LocaleMatcher, run by ICU's C++ `icu::LocaleMatcher` through the
/// C++ shim in `CICU` (matcher.cpp).
///
/// `order(preferred:available:)` returns ICU's best match for the whole preference list — ICU
/// weighs every preference at once, demoting later ones (`Parameters.demotion`) — followed by the
/// available ancestors of that match. Ancestors are kept simple: the CLDR parent chain from ICU's
/// data (`es_MX` → `es_419` → `es`, `en_AU` → `en_001` → `en`, else the truncation `pt_PT` → `pt`),
/// keeping only the ancestors with the match's likely script (so `zh_TW` is not followed by `zh`,
/// which is Simplified). Preferences and localizations that `LanguageTag` rejects as malformed are
/// skipped (`und` excepted: CLDR matches it with `und` alone); legacy names (`English`) are read as
/// their codes. When nothing matches the result is empty (ICU's default locale is not reported as a
/// match) and the caller appends the development localization.
public struct ICUMatcher: LocalizationMatcher {
    public struct Parameters: Sendable, Equatable {
        public enum FavorSubtag: Sendable, Equatable {
            /// CLDR's default: a language difference outweighs a script difference.
            case normal
            /// Script differences outweigh language differences (`sr` → `en-Cyrl` rather than `hr`).
            case script
        }
        public enum DefaultLocale: Sendable, Equatable {
            /// ICU's default: the first supported locale stands in when nothing matches.
            case firstSupported
            /// This locale stands in when nothing matches.
            case locale(String)
            /// Nothing stands in: no match is reported as none.
            case none
        }
        public enum Demotion: Sendable, Equatable {
            /// Later preferences are demoted by a region-sized distance each (ICU's default).
            case region
            /// All preferences weigh equally.
            case none
        }
        public enum Direction: Sendable, Equatable {
            /// Uses CLDR's one-way matches too (a desired `arz` accepts `ar`) (ICU's default).
            case withOneWay
            /// Only matches that work both ways.
            case onlyTwoWay
        }
        /// A maximum distance given as a sample pair (`Builder::setMaxDistance`).
        public struct MaxDistance: Sendable, Equatable {
            public var desired: String
            public var supported: String
            public init(desired: String, supported: String) {
                self.desired = desired
                self.supported = supported
            }
        }

        public var favorSubtag: FavorSubtag
        /// The exclusive distance limit on CLDR's 0...100 scale (ICU4J's threshold; nil = CLDR's
        /// default, the default script distance 50). Takes precedence over `maxDistance`.
        public var threshold: Int?
        public var maxDistance: MaxDistance?
        public var defaultLocale: DefaultLocale
        public var demotion: Demotion
        public var direction: Direction

        public init(favorSubtag: FavorSubtag = .normal, threshold: Int? = nil, maxDistance: MaxDistance? = nil,
                    defaultLocale: DefaultLocale = .none, demotion: Demotion = .region,
                    direction: Direction = .withOneWay) {
            self.favorSubtag = favorSubtag
            self.threshold = threshold
            self.maxDistance = maxDistance
            self.defaultLocale = defaultLocale
            self.demotion = demotion
            self.direction = direction
        }
    }

    public var parameters: Parameters

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// Nil when CLDR's matcher can be used; else why not (ICU, or liblokale-icu.so beside
    /// liblokale.so, could not be loaded), as a sentence. Loads ICU when it was not.
    public static var unavailable: String? { lk_icu_unavailable().map { String(cString: $0) } }

    public func order(preferred: [String], available: [String]) -> [LocalizationChoice] {
        // Localizations in canonical BCP 47 form; malformed ones cannot match.
        var supported: [String] = []
        var supportedIndex: [Int] = []
        for (i, raw) in available.enumerated() {
            guard let tag = ICUMatcher.tag(raw) else { continue }
            supported.append(tag)
            supportedIndex.append(i)
        }
        var desired: [String] = []
        var desiredIndex: [Int] = []
        for (p, raw) in preferred.enumerated() {
            guard let tag = ICUMatcher.tag(raw) else { continue }
            desired.append(tag)
            desiredIndex.append(p)
        }
        guard !supported.isEmpty, !desired.isEmpty,
              let matcher = ICULocaleMatcher(supported: supported, parameters: parameters),
              let match = matcher.bestMatch(desired),
              let s = match.supportedIndex, let d = match.desiredIndex else { return [] }
        let m = supportedIndex[s]
        let p = desiredIndex[d]
        var result = [LocalizationChoice(localization: m, reason: .matched(preference: p, language: preferred[p]))]

        // The available ancestors of the match.
        let names: [String?] = supported.map { ICULocaleMatcher.localeString($0) }
        guard let matchName = names[s] else { return result }
        let start = ICULocale(id: String(matchName.prefix { $0 != "@" }))
        let script = start.maximized.script
        var current = start
        var seen: Set<String> = [start.id]
        while seen.count < 12, let parent = current.cldrParent, !seen.contains(parent.id) {
            seen.insert(parent.id)
            current = parent
            guard parent.maximized.script == script else { continue }
            for j in names.indices where names[j] == parent.id && !result.contains(where: { $0.localization == supportedIndex[j] }) {
                result.append(LocalizationChoice(localization: supportedIndex[j], reason: .fallback(of: available[m], preference: p)))
                break
            }
        }
        return result
    }

    /// The tag handed to ICU: `LanguageTag`'s canonical form, and `und` as well. `LanguageTag`
    /// rejects `und` as naming no language (right for the `apple` strategy and the environment),
    /// but CLDR's matcher gives it a meaning of its own — it matches `und` and nothing else (ICU's
    /// testUndefined) — so this strategy passes it on.
    static func tag(_ raw: String) -> String? {
        if case .success(let tag) = LanguageTag.canonical(raw) { return tag }
        return raw.lowercased() == "und" ? "und" : nil
    }
}

/// One built `icu::LocaleMatcher` (immutable, so safe to share across threads).
public final class ICULocaleMatcher: @unchecked Sendable {
    /// The outcome of a query.
    public struct Match: Sendable, Equatable {
        /// Index into the supported list; nil when nothing matched (the default, if any, stands in).
        public var supportedIndex: Int?
        /// Index into the desired list of the preference that matched.
        public var desiredIndex: Int?
        /// The best supported locale, or the default locale; nil when there is neither.
        public var supported: String?
        /// The desired locale that matched.
        public var desired: String?
        /// `Result::makeResolvedLocale()`: the supported locale combined with the desired one's
        /// region, variants and extensions (`fr` + `fr-BE-fonipa` = `fr-BE-fonipa`).
        public var resolved: String?
    }

    /// How locales are spelled in `Match`.
    public enum Form: Sendable {
        /// ICU's id (`fr_BE_FONIPA`, `en_GB@sd=gbsct`).
        case icuName
        /// BCP 47 (`fr-BE-fonipa`).
        case bcp47

        var code: Int32 { self == .icuName ? LK_ICU_FORM_ICU_NAME : LK_ICU_FORM_BCP47 }
    }

    private let handle: OpaquePointer

    /// Builds a matcher. Entries ICU cannot parse are left out (indices still refer to
    /// `supported`). Nil when ICU fails to build it or a parameter is invalid.
    public init?(supported: [String], parameters: ICUMatcher.Parameters) {
        var options = lk_icu_matcher_options()
        lk_icu_matcher_options_init(&options)
        options.favor_subtag = parameters.favorSubtag == .script ? LK_ICU_FAVOR_SCRIPT : LK_ICU_FAVOR_LANGUAGE
        options.threshold = Int32(clamping: parameters.threshold ?? -1)
        options.demotion = parameters.demotion == .none ? LK_ICU_DEMOTION_NONE : LK_ICU_DEMOTION_REGION
        options.direction = parameters.direction == .onlyTwoWay ? LK_ICU_DIRECTION_ONLY_TWO_WAY : LK_ICU_DIRECTION_WITH_ONE_WAY
        let defaultLocale: String
        switch parameters.defaultLocale {
        case .firstSupported:
            options.default_mode = LK_ICU_DEFAULT_FIRST_SUPPORTED
            defaultLocale = ""
        case .locale(let l):
            options.default_mode = LK_ICU_DEFAULT_LOCALE
            defaultLocale = l
        case .none:
            options.default_mode = LK_ICU_DEFAULT_NONE
            defaultLocale = ""
        }
        let maxDesired = parameters.maxDistance?.desired ?? ""
        let maxSupported = parameters.maxDistance?.supported ?? ""
        let hasMax = parameters.maxDistance != nil
        var created: OpaquePointer? = nil
        let status = withCStrings(supported) { list in
            defaultLocale.withCString { def in
                maxDesired.withCString { md in
                    maxSupported.withCString { ms in
                        options.default_locale = def
                        if hasMax {
                            options.max_distance_desired = md
                            options.max_distance_supported = ms
                        }
                        return lk_icu_matcher_create(list.baseAddress, Int32(list.count), &options, &created)
                    }
                }
            }
        }
        guard status == LK_ICU_OK, let h = created else { return nil }
        handle = h
    }

    deinit { lk_icu_matcher_free(handle) }

    /// The best match for `desired` (most preferred first); entries ICU cannot parse are skipped.
    /// Nil only when ICU fails.
    public func bestMatch(_ desired: [String], form: Form = .icuName) -> Match? {
        var result: OpaquePointer? = nil
        let status = withCStrings(desired) { list in
            lk_icu_matcher_best(handle, list.baseAddress, Int32(list.count), &result)
        }
        guard status == LK_ICU_OK, let r = result else { return nil }
        defer { lk_icu_result_free(r) }
        let s = lk_icu_result_supported_index(r)
        let d = lk_icu_result_desired_index(r)
        return Match(
            supportedIndex: s >= 0 ? Int(s) : nil,
            desiredIndex: d >= 0 ? Int(d) : nil,
            supported: ICULocaleMatcher.read { lk_icu_result_locale(r, LK_ICU_RESULT_SUPPORTED, form.code, $0, $1, $2) } ?? nil,
            desired: ICULocaleMatcher.read { lk_icu_result_locale(r, LK_ICU_RESULT_DESIRED, form.code, $0, $1, $2) } ?? nil,
            resolved: ICULocaleMatcher.read { lk_icu_result_locale(r, LK_ICU_RESULT_RESOLVED, form.code, $0, $1, $2) } ?? nil)
    }

    /// `locale` as ICU reads it, in the given form: a canonical spelling to compare with `Match`.
    /// Nil when ICU cannot parse it.
    public static func localeString(_ locale: String, form: Form = .icuName) -> String? {
        read { lk_icu_locale_string(locale, form.code, $0, $1, $2) } ?? nil
    }

    /// Runs a shim function writing a string; nil on failure, .some(nil) for an absent locale.
    private static func read(_ f: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32) -> String?? {
        var capacity = 160
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            var length: Int32 = 0
            let status = buffer.withUnsafeMutableBufferPointer { f($0.baseAddress!, Int32($0.count), &length) }
            if status == LK_ICU_ERR_BUFFER, Int(length) >= capacity, capacity < 1 << 16 {
                capacity = Int(length) + 1
                continue
            }
            guard status == LK_ICU_OK else { return nil }
            if length < 0 { return .some(nil) }
            return .some(String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }
}

/// Calls `body` with the strings as an array of C strings valid for the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
    let owned: [UnsafeMutablePointer<CChar>] = strings.map { s in
        let bytes = Array(s.utf8CString)
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        p.initialize(from: bytes, count: bytes.count)
        return p
    }
    defer { owned.forEach { $0.deallocate() } }
    let pointers: [UnsafePointer<CChar>?] = owned.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer(body)
}
