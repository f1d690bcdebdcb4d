#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCore

// Input: format text. Arguments are derived from its length so that every type meets every
// specifier; number symbols alternate between POSIX and a locale with non-ASCII separators.
let symbolSets = [NumberSymbols.posix, NumberSymbols.forLocale("ar-EG"), NumberSymbols.forLocale("fr")]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let parsed = FormatParser.parse(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    _ = FormatParser.parse(text)
    let pool: [FormatArgument] = [.int(-42), .uint(UInt64.max), .double(3.25), .string("7.50"), .double(.nan),
                                  .string("x\u{0}y"), .int(Int64.min), .double(-.infinity), .string("")]
    let n = size % 10
    let arguments = (0..<n).map { pool[($0 + size) % pool.count] }
    var out = FormatOutput()
    Formatter.render(text: bytes, segments: parsed.segments, arguments: arguments,
                     symbols: symbolSets[size % symbolSets.count], into: &out)
    var out2 = FormatOutput()
    Formatter.render(format: text, arguments: arguments, into: &out2)
    _ = FormatCompatibility.problems(source: parsed, translation: FormatParser.parse("%@ %d %1$@"))
    return 0
}

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzFormat(data, size)
}
