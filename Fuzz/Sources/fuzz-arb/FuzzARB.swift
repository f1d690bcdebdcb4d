#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import CTable
import LokaleCatalog
import LokaleCore

// Input: an ARB file (any bytes). Read as a template (`app_en.arb`) and as a translation
// (`app_fr.arb`, unless it names its own locale the same), lowered with the template's placeholders
// (types, formats, optionalParameters, isCustomDateFormat) with ICU's apostrophes or gen-l10n's,
// compiled, reopened (a table the writer produced and the reader refuses traps), every key
// formatted with arguments of every kind; then `check`, the translation written back as ARB (it
// must read back to the same sources), XLIFF export, and each message's ICU pseudo-localization
// (which must parse to the same message apart from text).
let names = ["_0", "_1", "count", "n", "name", "who", "gender", "amount", "d", "v"]
let pool: [MF2.Argument] = [.int(-42), .int(1), .int(1_000_000), .double(1.5), .double(.nan), .decimal("-1e400"), .string("female"),
                            .string(""), .bool(true), .date(1_136_214_245, timeZone: "Europe/Paris"), .date(-1e300, timeZone: "Nowhere/Else")]

/// `m` without its text parts: what pseudo-localization keeps.
func skeleton(_ m: MF2.Message) -> MF2.Message {
    func strip(_ p: MF2.Pattern) -> MF2.Pattern { p.filter { if case .text = $0 { false } else { true } } }
    switch m {
    case .pattern(var p):
        p.pattern = strip(p.pattern)
        return .pattern(p)
    case .select(var s):
        for i in s.variants.indices { s.variants[i].pattern = strip(s.variants[i].pattern) }
        return .select(s)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzARB(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let template = try? MessageFormatJSON.read(bytes: bytes, path: "l10n/app_en.arb") else { return 0 }
    var files = [template]
    if let fr = try? MessageFormatJSON.read(bytes: bytes, path: "l10n/app_fr.arb"), fr.localization != template.localization { files.append(fr) }
    let syntax: MessageSyntax = size % 2 == 0 ? .icu : .icuApostrophesAsText
    guard let bundle = try? CatalogLoader.load(arb: files, development: template.localization, syntax: syntax) else { return 0 }
    guard let compiled = try? TableWriter.compile(bundle) else { return 0 }
    checkTypedAccessors(bundle)
    let file = compiled.bytes.withUnsafeBytes { MappedFile(copying: $0) }
    let table: CompiledTable
    do { table = try CompiledTable(file: file, verifyPayload: true) }
    catch { fatalError("the compiler wrote a table its reader rejects: \(error)") }
    let runtime = Runtime(preferredLanguages: table.localizations.reversed())
    guard let b = try? runtime.adopt(table, main: false) else { return 0 }
    var arguments: [String: MF2.Argument] = [:]
    for (i, name) in names.enumerated() { arguments[name] = pool[(i + size) % pool.count] }
    for (name, t) in bundle.tables {
        for key in t.keys.sorted().prefix(50) {
            _ = try? b.format(key, table: name, arguments: [], named: arguments)
            _ = try? b.string(key, table: name)
        }
        // What the writer gives a translation reads back to the same messages.
        for l in t.messages.keys.sorted() {
            let text = MessageFormatJSON.text(t, localization: l, arb: true)
            guard let back = try? MessageFormatJSON.read(bytes: Array(text.utf8), path: "l10n/app_xx.arb") else {
                fatalError("an ARB file written for \(l) does not read back: \(text)")
            }
            for (key, m) in t.messages[l]! where !m.isImplicit {
                guard back.icuSources[key] == m.representativeText else { fatalError("'\(key)' of \(l) did not read back from \(text)") }
            }
        }
        _ = XLIFFExport.file(t, language: "fr", original: "app_en.arb")
        for (key, source) in template.icuSources.sorted(by: { $0.key < $1.key }).prefix(20) {
            guard let quoting = syntax.quoting, let original = try? ICUMessageFormat.parse(source, quoting: quoting) else { continue }
            for kind in PseudoLocale.allCases {
                guard let pseudo = try? Pseudolocalization.icuMessageFormat(source, kind, quoting: quoting),
                      let parsed = try? ICUMessageFormat.parse(pseudo, quoting: quoting), skeleton(parsed) == skeleton(original) else {
                    fatalError("the \(kind) pseudo-localization of '\(key)' changed its structure: \(source)")
                }
            }
        }
    }
    _ = try? CatalogChecker.check(bundle)
    return 0
}

// A bundle's C handle waits in a ring of the last LK_HANDLE_QUARANTINE retired handles before it
// is freed; filled first, every input frees as much as it allocates (fuzz-table's FuzzTable.swift).
for _ in 0..<LK_HANDLE_QUARANTINE { lk_handle_retire(lk_handle_new(nil)) }

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzARB(data, size)
}
