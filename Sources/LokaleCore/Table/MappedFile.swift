#if canImport(Glibc)
import Glibc
#endif

/// Read-only bytes of a compiled table: a private memory mapping of a file, or an owned copy.
/// Immutable once made; unmapped when the last reference goes away, so a reader that still holds a
/// replaced bundle keeps reading valid memory.
public final class MappedFile: @unchecked Sendable {
    public let base: UnsafeRawPointer
    public let count: Int
    private let mapped: Bool

    public init(path: String) throws(LokaleError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LokaleError(errno == ENOENT ? .notFound : .io, "\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw LokaleError(.io, "\(path): \(String(cString: strerror(errno)))") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw LokaleError(.io, "\(path): not a regular file") }
        let size = Int(st.st_size)
        guard size >= TableLayout.headerSize else {
            throw LokaleError(.corrupt, "\(path): \(size) bytes is too small for a compiled table")
        }
        guard size <= Int(UInt32.max) else { throw LokaleError(.corrupt, "\(path): larger than 4 GiB") }
        let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let p, p != MAP_FAILED else { throw LokaleError(.io, "\(path): mmap: \(String(cString: strerror(errno)))") }
        base = UnsafeRawPointer(p)
        count = size
        mapped = true
    }

    /// An owned copy of `bytes` (tests, fuzzing, tables received over a wire).
    public init(copying bytes: UnsafeRawBufferPointer) {
        let p = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        if let src = bytes.baseAddress, bytes.count > 0 { p.copyMemory(from: src, byteCount: bytes.count) }
        base = UnsafeRawPointer(p)
        count = bytes.count
        mapped = false
    }

    deinit {
        if mapped { munmap(UnsafeMutableRawPointer(mutating: base), count) }
        else { UnsafeMutableRawPointer(mutating: base).deallocate() }
    }

    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
