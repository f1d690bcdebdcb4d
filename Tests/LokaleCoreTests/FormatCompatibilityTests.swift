import FoundationEssentials
import LokaleCore
import TestSupport
import Testing

@Suite struct FormatCompatibilityTests {
    /// gettext's labelled msgid/msgstr pairs, classified as `msgfmt --check-format` does for C.
    @Test(.enabled(if: Fixtures.hasConformance, "../shared/conformance is absent (set LOKALE_CONFORMANCE to run these tests)"))
    func gettextFormatPairs() throws {
        let path = Fixtures.conformance! + "/gettext-0.21/heredoc-data/format-c-2__f-c-2.data"
        let lines = String(decoding: try Data(contentsOf: URL(filePath: path)), as: UTF8.self).split(separator: "\n").map(String.init)
        func quoted(_ line: String, _ prefix: String) -> String {
            var s = line.dropFirst(prefix.count).drop { $0 == " " }
            s = s.dropFirst().dropLast() // the quotes
            return String(s).replacingEscapes()
        }
        var cases = 0, agreed = 0, disagreements: [String] = []
        var i = 0
        while i + 2 < lines.count {
            guard lines[i].hasPrefix("# Valid") || lines[i].hasPrefix("# Invalid") else { i += 1; continue }
            let valid = lines[i].hasPrefix("# Valid")
            let msgid = quoted(lines[i + 1], "msgid"), msgstr = quoted(lines[i + 2], "msgstr")
            let problems = FormatCompatibility.problems(source: FormatParser.parse(msgid), translation: FormatParser.parse(msgstr), strictness: .c)
            cases += 1
            if problems.isEmpty == valid { agreed += 1 } else { disagreements.append("\(lines[i]): \(msgid) / \(msgstr) → \(problems)") }
            i += 3
        }
        print("gettext format-c-2: \(agreed) of \(cases) pairs classified as msgfmt does")
        #expect(cases == 88)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test func lokaleStrictnessAllowsOmissionsAndSizes() {
        func ok(_ s: String, _ t: String) -> Bool { FormatCompatibility.problems(source: FormatParser.parse(s), translation: FormatParser.parse(t)).isEmpty }
        #expect(ok("%lld files", "One file"))
        #expect(ok("%lld files", "%d Dateien"))
        #expect(ok("%1$@ has %2$lld", "%2$lld pour %1$@"))
        #expect(!ok("%@ has %lld", "%lld has %@"))       // types swapped
        #expect(!ok("%lld files", "%lld files in %lld"))  // an extra argument
        #expect(!ok("%@", "%@ %n"))
        #expect(!ok("%@", "%@ 100%"))                     // stray %
        #expect(ok("%1$@ %2$@", "%1$@ %@"))               // mixed numbering: Apple counts %@ from 1
        #expect(!ok("%d", "%f"))
    }
}

extension String {
    /// C escapes of the gettext data (\" \\ \n \t).
    func replacingEscapes() -> String {
        var out = "", it = makeIterator()
        while let c = it.next() {
            guard c == "\\", let n = it.next() else { out.append(c); continue }
            switch n {
            case "n": out.append("\n")
            case "t": out.append("\t")
            default: out.append(n)
            }
        }
        return out
    }
}
