import Foundation
import LokaleCatalog
@testable import LokaleCore
import Testing
import TestSupport

/// Lokale's Java specifiers against `java.util.Formatter` itself: `Tests/java/FormatOracle.java`,
/// compiled at test time with `javac` and run with `java` (apt package openjdk-17-jdk-headless),
/// formats every pattern × arguments × locale below with `String.format(Locale, …)`; Lokale parses
/// the same pattern with Java's syntax and formats it with the locale's `NumberSymbols`.
///
/// Every disagreement must be one of the deliberate ones docs/SOURCES.md lists ("Java specifiers"):
/// a conversion Lokale refuses (`%b`, `%h`, `%t`, a width on `%%`); a locale whose number symbols
/// differ between the JDK's CLDR and ICU's (reported with both); a double whose digits the JDK
/// writes with one more digit than the shortest (JDK 17's `FloatingDecimal`). Anything else fails.
@Suite struct JavaDifferentialTests {
    static let java = ProcessInfo.processInfo.environment["LOKALE_JAVA_HOME"].map { $0 + "/bin/java" } ?? Glibc.which("java")
    static let javac = ProcessInfo.processInfo.environment["LOKALE_JAVA_HOME"].map { $0 + "/bin/javac" } ?? Glibc.which("javac")
    static var skipReason: Comment? {
        java == nil || javac == nil ? "java and javac are not installed (apt package openjdk-17-jdk-headless): the Java differential is skipped" : nil
    }

    enum Arg {
        case long(Int64), int(Int32), big(UInt64), double(Double), text(String)
        var wire: String {
            switch self {
            case .long(let v): "L\(v)"
            case .int(let v): "I\(v)"
            case .big(let v): "B\(v)"
            case .double(let v): "D" + String(v.bitPattern, radix: 16)
            case .text(let s): "S" + hex(s)
            }
        }
        var lokale: FormatArgument {
            switch self {
            case .long(let v): .int(v)
            case .int(let v): .int(Int64(v))
            case .big(let v): .uint(v)
            case .double(let v): .double(v)
            case .text(let s): .string(s)
            }
        }
    }

    struct Case { var locale: String; var pattern: String; var args: [Arg] }

