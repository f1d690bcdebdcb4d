import LokaleCore
import Testing

/// AcceptLanguage.parse is CTable's parser (Tests/C/test_accept_language.c covers its grammar);
/// these check the Swift side: the bytes handed over, the list read back.
@Suite struct AcceptLanguageTests {
    @Test(arguments: [
        ("da, en-gb;q=0.8, en;q=0.7", ["da", "en-gb", "en"]),
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", ["fr-CH", "fr", "en", "de"]),
        ("en;q=0.5, fr;q=0.8, de;q=0.5, it", ["it", "fr", "en", "de"]),
        ("en, EN;q=0.9, en-US, en-us;q=1", ["en", "en-US"]),
        ("en;q=abc, toolongsubtag-x, en;level=1, fr", ["fr"]),
        ("\tzh-Hant-TW\t;\tQ=0.5 ,, ,de", ["de", "zh-Hant-TW"]),
        ("fr;q=0, *, q=1.0001, ;q=0.5", []),
        ("", []),
    ])
    func parses(_ header: String, _ expected: [String]) {
        #expect(AcceptLanguage.parse(header) == expected)
    }

    @Test func nonASCIIAndNULAreMalformedElementsOnly() {
        #expect(AcceptLanguage.parse("é, en\u{0}, de;q=0.9, 日本語") == ["de"])
    }

    @Test func boundsOfTheHeader() {
        let ranges = (0..<70).map { "l\(Character(UnicodeScalar(97 + $0 / 26)!))\(Character(UnicodeScalar(97 + $0 % 26)!))" }
        #expect(AcceptLanguage.parse(ranges.joined(separator: ",")) == Array(ranges.prefix(AcceptLanguage.maxRanges)))
        let padded = "en" + String(repeating: " ", count: AcceptLanguage.maxHeaderBytes - 2)
        #expect(AcceptLanguage.parse(padded) == ["en"])
        #expect(AcceptLanguage.parse(padded + " ") == [])
    }
}
