/// Calls `body` with the UTF-8 bytes of `s`, keeping the typed error.
@inline(__always)
public func withBytes<R>(_ s: String, _ body: (UnsafeRawBufferPointer) throws(LokaleError) -> R) throws(LokaleError) -> R {
    var copy = s
    let result: Result<R, LokaleError> = copy.withUTF8 { buf in
        Result { () throws(LokaleError) in try body(UnsafeRawBufferPointer(buf)) }
    }
    return try result.get()
}

#if canImport(Glibc)
import Glibc
#endif

/// Byte equality with memcmp: the hot comparison of every lookup.
@inline(__always)
public func equalBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard a.count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
    return memcmp(pa, pb, a.count) == 0
}
