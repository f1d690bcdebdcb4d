internal import CICU

/// How ICU writes an integer with one number formatter (a locale and a skeleton that shows
/// integers whole: `precision-integer` or `.###`, rounding half-up, nothing else), learnt from
/// ICU's own output: for each count of digits (1…19) and sign, the text before, between and
/// after the digits (`1,234,567`: "", ",", "", "", ",", "", "", ""). With such a skeleton the
/// output of an integer depends only on its count of digits and its sign — grouping by position,
/// no fraction, no rounding — so one probe per count proves the layout for every integer of that
/// count. A locale whose digits are not ASCII (ar, bn…) has no layout: ICU formats those.
final class MF2IntegerLayout: @unchecked Sendable {
    /// The bytes before digit k (k == digits: after the last) of an integer of `digits` digits,
    /// negative or not: bytes[starts[i]..<starts[i + 1]] with i = slot(negative, digits, k). Raw
    /// memory, written once in init: reading it costs no reference counting.
    private let bytes: UnsafeMutablePointer<UInt8>
    private let starts: UnsafeMutablePointer<Int32>
    private static let slots = 2 * 19 * 21

    private static func slot(_ negative: Bool, _ digits: Int, _ k: Int) -> Int { ((negative ? 19 : 0) + digits - 1) * 21 + k }

    /// Skeletons whose integers are shown whole (the defaults of `:integer` and `:number`).
    static let wholeSkeletons: Set<String> = ["precision-integer rounding-mode-half-up", ".### rounding-mode-half-up"]

    /// Layouts by formatter key ("locale skeleton"): made once each, a few dozen ICU calls.
    private static let cache = SharedCache<String, MF2IntegerLayout?>(limit: 128)

    static func forFormatter(_ formatter: OpaquePointer, locale icu: String, skeleton: String) -> MF2IntegerLayout? {
        guard wholeSkeletons.contains(skeleton) else { return nil }
        return cache.value(icu + " " + skeleton) { _ in MF2IntegerLayout(formatter) }
    }

    private init?(_ formatter: OpaquePointer) {
        let probe = Array("9123456789012345678".utf8) // all ten digits by 10 digits; 19 is Int64's most
        var all: [[[[UInt8]]]] = []
        for negative in [false, true] {
            var bySize: [[[UInt8]]] = []
            for count in 1...19 {
                let digits = Array(probe[..<count])
                let text = (negative ? [UInt8(ascii: "-")] : []) + digits
                var out = [UInt16](repeating: 0, count: 96)
                let n = text.withUnsafeBufferPointer { t in
                    t.withMemoryRebound(to: CChar.self) {
                        lk_mf2_number_format_with(formatter, $0.baseAddress, Int32($0.count), nil, nil, 0, nil, 0, nil, &out, 96)
                    }
                }
                guard n > 0, n <= 96 else { return nil }
                // The output's ASCII digits must be the probe's, in order; what lies between them is the layout.
                var inserts: [[UInt8]] = [[]], seen: [UInt8] = []
                for byte in String(decoding: out[..<Int(n)], as: UTF16.self).utf8 {
                    if byte >= 0x30, byte <= 0x39 {
                        seen.append(byte)
                        inserts.append([])
                    } else {
                        inserts[inserts.count - 1].append(byte)
                    }
                }
                guard seen == digits else { return nil }
                bySize.append(inserts)
            }
            all.append(bySize)
        }
        var flat: [UInt8] = [], offsets: [Int32] = []
        for negative in [false, true] {
            for digits in 1...19 {
                for k in 0..<21 {
                    offsets.append(Int32(flat.count))
                    if k <= digits { flat += all[negative ? 1 : 0][digits - 1][k] }
                }
            }
        }
        offsets.append(Int32(flat.count))
        bytes = .allocate(capacity: max(flat.count, 1))
        bytes.initialize(from: flat, count: flat.count)
        starts = .allocate(capacity: offsets.count)
        starts.initialize(from: offsets, count: offsets.count)
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
    }

    /// `n` written into `slot`: its length, or nil when it does not fit.
    func write(_ n: Int64, into slot: UnsafeMutableRawBufferPointer) -> Int? {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: room for 19 digits, on the stack
        return withUnsafeMutableBytes(of: &digits) { d -> Int? in
            var m = n.magnitude, count = 0
            repeat {
                d[23 - count] = UInt8(0x30 + m % 10)
                m /= 10
                count += 1
            } while m > 0
            let first = Self.slot(n < 0, count, 0)
            var length = 0
            for k in 0...count {
                let start = Int(starts[first + k]), end = Int(starts[first + k + 1])
                guard end - start + 1 <= slot.count - length else { return nil }
                for j in start..<end {
                    slot[length] = bytes[j]
                    length += 1
                }
                if k < count {
                    slot[length] = d[24 - count + k]
                    length += 1
                }
            }
            return length
        }
    }
}