    static func hex(_ s: String) -> String { s.utf8.map { String(format: "%02x", $0) }.joined() }
    static func unhex(_ h: Substring) -> String {
        var bytes: [UInt8] = []
        var i = h.startIndex
        while i < h.endIndex, let j = h.index(i, offsetBy: 2, limitedBy: h.endIndex) {
            bytes.append(UInt8(h[i..<j], radix: 16) ?? 0x3F)
            i = j
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let integers: [Arg] = [0, 1, -1, 42, -42, 999, 1000, -1234, 1_234_567, -1_234_567, 9_876_543_210, .max, .min].map { .long($0) } + [.big(UInt64.max)]
    static let doubles: [Arg] = [0.0, -0.0, 1.0, -1.5, 0.15, 0.125, 1.005, 2.675, 0.5, 2.5, 999_999.5, 9.9999, 1_234_567.891, -1234.5,
                                 0.0001, 0.00001234, 1e7, 1e20, 1e-10, 123_456_789.0, 1e300, 5e-324, 2.2250738585072014e-308,
                                 3.141592653589793, 1e23, 1e-323, 2.5e-322, .nan, .infinity, -.infinity].map { .double($0) }
    static let texts: [Arg] = ["abc", "straße", "istanbul", "😀x", ""].map { .text($0) } + [.long(42), .long(-7), .big(UInt64.max)]
        + [1.0, 1e7, 0.001, 1e-4, 1_234_567.0, -0.0, .nan, 1e23, 0.1, 100.0].map { .double($0) }

    /// Patterns of one conversion with every flag combination of interest (Java's refusals too).
    static func patterns(_ conversions: [String], flags: [String], widths: [String], precisions: [String]) -> [String] {
        conversions.flatMap { c in flags.flatMap { f in widths.flatMap { w in precisions.map { p in "%\(f)\(w)\(p)\(c)" } } } }
    }

    static let integerPatterns = patterns(["d", "x", "X", "o"], flags: ["", "-", "+", " ", "0", ",", "(", "#", "+,", "(,", "0,", "-,", "+(", " 0"],
                                          widths: ["", "8", "14"], precisions: [""])
    static let floatPatterns = patterns(["f", "e", "E", "g", "G", "a", "A"], flags: ["", "-", "+", " ", "0", ",", "(", "#", "+,", "(,", "0,", "0("],
                                        widths: ["", "13"], precisions: ["", ".0", ".1", ".2", ".3", ".12"])
    static let textPatterns = patterns(["s", "S"], flags: ["", "-", "#", "+"], widths: ["", "6"], precisions: ["", ".2", ".5"])
    static let characterPatterns = patterns(["c", "C"], flags: ["", "-"], widths: ["", "4"], precisions: [""])
    static let compound: [(String, [Arg])] = [
        ("%2$s has %1$,d new messages.%n", [.long(1234), .text("Ana")]), ("%s %<s %s", [.text("a"), .text("b")]),
        ("a%nb%%c", []), ("%1$s%n%2$,.2f", [.text("x"), .double(-1234.567)]), ("100%% %d", [.long(5)]),
        ("%ld", [.long(1)]), ("%lld", [.long(1)]), ("%@", [.text("x")]), ("%#@x@", [.long(1)]), ("%b", [.long(0)]),
        ("%h", [.text("hello")]), ("%tY", [.long(0)]), ("%0$s", [.text("x")]), ("%<s", [.text("x")]), ("%5%", []),
        ("%q", [.long(1)]), ("%F", [.double(1)]), ("%i", [.long(1)]), ("%u", [.long(1)]), ("%00d", [.long(1)]),
        ("%-%", []), ("%", []), ("%1$.2f = %1$s", [.double(2.675)]), ("%1$s = %1$,d", [.long(-1_234_567)]), ("%1$", []), ("%.f", [.double(1)]), ("%n%s", [.text("x")]), ("%3$s %1$s", [.text("a"), .text("b"), .text("c")]),
    ]

    static let fullLocales = ["en", "fr", "de", "ar", "hi", "es"]
    static let otherLocales = ["ru", "fa", "mr", "bn", "de-CH", "en-IN", "ar-EG", "ar-u-nu-latn", "th-u-nu-thai", "tr", "pt-BR", "ja", "zh",
                               "he", "sv", "pl", "it", "nl", "ps", "ur", "my", "ne", "sw", "fi", "da", "pt-PT", "fr-CH", "it-CH", "es-MX", "de-AT"]

    static var cases: [Case] {
        var all: [Case] = []
        func add(_ locales: [String], _ patterns: [String], _ args: [Arg], every: Int = 1) {
            for l in locales {
                for (i, p) in patterns.enumerated() where i % every == 0 { for a in args { all.append(Case(locale: l, pattern: p, args: [a])) } }
            }
        }
        for (locales, every) in [(fullLocales, 1), (otherLocales, 7)] {
            add(locales, integerPatterns, integers, every: every)
            add(locales, floatPatterns, doubles, every: every)
            add(locales, textPatterns, texts, every: every)
            add(locales, characterPatterns, [65, 0x1F600, 223, 105, 0x130].map { .int($0) })
            for l in locales { for (p, a) in compound { all.append(Case(locale: l, pattern: p, args: a)) } }
        }
        return all
    }

    static func oracle(_ lines: [String]) throws -> [Substring] {
        let dir = Fixtures.temporaryDirectory("lokale-java")
        let source = Fixtures.packageRoot + "/Tests/java/FormatOracle.java"
        let compiled = try Glibc.run(javac!, ["-d", dir, source])
        #expect(compiled.status == 0, "javac: \(compiled.stderr)")
        let run = try Glibc.run(java!, ["-Xss4m", "-cp", dir, "FormatOracle"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 0, "java: \(run.stderr)")
        return String(decoding: run.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 }
    }

    @Test(.enabled(if: skipReason == nil, skipReason ?? "")) func lokaleFormatsAsJavaDoes() throws {
        let cases = Self.cases
        let locales = Self.fullLocales + Self.otherLocales
        let values = Self.doubles + Self.texts
        var lines = cases.map { c in (["F", c.locale, Self.hex(c.pattern)] + c.args.map(\.wire)).joined(separator: "\t") }
        lines += locales.map { "S\t\($0)" }
        lines += values.compactMap { if case .double(let v) = $0 { "D\t" + String(v.bitPattern, radix: 16) } else { nil } }
        let answers = try Self.oracle(lines)
        try #require(answers.count == lines.count, "the oracle answered \(answers.count) of \(lines.count) lines")

        // The JDK's symbols per locale, and the doubles whose Double.toString is not the shortest.
        var dataDiffers: [String: String] = [:]
        for (k, l) in locales.enumerated() {
            let f = answers[cases.count + k].split(separator: "\t", omittingEmptySubsequences: false)
            let s = NumberSymbols.forLocale(l)
            let zero = String(Character(s.zero))
            let jdk = (Self.unhex(f[1]), Self.unhex(f[2]), Self.unhex(f[3]), Int(f[4]) ?? -1)
            let icu = (zero, s.decimal, s.grouping, s.primaryGroup)
            if jdk != icu { dataDiffers[l] = "JDK \(jdk), ICU \(icu)" }
        }
        var longer: Set<UInt64> = []
        var d = cases.count + locales.count
        for case .double(let v) in values {
            let f = answers[d].split(separator: "\t")
            if Self.unhex(f[1]) != JavaDecimal.toString(v) { longer.insert(v.bitPattern) }
            d += 1
        }

        var agree = 0, bothRefuse = 0, refused: [String: Int] = [:], data = 0, digits = 0
        var failures: [String] = []
        for (c, answer) in zip(cases, answers) {
            let f = answer.split(separator: "\t", omittingEmptySubsequences: false)
            let parsed = FormatParser.parse(c.pattern, syntax: .java)
            if f[0] == "EX" {
                if parsed.problems.isEmpty { failures.append("\(c.locale) '\(c.pattern)' \(c.args): Java throws \(f[1]), Lokale formats") } else { bothRefuse += 1 }
                continue
            }
            let expected = Self.unhex(f[1])
            if let p = parsed.problems.first {
                if p.contains("not supported by Lokale") { refused[c.pattern, default: 0] += 1 }
                else { failures.append("\(c.locale) '\(c.pattern)': Java prints '\(expected)', Lokale refuses: \(p)") }
                continue
            }
            var out = FormatOutput()
            Formatter.render(format: c.pattern, syntax: .java, arguments: c.args.map(\.lokale), symbols: NumberSymbols.forLocale(c.locale), into: &out)
            let got = String(decoding: out.bytes, as: UTF8.self)
            if got == expected { agree += 1; continue }
            if dataDiffers[c.locale] != nil { data += 1; continue }
            if c.args.contains(where: { if case .double(let v) = $0 { longer.contains(v.bitPattern) } else { false } }) { digits += 1; continue }
            failures.append("\(c.locale) '\(c.pattern)' \(c.args): Java '\(expected)', Lokale '\(got)'")
        }
        let javaVersion = (try? Glibc.run(Self.java!, ["-version"]).stderr.split(separator: "\n").first.map(String.init)) ?? nil
        print("""
            Java differential (\(javaVersion ?? "java")): \(cases.count) calls in \(locales.count) locales; \(agree) print the same, \
            \(bothRefuse) refused by both, \(refused.values.reduce(0, +)) refused by Lokale only (\(refused.keys.sorted().joined(separator: " "))), \
            \(data) differ by locale data, \(digits) by the JDK's non-shortest digits, \(failures.count) unexplained
            """)
        for (l, why) in dataDiffers.sorted(by: { $0.key < $1.key }) { print("  locale data differs for \(l): \(why)") }
        for v in longer.sorted() { print("  JDK Double.toString is not the shortest for \(Double(bitPattern: v))") }
        for f in failures.prefix(40) { Issue.record(Comment(rawValue: f)) }
        #expect(failures.count == 0)
        #expect(agree > cases.count / 2)
    }
}
