#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCore

// Input: ICU MessageFormat (any bytes). What ICUMessageFormat.parse accepts must be a valid MF2
// data model (a data model error traps: the parser promised a message MF2 accepts), serialize to MF2
// source that parses back to the same model, and format in three locales (one right-to-left) with
// arguments of every kind under the names patterns use, numbered ones (`$_0`, …) included.
let locales = ["en", "ar-EG", "ru"]
let names = ["_0", "_1", "_2", "n", "count", "gender", "name", "who", "d"]
let pool: [MF2.Argument] = [.int(-42), .int(1), .double(1.5), .double(.nan), .double(-.infinity), .decimal("-1e400"),
                            .string("female"), .string(""), .string("x\u{0}y"), .bool(true),
                            .date(1_136_214_245, timeZone: "Europe/Paris"), .date(-1e300, timeZone: "Nowhere/Else"), .int(Int64.max)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICUMessageFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let pattern = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    let message: MF2.Message
    do { message = try ICUMessageFormat.parse(pattern) } catch {
        _ = error.description
        return 0
    }
    let invalid = message.dataModelErrors
    guard invalid.isEmpty else { fatalError("ICU MessageFormat gave an invalid MF2 message: \(invalid)") }
    let source = MF2.serialize(message)
    guard let back = try? MF2.parse(source), back == message else { fatalError("MF2 source does not read back: \(source)") }
    var arguments: [String: MF2.Argument] = [:]
    for (i, name) in names.enumerated() { arguments[name] = pool[(i + size) % pool.count] }
    for (i, locale) in locales.enumerated() {
        let f = MF2.format(message, locale: locale, arguments: i == 1 ? [:] : arguments, bidiIsolation: i == 2 ? .none : .default)
        _ = f.errors.map(\.description)
        _ = f.parts.count
    }
    return 0
}

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzICUMessageFormat(data, size)
}
