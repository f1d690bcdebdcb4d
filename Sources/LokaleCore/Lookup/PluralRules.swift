import CICU
import Synchronization

/// ICU plural rules, opened once per (locale, type) and kept: opening them costs far more than a lookup.
final class PluralRules: @unchecked Sendable {
    static let cache = Mutex<[String: PluralRules]>([:])

    private let rules: OpaquePointer

    private init?(locale: String, ordinal: Bool) {
        var status = U_ZERO_ERROR
        guard let r = lk_uplrules_open(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status),
              lk_failure(status) == 0 else { return nil }
        rules = r
    }

    deinit { lk_uplrules_close(rules) }

    static func forLocale(_ locale: String, ordinal: Bool) -> PluralRules? {
        let key = (ordinal ? "o:" : "c:") + locale
        return cache.withLock { cache in
            if let r = cache[key] { return r }
            guard let r = PluralRules(locale: locale.replacingOccurrences("-", "_"), ordinal: ordinal) else { return nil }
            cache[key] = r
            return r
        }
    }

    func category(_ number: Double) -> PluralCategory {
        var keyword = [UInt16](repeating: 0, count: 16)
        var status = U_ZERO_ERROR
        let n = lk_uplrules_select(rules, number, &keyword, Int32(keyword.count), &status)
        guard lk_failure(status) == 0, n > 0 else { return .other }
        return PluralCategory(rawValue: String(decoding: keyword.prefix(Int(n)), as: UTF16.self)) ?? .other
    }
}

extension String {
    func replacingOccurrences(_ a: Character, _ b: Character) -> String {
        String(map { $0 == a ? b : $0 })
    }
}
