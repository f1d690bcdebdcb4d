import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Python's gettext calls as `pybabel extract` reads them (bindings/python/tests/test_babel_workflow.py
/// compares with the real pybabel), and how a String Catalog update writes them: the keys and
/// source values `lokale compile` gives the same messages from a `.po`.
struct PythonGettextExtractTests {
    static let source = #"""
    # TRANSLATORS: greets the user,
    # by first name
    a = _("Hello")
    b = ngettext("%d file", "%d files", n)
    c = pgettext("door", "Open")
    d = npgettext("cart", "%d item", "%d items", n)
    e = self._("On a value"), lazy_gettext("Lazy"), N_("Noop")
    f = dgettext("admin", "Users"), dnpgettext("admin", "noun", "%d ban", "%d bans", 2)
    # TRANSLATORS: too far from its call

    g = gettext("No comment")
    h = ngettext(name, "x", 2), pgettext(ctx, "y"), _(name)
    def gettext(message="Not a call"):
        pass
    """#

    func extracted(tags: [String] = ["TRANSLATORS:"]) throws -> [ExtractedMessage] {
        try Extractor.scanWithWarnings(paths: [write()], commentTags: tags).messages
    }

    func write() -> String {
        Fixtures.write(Self.source, to: "app.py", in: Fixtures.temporaryDirectory("lokale-py-gettext"))
    }

    @Test func findsEveryFormAtBabelsPositions() throws {
        let found = try extracted()
        let triples = found.map { "\($0.context ?? "-")|\($0.msgid)|\($0.plural ?? "-")|\($0.table ?? "-")" }
        #expect(triples == [
            "-|Hello|-|-", "-|%d file|%d files|-", "door|Open|-|-", "cart|%d item|%d items|-",
            "-|On a value|-|-", "-|Lazy|-|-", "-|Noop|-|-", "-|Users|-|admin", "noun|%d ban|%d bans|admin",
            "-|No comment|-|-",
        ])
        // A context is part of the key, as a .po's msgctxt compiles.
        #expect(found[2].key == "door\u{4}Open")
        #expect(found.allSatisfy { $0.defaultValue == nil })
    }

    @Test func translatorCommentsAsBabelsDashC() throws {
        let found = try extracted()
        #expect(found[0].comment == "TRANSLATORS: greets the user,\nby first name")
        #expect(found.dropFirst().allSatisfy { $0.comment == nil })
        #expect(try extracted(tags: []).allSatisfy { $0.comment == nil })
    }

    @Test func catalogValuesAreWhatAPoCompilesTo() throws {
        var table = CatalogTable(name: "Localizable")
        let found = try extracted().filter { $0.table == nil }
        _ = CatalogUpdate.apply(found, to: &table)
        let en = table.messages["en"] ?? [:]
        #expect(en["Hello"] == nil) // its own text, as `_("Hello")` always was
        #expect(en["door\u{4}Open"]?.variation == .text("Open"))
        #expect(en["%d file"]?.variation == .plural(argument: 0, ordinal: false, cases: [.one: .text("%d file"), .other: .text("%d files")]))
        #expect(table.info["%d file"]?.extractionState == "extracted_with_value")

        // A translator's `zero` stays when the code's plural changes; translations need review.
        table.messages["en"]!["%d file"] = CatalogMessage(.plural(argument: 0, ordinal: false, cases: [
            .zero: .text("No files"), .one: .text("%d file"), .other: .text("%d files")]), state: "translated")
        table.messages["fr", default: [:]]["%d file"] = CatalogMessage(.text("%d fichiers"), state: "translated")
        var changed = found
        changed[1].plural = "%d documents"
        let summary = CatalogUpdate.apply(changed, to: &table)
        #expect(table.messages["en"]!["%d file"]!.variation == .plural(argument: 0, ordinal: false, cases: [
            .zero: .text("No files"), .one: .text("%d file"), .other: .text("%d documents")]))
        #expect(table.messages["fr"]!["%d file"]!.state == "needs_review")
        #expect(summary.needsReview == 1)
        // The same messages again change nothing.
        #expect(CatalogUpdate.apply(changed, to: &table).updated == 0)
    }
}
