#if canImport(Glibc)
import Glibc
#endif

/// Every file the tools write is written beside its destination, then renamed over it: readers
/// see the old contents or the new, never half a file, and a failed write leaves nothing behind.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(CatalogError) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(dir)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let e = errno
                close(fd); unlink(temporary)
                throw failure(path, e)
            }
            written += n
        }
        // Readable as a file the user created (mkstemp makes it private to the owner).
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        guard close(fd) == 0 else { let e = errno; unlink(temporary); throw failure(path, e) }
        guard rename(temporary, path) == 0 else { let e = errno; unlink(temporary); throw failure(path, e) }
    }

    private static func failure(_ path: String, _ code: Int32) -> CatalogError {
        CatalogError(file: path, "cannot write: \(String(cString: strerror(code)))")
    }
}
