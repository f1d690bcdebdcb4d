import CICU
import Synchronization

/// ICU plural rules, opened once per (locale, type) and kept: opening them costs far more than a lookup.
final class PluralRules: @unchecked Sendable {
    /// Cardinal and ordinal rules by locale identifier.
    static let cache = Mutex<(cardinal: [String: PluralRules], ordinal: [String: PluralRules])>(([:], [:]))

    private let rules: OpaquePointer

    private init?(locale: String, ordinal: Bool) {
        var status = U_ZERO_ERROR
        guard let r = lk_uplrules_open(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status),
              lk_failure(status) == 0 else { return nil }
        rules = r
    }

    deinit { lk_uplrules_close(rules) }

    static func forLocale(_ locale: String, ordinal: Bool) -> PluralRules? {
        cache.withLock { cache in
            if let r = ordinal ? cache.ordinal[locale] : cache.cardinal[locale] { return r }
            guard let r = PluralRules(locale: locale.replacingOccurrences("-", "_"), ordinal: ordinal) else { return nil }
            if ordinal { cache.ordinal[locale] = r } else { cache.cardinal[locale] = r }
            return r
        }
    }

    func category(_ number: Double) -> PluralCategory {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 8) { keyword in
            var status = U_ZERO_ERROR
            let n = Int(lk_uplrules_select(rules, number, keyword.baseAddress, 8, &status))
            guard lk_failure(status) == 0, n > 0, n <= 8 else { return .other }
            // ICU's keywords are ASCII; match them without building a String.
            for c in PluralCategory.allCases where c.rawValue.utf8.count == n
                && c.rawValue.utf8.enumerated().allSatisfy({ UInt16($0.element) == keyword[$0.offset] }) {
                return c
            }
            return .other
        }
    }
}

extension String {
    func replacingOccurrences(_ a: Character, _ b: Character) -> String {
        String(map { $0 == a ? b : $0 })
    }
}
