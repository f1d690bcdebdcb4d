import LokaleCore
import Testing

/// Language identifiers come from users, environments and (possibly corrupt) compiled tables, so
/// their canonicalization must stay inside its buffers whatever the input.
@Suite struct LanguageTagBoundsTests {
    /// 95 bytes whose ICU locale ID is exactly 160 bytes: the -u- keys expand
    /// (`kb` → `colbackwards=yes`), and ICU then leaves the ID without its terminating NUL.
    static let fillsTheBuffer = "und-u-kb-kn-nu-latn-ms-metric-kk-ka-noignore-nu-latn-lb-strict-cu-usd-dx-thai-sd-usca-rg-uszzzz"

    @Test func localeIDThatFillsTheBufferIsReadWhole() throws {
        #expect(Self.fillsTheBuffer.utf8.count <= LanguageTag.maxLength)
        for _ in 0..<50 {
            #expect(try LanguageTag.canonical(Self.fillsTheBuffer).get()
                == "und-u-cu-usd-dx-thai-ka-noignore-kb-kk-kn-lb-strict-ms-metric-nu-latn-rg-uszzzz-sd-usca")
        }
        // Longer expansions than the first buffer holds are read too.
        let longer = "und-u-kb-kn-kk-ka-noignore-kc-kf-upper-kr-latn-ks-level2-kv-space-ms-metric-lb-strict-hc-h23"
        #expect(longer.utf8.count <= LanguageTag.maxLength)
        #expect(try LanguageTag.canonical(longer).get().hasPrefix("und-u-"))
    }

    @Test func extensionsThatStillFitAreKept() throws {
        #expect(try LanguageTag.canonical("en-u-ca-gregory").get() == "en-u-ca-gregory")
        #expect(try LanguageTag.canonical("de_DE.UTF-8@euro").get() == "de-DE")
    }

    @Test(arguments: ["", "-", "en-", "--", "C", "POSIX", "und", String(repeating: "a", count: 97),
                      "en-u", "x-private", "en-u-" + String(repeating: "kb-", count: 30) + "kn", "\u{0}en", "én"])
    func malformedIdentifiersFailCleanly(_ raw: String) {
        if case .success(let tag) = LanguageTag.canonical(raw) {
            #expect(!tag.isEmpty && tag.utf8.count < 160)
        }
    }

    @Test func aBundleLocalizationThatFillsTheBufferIsHarmless() throws {
        var c = StringCatalog()
        c.add("k", [("en", .text("English")), (Self.fillsTheBuffer, .text("Long"))])
        let runtime = Runtime(preferredLanguages: [Self.fillsTheBuffer, "en"])
        let bundle = try runtime.adopt(CompiledCatalogs.table(["Localizable": c]), main: true)
        #expect(bundle.localizations.contains(Self.fillsTheBuffer))
        #expect(try ["English", "Long"].contains(bundle.string("k")))
        _ = try bundle.explain("k").json
    }
}
