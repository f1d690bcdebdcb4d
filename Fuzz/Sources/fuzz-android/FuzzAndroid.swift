#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import CTable
import LokaleCatalog
import LokaleCore

// Input: an Android `strings.xml` (any bytes), read as the default resources (`values/`) and as a
// translation (`values-fr/`; `values-de/` when `tools:locale` makes French the default; after a
// NUL byte, the bytes that follow it are the translation's own file), compiled, reopened (a table
// the writer produced and the reader refuses traps), every key looked up (the default text of a
// plain message must come back as read) and formatted in every localization with arguments of
// every kind; then `check`, XLIFF export (a styled string's MF2 source must parse back to its
// data model), and the Android writer: the translation it writes must read back to the same
// messages (a difference traps; the writer may refuse with an error).
//
// An input that starts with `%J` is first a Java format string, up to the first NUL byte (or the
// end), the resources after that NUL: `FormatParser.parse(_:syntax: .java)` of its bytes and its
// text, `Formatter.render` in en, de, ar and hi with arguments derived from the input. The
// segments and `render(format:)` must give the same bytes, and valid UTF-8 (a trap otherwise).
let javaMarker: [UInt8] = Array("%J".utf8)
let javaSymbols = ["en", "de", "ar", "hi"].map(NumberSymbols.forLocale)
let pool: [FormatArgument] = [.int(-1_234_567), .uint(UInt64.max), .double(1234.5678), .string("7.50"), .double(.nan),
                              .string("x\u{0}y ǆß i̇"), .int(Int64.min), .double(-.infinity), .string(""), .double(-0.0),
                              .double(.leastNonzeroMagnitude), .double(1e300), .int(0x1F600), .double(0.125), .string("-1e400"), .int(21)]

func arguments(_ count: Int, _ seed: Int) -> [FormatArgument] {
    (0..<count).map { pool[($0 * 3 + seed) % pool.count] }
}

func fuzzJava(_ bytes: UnsafeRawBufferPointer, seed: Int) {
    let raw = FormatParser.parse(bytes, syntax: .java)
    var text = String(decoding: bytes, as: UTF8.self)
    let parsed = FormatParser.parse(text, syntax: .java)
    let args = arguments(seed % 2 == 0 ? parsed.argumentCount : seed % 7, seed)
    for symbols in javaSymbols {
        var fromBytes = FormatOutput()
        Formatter.render(text: bytes, segments: raw.segments, arguments: args, symbols: symbols, into: &fromBytes)
        var fromSegments = FormatOutput()
        text.withUTF8 {
            Formatter.render(text: UnsafeRawBufferPointer($0), segments: parsed.segments, arguments: args, symbols: symbols, into: &fromSegments)
        }
        var fromText = FormatOutput()
        Formatter.render(format: text, syntax: .java, arguments: args, symbols: symbols, into: &fromText)
        guard fromSegments.bytes == fromText.bytes else {
            fatalError("render(format:) and the parsed segments of \(text.debugDescription) differ: \(fromText.bytes) \(fromSegments.bytes)")
        }
        // Literal text comes from valid UTF-8 cut at ASCII bytes, and what specifiers write is whole characters.
        guard String(validating: fromText.bytes, as: UTF8.self) != nil else {
            fatalError("formatting \(text.debugDescription) wrote invalid UTF-8: \(fromText.bytes)")
        }
    }
}

