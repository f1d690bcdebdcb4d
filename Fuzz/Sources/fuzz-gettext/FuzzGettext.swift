#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCatalog

// Input: the bytes of a gettext catalog — a `.mo` when it starts with the .mo magic number (either
// byte order), else a `.po` — read into messages (charset conversion and Plural-Forms mapping included).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGettext(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let isMo = bytes.starts(with: [0xde, 0x12, 0x04, 0x95]) || bytes.starts(with: [0x95, 0x04, 0x12, 0xde])
    _ = try? GettextReader.parse(bytes, file: isMo ? "fr/LC_MESSAGES/fuzz.mo" : "fr/LC_MESSAGES/fuzz.po")
    return 0
}

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzGettext(data, size)
}
