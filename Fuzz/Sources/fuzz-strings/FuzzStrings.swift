#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCatalog

// Input: the bytes of a `.strings` file (text in UTF-8/UTF-16, or a binary property list).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? StringsFileReader.parse(bytes, file: "Fuzz.strings")
    return 0
}

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzStrings(data, size)
}
