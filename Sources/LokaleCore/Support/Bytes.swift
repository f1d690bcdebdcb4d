/// Calls `body` with the UTF-8 bytes of `s`, keeping the typed error.
@inline(__always)
public func withBytes<R>(_ s: String, _ body: (UnsafeRawBufferPointer) throws(LokaleError) -> R) throws(LokaleError) -> R {
    var copy = s
    let result: Result<R, LokaleError> = copy.withUTF8 { buf in
        Result { () throws(LokaleError) in try body(UnsafeRawBufferPointer(buf)) }
    }
    return try result.get()
}
