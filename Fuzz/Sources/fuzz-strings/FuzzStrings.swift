#if canImport(Glibc)
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

// SwiftPM links an executable with `main` renamed to this file's top-level code (so that tests can
// import executables), which hides libFuzzer's own main: start its driver from here instead.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
var fuzzArgc = CommandLine.argc
var fuzzArgv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv) { data, size in
    guard let data else { return 0 }
    return fuzzStrings(data, size)
})
