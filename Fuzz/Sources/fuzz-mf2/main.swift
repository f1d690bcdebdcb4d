#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCore

// Input: MessageFormat 2 source. It is parsed and checked, then formatted in three locales (one
// right-to-left) with both bidi strategies and arguments of every kind under the names messages
// use, the kinds rotating with the input's length so that every function meets every kind; a
// valid message's fast plan, when it has one, is compared with the general formatter.
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
    if let checked = try? MF2.checked(source) {
        for locale in locales { fastPlanAgrees(checked, locale, arguments) }
    }
    return 0
}

/// The fast plan (lokale_message_format_format's first try) writes what MF2.format writes, and only
/// when MF2.format meets no error: a difference traps, and libFuzzer keeps the input.
func fastPlanAgrees(_ message: MF2.Message, _ locale: String, _ arguments: [String: MF2.Argument]) {
    guard let plan = MF2FastPlan.make(message, locale: locale) else { return }
    var owned: [UnsafeMutableRawBufferPointer] = []
    defer { owned.forEach { $0.deallocate() } }
    let values: [MF2FastPlan.Argument] = plan.names.map { name in
        switch arguments[String(decoding: name, as: UTF8.self)] {
        case .int(let n)?: return .int(n)
        case .string(let s)?:
            let b = UnsafeMutableRawBufferPointer.allocate(byteCount: s.utf8.count, alignment: 1)
            b.copyBytes(from: s.utf8)
            owned.append(b)
            return .text(UnsafeRawBufferPointer(b))
        default: return .other
        }
    }
    var out = [UInt8](repeating: 0, count: 1024)
    guard let n = values.withUnsafeBufferPointer({ v in out.withUnsafeMutableBytes { plan.format(v, into: $0) } }) else { return }
    let general = MF2.format(message, locale: locale, arguments: arguments)
    guard general.errors.isEmpty, general.text == String(decoding: out[..<n], as: UTF8.self) else {
        fatalError("fast plan: \(String(decoding: out[..<n], as: UTF8.self)) != \(general.text) \(general.errors)")
    }
}

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzMF2(data, size)
}
