#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import CTable
import LokaleCatalog
import LokaleCore

// Input: a `.xcstrings` catalog (first non-space byte `{`) or else a `.stringsdict`. Whatever the
// reader accepts is compiled, opened and every key formatted: the whole compiler path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var bundle = CatalogBundle()
    let isJSON = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D } == UInt8(ascii: "{")
    if isJSON {
        guard let (table, source) = try? StringCatalogReader.parse(bytes, path: "Localizable.xcstrings") else { return 0 }
        bundle.tables[table.name] = table
        bundle.developmentLocalization = source
    } else {
        guard let messages = try? StringsDictReader.parse(bytes, file: "Localizable.stringsdict") else { return 0 }
        var table = CatalogTable(name: "Localizable")
        table.messages["en"] = messages
        bundle.tables[table.name] = table
        bundle.developmentLocalization = "en"
    }
    guard let compiled = try? TableWriter.compile(bundle) else { return 0 }
    checkTypedAccessors(bundle)
    let file = compiled.bytes.withUnsafeBytes { MappedFile(copying: $0) }
    // What the writer produced, the reader must accept.
    let table: CompiledTable
    do { table = try CompiledTable(file: file, verifyPayload: true) }
    catch { fatalError("the compiler wrote a table its reader rejects: \(error)") }
    let runtime = Runtime(preferredLanguages: table.localizations)
    guard let b = try? runtime.adopt(table, main: false) else { return 0 }
    let args: [FormatArgument] = [.int(1), .double(0.5), .string("2"), .int(21), .uint(3)]
    for (name, t) in bundle.tables {
        for key in t.keys.sorted().prefix(100) {
            _ = try? b.format(key, table: name, arguments: args)
            _ = try? b.format(key, table: name, arguments: [])
        }
    }
    return 0
}

// A bundle's C handle waits in a ring of the last LK_HANDLE_QUARANTINE retired handles before it
// is freed; filled first, every input frees as much as it allocates and libFuzzer runs no
// LeakSanitizer pass for it (fuzz-table's FuzzTable.swift says more).
for _ in 0..<LK_HANDLE_QUARANTINE { lk_handle_retire(lk_handle_new(nil)) }

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzCatalog(data, size)
}
