#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCore

// Input: MessageFormat 2 source. It is parsed and checked, then formatted in three locales (one
// right-to-left) with both bidi strategies and arguments of every kind under the names messages
// use, the kinds rotating with the input's length so that every function meets every kind.
let locales = ["en", "ar-EG", "fr"]
let names = ["x", "n", "count", "name", "date", "foo", "bar", "var", "y", "num", "when", "gender", "amount"]
let pool: [MF2.Argument] = [.int(-42), .int(Int64.max), .double(3.25), .double(.nan), .double(-.infinity), .decimal("1.50"),
                            .decimal("-1e400"), .string("7.50"), .string("x\u{0}y"), .string(""), .bool(true),
                            .date(1_136_214_245, timeZone: "Europe/Paris"), .date(-1e300, timeZone: "Nowhere/Else"),
                            .string("\u{202E}rtl")]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMF2(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    var arguments: [String: MF2.Argument] = [:]
    for (i, name) in names.enumerated() { arguments[name] = pool[(i + size) % pool.count] }
    let message: MF2.Message
    do { message = try MF2.parse(source) } catch {
        _ = error.description
        _ = MF2.format(source: source, locale: "en", arguments: arguments)
        return 0
    }
    _ = message.dataModelErrors.map(\.description)
    for (i, locale) in locales.enumerated() {
        let f = MF2.format(message, locale: locale, arguments: i == 1 ? [:] : arguments, bidiIsolation: i == 2 ? .none : .default)
        _ = f.errors.map(\.description)
        _ = f.parts.count
    }
    _ = try? MF2.checked(source)
    return 0
}

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzMF2(data, size)
}
