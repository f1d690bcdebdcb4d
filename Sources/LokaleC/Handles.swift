#if canImport(Glibc)
import Glibc
#endif
import CTable
import LokaleCore

/// What a lokale_runtime* points to.
final class RuntimeHandle {
    let runtime: Runtime
    init(_ runtime: Runtime) { self.runtime = runtime }
}

/// What a lokale_bundle* points to: the bundle, plus the arrays of localization names it lent
/// (one per version of the table, kept until the bundle is freed, like the versions).
final class BundleHandle {
    let bundle: LokaleCore.Bundle
    private let lent = Locked<[(table: ObjectIdentifier, names: UnsafeMutablePointer<UnsafePointer<CChar>?>, count: Int)]>([])

    init(_ bundle: LokaleCore.Bundle) { self.bundle = bundle }

    deinit { lent.withLock { for l in $0 { l.names.deallocate() } } }

    /// The current version's localization names as a C array.
    func names() -> (UnsafeMutablePointer<UnsafePointer<CChar>?>, Int) {
        let table = bundle.table
        return lent.withLock { lent in
            if let l = lent.last(where: { $0.table == ObjectIdentifier(table) }) { return (l.names, l.count) }
            let pointers = table.localizationNamePointers
            let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(pointers.count, 1))
            for (i, p) in pointers.enumerated() { names[i] = p }
            lent.append((ObjectIdentifier(table), names, pointers.count))
            return (names, pointers.count)
        }
    }
}

extension OpaquePointer {
    static func retained<T: AnyObject>(_ object: T) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }
}

func runtimeHandle(_ p: OpaquePointer?) throws(LokaleError) -> RuntimeHandle {
    guard let p else { throw invalid("runtime is NULL") }
    return Unmanaged<RuntimeHandle>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// A lokale_bundle* is the bundle's C handle (`lk_handle`, CTable), which the runtime owns and
/// publishes plans in; its `object` field holds this layer's BundleHandle, retained.
func newBundlePointer(_ handle: BundleHandle) -> OpaquePointer {
    let h = UnsafeMutablePointer<lk_handle>(handle.bundle.handle)
    h.pointee.object = Unmanaged.passRetained(handle).toOpaque()
    return OpaquePointer(h)
}

/// Releases the BundleHandle; the handle's memory goes with the bundle.
func freeBundlePointer(_ p: OpaquePointer) {
    Unmanaged<BundleHandle>.fromOpaque(UnsafeMutablePointer<lk_handle>(p).pointee.object).release()
}

func bundleHandle(_ p: OpaquePointer?) throws(LokaleError) -> BundleHandle {
    guard let p else { throw invalid("bundle is NULL") }
    return Unmanaged<BundleHandle>.fromOpaque(UnsafeMutablePointer<lk_handle>(p).pointee.object).takeUnretainedValue()
}

/// A caller's versioned struct (its first field a uint32_t version, the rest only growing at the
/// end) copied into a whole one: the bytes its version has (`size`), the rest zero. Never reads
/// past what the caller's version has.
func versioned<T>(_ p: UnsafePointer<T>?, _ what: String, size: (UInt32) -> Int) throws(LokaleError) -> T {
    guard let p else { throw invalid("\(what) is NULL") }
    let version = UnsafeRawPointer(p).load(as: UInt32.self)
    guard version >= 1 else { throw invalid("\(what).version \(version) is not supported") }
    let copy = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
    defer { copy.deallocate() }
    copy.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    copy.copyMemory(from: p, byteCount: min(size(version), MemoryLayout<T>.size))
    return copy.load(as: T.self)
}

/// A caller's (pointer, length) as bytes; -1 means NUL-terminated.
func bytes(_ p: UnsafePointer<CChar>?, _ len: Int, _ what: String, limit: Int = Limits.callerTextBytes) throws(LokaleError) -> UnsafeRawBufferPointer {
    guard let p else { throw invalid("\(what) is NULL") }
    let n: Int
    if len == -1 {
        n = strnlen(p, limit + 1)
    } else {
        guard len >= 0 else { throw invalid("\(what) length \(len) is negative (use -1 for NUL-terminated)") }
        n = len
    }
    guard n <= limit else { throw invalid("\(what) is longer than \(limit) bytes") }
    return UnsafeRawBufferPointer(start: UnsafeRawPointer(p), count: n)
}

/// Copies `result` into (dst, capacity) and reports the needed length.
func emit(_ result: some Collection<UInt8>, _ dst: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>?) throws(LokaleError) {
    needed?.pointee = result.count
    guard capacity > 0 else {
        if result.isEmpty && dst == nil { return }
        throw LokaleError(.bufferTooSmall, "destination holds 0 bytes; \(result.count + 1) needed")
    }
    guard let dst else { throw invalid("dst is NULL but capacity is \(capacity)") }
    var n = min(result.count, capacity - 1)
    let truncated = n < result.count
    if truncated {
        // Never cut a UTF-8 sequence in half.
        let a = Array(result)
        while n > 0 && (a[n] & 0xC0) == 0x80 { n -= 1 }
    }
    let raw = UnsafeMutableRawPointer(dst)
    let copied = result.withContiguousStorageIfAvailable { b in
        if n > 0 { raw.copyMemory(from: b.baseAddress!, byteCount: n) }
        return true
    }
    if copied == nil {
        var i = 0
        for b in result.prefix(n) { raw.storeBytes(of: b, toByteOffset: i, as: UInt8.self); i += 1 }
    }
    raw.storeBytes(of: 0, toByteOffset: n, as: UInt8.self)
    if truncated { throw LokaleError(.bufferTooSmall, "destination holds \(capacity) bytes; \(result.count + 1) needed") }
}
