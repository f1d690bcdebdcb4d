import LokaleCore
import Testing

/// `MF2FastPlan` (what lokale_message_format_format tries first) writes exactly what `MF2.format`
/// writes, for every message shape it takes, and declines what it does not cover.
struct MF2FastPlanTests {
    /// The plan's text for `arguments`, nil when it declines.
    static func fast(_ plan: MF2FastPlan, _ arguments: [String: MF2.Argument]) -> String? {
        var owned: [UnsafeMutableRawBufferPointer] = []
        defer { owned.forEach { $0.deallocate() } }
        let values: [MF2FastPlan.Argument] = plan.names.map { name in
            switch arguments[String(decoding: name, as: UTF8.self)] {
            case .int(let n)?: return .int(n)
            case .string(let s)?:
                let b = UnsafeMutableRawBufferPointer.allocate(byteCount: s.utf8.count, alignment: 1)
                b.copyBytes(from: s.utf8)
                owned.append(b)
                return .text(UnsafeRawBufferPointer(b))
            default: return .other
            }
        }
        var out = [UInt8](repeating: 0, count: 1024)
        let n = values.withUnsafeBufferPointer { v in out.withUnsafeMutableBytes { plan.format(v, into: $0) } }
        return n.map { String(decoding: out[..<$0], as: UTF8.self) }
    }

    static let messages = [
        ".input {$count :integer}\n.match $count\none {{You have {$count} file.}}\n* {{You have {$count} files.}}",
        ".input {$n :number}\n.match $n\n0 {{none}}\n1 {{exactly one}}\none {{one: {$n}}}\nfew {{few {$n}}}\n* {{other {$n} for {$who}}}",
        ".input {$n :integer select=ordinal}\n.match $n\none {{{$n}st}}\ntwo {{{$n}nd}}\nfew {{{$n}rd}}\n* {{{$n}th}}",
        ".input {$n :number select=exact}\n.match $n\n1 {{one exactly}}\n* {{{$n}}}",
        ".input {$a :integer}\n.input {$b :number}\n.match $a $b\none one {{{$a} and {$b}: 1 1}}\none * {{{$a} {$b}: 1 *}}\n* one {{* 1 {$b}}}\n* * {{{$a}, {$b}}}",
        ".input {$n :number minimumFractionDigits=1}\n.match $n\none {{one {$n}}}\n* {{other {$n}}}",
        ".input {$n :number useGrouping=never signDisplay=always}\n{{{$n} files}}",
        ".input {$n :integer minimumIntegerDigits=3}\n.match $n\none {{{$n}}}\n* {{{$n}!}}",
        "Hello, {$name}! {$name} again.",
        "Plain text only",
    ]

    static let locales = ["en", "fr", "ru", "ar", "he", "pl", "cy", "ja", "de-CH", "hi-IN", "bn"]

    @Test func theFastPlanWritesWhatTheFormatterWrites() throws {
        var compared = 0
        for source in Self.messages {
            let message = try MF2.checked(source)
            for locale in Self.locales {
                let plan = try #require(MF2FastPlan.make(message, locale: locale), "\(source) in \(locale)")
                var counts: [Int64] = Array(-25...130) + [999, 1000, 1001, 12345, 1_000_000, -1_234_567, Int64.max, Int64.min]
                counts += stride(from: 0, to: 1000, by: 37).map { Int64($0) }
                for n in counts {
                    let arguments: [String: MF2.Argument] = ["count": .int(n), "n": .int(n), "a": .int(n), "b": .int(n &* 7 % 5),
                                                             "who": "Léa", "name": "\u{5E9}\u{5DC}\u{5D5}\u{5DD} Ana"]
                    let general = MF2.format(message, locale: locale, arguments: arguments)
                    #expect(general.errors.isEmpty, "\(source) \(locale) \(n): \(general.errors)")
                    #expect(Self.fast(plan, arguments) == general.text, "\(source) in \(locale) for \(n)")
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
    }

    @Test func otherShapesHaveNoPlan() throws {
        for source in ["{#b}bold{/b}", ".local $x = {1 :number} {{{$x}}}", ".input {$n :percent} {{{$n}}}", "{$n :number}",
                       ".input {$n :number u:dir=rtl} {{{$n}}}", ".input {$n :number minimumFractionDigits=$d} {{{$n}}}",
                       ".input {$s :string}\n.match $s\na {{A}}\n* {{B}}", "{|literal|}", ".input {$n :number}\n.match $n\nfoo {{x}}\n* {{y}}",
                       ".input {$d :date} {{{$d}}}"] {
            #expect(MF2FastPlan.make(try MF2.checked(source), locale: "en") == nil, "\(source)")
        }
        #expect(MF2FastPlan.make(try MF2.checked("{$x}"), locale: "not a locale!") == nil)
    }

    @Test func argumentsItDoesNotTakeAreLeftToTheFormatter() throws {
        let plan = try #require(MF2FastPlan.make(try MF2.checked(Self.messages[0]), locale: "en"))
        #expect(Self.fast(plan, [:]) == nil)                      // missing: the general path reports it
        #expect(Self.fast(plan, ["count": "3"]) == nil)           // text: the general path reads it as a number
        #expect(Self.fast(plan, ["count": .double(1.5)]) == nil)
        #expect(Self.fast(plan, ["count": 1]) == "You have 1 file.")
        let hello = try #require(MF2FastPlan.make(try MF2.checked("Hi {$name}"), locale: "en"))
        #expect(Self.fast(hello, ["name": 3]) == nil)             // a number: formatted by the general path
        #expect(Self.fast(hello, ["name": "Ana"]) == "Hi \u{2068}Ana\u{2069}")
    }

    @Test func utf8Validation() {
        func valid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { MF2FastPlan.isUTF8($0) } }
        #expect(valid(Array("aé€😀".utf8)))
        for bad: [UInt8] in [[0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xF5, 0x80, 0x80, 0x80]] {
            #expect(!valid(bad), "\(bad)")
        }
    }
}
