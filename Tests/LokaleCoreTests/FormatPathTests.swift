import LokaleCore
import TestSupport
import Testing

/// The C ABI formats through `Bundle.formatBytes`, which renders a message its plan finds without
/// the ordered list; it must give exactly what `format` gives, for every key, language and
/// argument set of the generated catalog (plurals, devices, substitutions, misses, defaults).
@Suite struct FormatPathTests {
    @Test func formatBytesAgreesWithFormat() throws {
        let table = try GeneratedCatalog.bytes.withUnsafeBytes { raw throws(LokaleError) in
            try CompiledTable(file: MappedFile(copying: raw), verifyPayload: true)
        }
        let runtime = Runtime(preferredLanguages: ["en"])
        let bundle = try runtime.adopt(table, main: true)
        var compared = 0
        for language in table.localizations + ["xx"] {
            runtime.preferredLanguages = [language, "en"]
            for (name, keys) in GeneratedCatalog.keys {
                for (k, key) in (keys + ["missing.\(name)"]).enumerated() {
                    let args = GeneratedCatalog.argumentSets[k % GeneratedCatalog.argumentSets.count]
                    let locale: String? = k % 5 == 0 ? "ar" : nil
                    let defaultValue: String? = k % 2 == 0 ? "default %lld" : nil
                    let full = try bundle.format(key, default: defaultValue, table: name, arguments: args, locale: locale)
                    let fast = try withBytes(key) { kb throws(LokaleError) in
                        try withBytes(name) { tb throws(LokaleError) in
                            try withBytes(defaultValue ?? "") { db throws(LokaleError) in
                                try bundle.formatBytes(key: kb, table: tb, defaultValue: db.isEmpty ? nil : db, arguments: args, locale: locale)
                            }
                        }
                    }
                    #expect(fast.bytes == full.bytes, "\(language) \(name) \(key)")
                    #expect(fast.problems == full.problems, "\(language) \(name) \(key)")
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
    }
}
