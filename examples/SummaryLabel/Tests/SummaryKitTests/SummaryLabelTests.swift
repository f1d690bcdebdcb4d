import Lokale
import SummaryKit
import Testing

/// Runs under `swift test`: the library's compiled catalog is found beside the test bundle.
@Suite struct SummaryLabelTests {
    @Test func headingFollowsTheLanguage() throws {
        let runtime = LokaleRuntime.shared
        runtime.preferredLanguages = ["fr-CA", "en"]
        #expect(SummaryLabel.heading == "Résumé")
        runtime.preferredLanguages = ["ja"]
        #expect(SummaryLabel.heading == "概要")
        // No main bundle in a test process: the library chooses among its own localizations.
        runtime.preferredLanguages = ["es"]
        #expect(SummaryLabel.heading == "Resumen")
    }

    @Test func entryPointsKeepTheCallersIntent() {
        #expect(SummaryLabel(verbatim: "Collection: %@").text == "Collection: %@")
        #expect(SummaryLabel(text: "Aperçu").description == "[ Aperçu ]")
    }
}