func fuzzResources(_ input: [UInt8], seed: Int) {
    let development: String? = seed % 2 == 0 ? "en" : nil // nil: tools:locale's, else en
    let nul = input.firstIndex(of: 0)
    let bytes = nul.map { Array(input[..<$0]) } ?? input
    let translated = nul.map { Array(input[($0 + 1)...]) } ?? input
    var translation = "fr"
    func load(_ translated: [UInt8]) throws(CatalogError) -> CatalogBundle {
        try CatalogLoader.load(android: [("res/values/strings.xml", bytes), ("res/values-\(translation)/strings.xml", translated)],
                               development: development)
    }
    var loaded = try? load(translated)
    if let l = loaded?.developmentLocalization, l == translation {
        translation = "de"
        loaded = try? load(translated)
    }
    guard let bundle = loaded, let dev = bundle.developmentLocalization, dev != translation,
          let t = bundle.tables["Localizable"] else { return }
    if let compiled = try? TableWriter.compile(bundle) {
        let file = compiled.bytes.withUnsafeBytes { MappedFile(copying: $0) }
        let table: CompiledTable
        do { table = try CompiledTable(file: file, verifyPayload: true) }
        catch { fatalError("the compiler wrote a table its reader rejects: \(error)") }
        let runtime = Runtime(preferredLanguages: table.localizations.reversed())
        if let b = try? runtime.adopt(table, main: false) {
            let some = arguments(6, seed)
            for (key, m) in t.messages[dev] ?? [:] {
                guard case .text(let text) = m.variation, let found = try? b.string(key, languages: Languages.named([dev])) else { continue }
                guard found == text else { fatalError("'\(key)' reads \(text.debugDescription) but looks up as \(found.debugDescription)") }
            }
            for l in table.localizations.prefix(3) {
                let languages = Languages.named([l])
                for key in t.keys.sorted().prefix(50) {
                    _ = try? b.string(key, languages: languages)
                    _ = try? b.format(key, arguments: some, languages: languages).parts
                    _ = try? b.format(key, arguments: [], locale: "ar", languages: languages)
                }
            }
        }
    }
    _ = try? CatalogChecker.check(bundle)
    _ = XLIFFExport.file(t, language: translation, original: "res/values/strings.xml")
    // export-xliff gives a styled string's unit as its MF2 source, which import-xliff reads back:
    // the data model built from tags and text must serialize to source that parses back to it.
    func styled(_ v: Variation) -> [MF2.Message] {
        switch v {
        case .messageFormat(_, let m): [m]
        case .plural(_, _, let cases): cases.values.flatMap(styled)
        default: []
        }
    }
    for messages in t.messages.values {
        for (key, m) in messages where !m.isImplicit {
            for message in styled(m.variation) {
                let source = MF2.serialize(message)
                guard let back = try? MF2.parse(source), back == message else { fatalError("'\(key)' as MF2 source does not read back: \(source)") }
            }
        }
    }
    // What the writer gives the translation reads back to the same messages.
    guard let written = try? AndroidResourceWriter.document(t, localization: translation, development: dev) else { return }
    let back: CatalogBundle
    do { back = try load(Array(written.utf8)) }
    catch { fatalError("the \(translation) resources written do not read back (\(error)):\n\(written)") }
    func own(_ table: CatalogTable) -> [String: CatalogMessage] {
        (table.messages[translation] ?? [:]).filter { !$0.value.isImplicit && $0.value.state != "new" && table.info[$0.key]?.shouldTranslate != false }
    }
    let before = own(t), after = back.tables["Localizable"].map(own) ?? [:]
    let all = t.messages[translation] ?? [:]
    // An array is one resource: the writer fills the items the translation lacks with the
    // default's (which the translation showed), so those come back as its own.
    let differ = Set(before.keys).union(after.keys).filter { key in
        before[key] != nil || !key.hasSuffix("]") ? before[key] != after[key] : all[key]?.variation != after[key]?.variation
    }
    guard differ.isEmpty else {
        let shown = differ.sorted().prefix(3).map { "\($0): \(String(describing: before[$0])) → \(String(describing: after[$0]))" }
        fatalError("the \(translation) resources written did not read back the same (\(shown)):\n\(written)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroid(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.starts(with: javaMarker) {
        let body = bytes.dropFirst(javaMarker.count)
        let end = body.firstIndex(of: 0) ?? body.endIndex
        Array(body[..<end]).withUnsafeBytes { fuzzJava($0, seed: size) }
        guard end < body.endIndex else { return 0 }
        bytes = Array(body[(end + 1)...])
    }
    fuzzResources(bytes, seed: size)
    return 0
}

// A bundle's C handle waits in a ring of the last LK_HANDLE_QUARANTINE retired handles before it
// is freed; filled first, every input frees as much as it allocates (fuzz-table's FuzzTable.swift).
for _ in 0..<LK_HANDLE_QUARANTINE { lk_handle_retire(lk_handle_new(nil)) }

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzAndroid(data, size)
}
