#if canImport(Glibc)
import Glibc
#endif
internal import CTable

/// Read-only bytes of a compiled table: a private memory mapping of a file, an owned copy, or bytes
/// borrowed from the program (a table embedded in it, which outlives every bundle).
/// Immutable once made; released when the last reference goes away, so a reader that still holds a
/// replaced bundle keeps reading valid memory.
///
/// Small files are read into memory rather than mapped: a writer that truncates or rewrites the
/// file in place (instead of renaming a new one over it, as `lokale compile` does) then cannot
/// touch what readers see. A mapped file truncated in place raises SIGBUS in its readers, as any
/// mapping does; `Loading.copy` reads files of any size.
public final class MappedFile: @unchecked Sendable {
    public let base: UnsafeRawPointer
    public let count: Int
    /// Which file this was read from, and its size and modification time then: a reload compares it.
    public let identity: FileIdentity?
    /// Whether the bytes are a mapping of the file (false: an owned copy, or borrowed).
    public let isMapped: Bool
    /// Whether the bytes belong to the caller (`init(borrowing:)`): never freed here.
    public let isBorrowed: Bool
    /// Whether the bytes came from C's malloc (`init(adopting:)`): freed with `free`.
    private let isMalloced: Bool

    /// How a file is brought into memory.
    public enum Loading: Sendable {
        /// Read files up to `copyLimit` bytes, map larger ones.
        case automatic
        /// Always read the whole file (immune to in-place writers; open costs a read of the file).
        case copy
        /// Always map (open in constant time).
        case map
    }

    /// Files up to this size are read, not mapped, under `.automatic` (the C start reads only those).
    public static let copyLimit = Int(LK_READ_COPY_LIMIT)

    public init(path: String, loading: Loading = .automatic) throws(LokaleError) {
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
        identity = FileIdentity(st)
        let copy = loading == .copy || (loading == .automatic && size <= MappedFile.copyLimit)
        if copy {
            let p = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            var done = 0
            while done < size {
                let n = pread(fd, p + done, size - done, off_t(done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    let why = n == 0 ? "the file shrank while it was read" : String(cString: strerror(errno))
                    p.deallocate()
                    throw LokaleError(n == 0 ? .corrupt : .io, "\(path): \(why)")
                }
                done += n
            }
            base = UnsafeRawPointer(p)
        } else {
            let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
            guard let p, p != MAP_FAILED else { throw LokaleError(.io, "\(path): mmap: \(String(cString: strerror(errno)))") }
            base = UnsafeRawPointer(p)
        }
        count = size
        isMapped = !copy
        isBorrowed = false
        isMalloced = false
    }

    /// An owned copy of `bytes` (tests, fuzzing, tables received over a wire).
    public init(copying bytes: UnsafeRawBufferPointer) {
        let p = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        if let src = bytes.baseAddress, bytes.count > 0 { p.copyMemory(from: src, byteCount: bytes.count) }
        base = UnsafeRawPointer(p)
        count = bytes.count
        identity = nil
        isMapped = false
        isBorrowed = false
        isMalloced = false
    }

    /// The caller's bytes, neither copied nor freed: a table embedded in the program (a static
    /// array) is read in place. They must stay valid and unchanged as long as this object.
    public init(borrowing base: UnsafeRawPointer, count: Int) {
        self.base = base
        self.count = count
        identity = nil
        isMapped = false
        isBorrowed = true
        isMalloced = false
    }

    /// A file's bytes that a C start read into memory from C's `malloc` (lokale_start.h): owned
    /// from now on, as a read file's are.
    init(adopting base: UnsafeMutableRawPointer, count: Int, identity: FileIdentity) {
        self.base = UnsafeRawPointer(base)
        self.count = count
        self.identity = identity
        isMapped = false
        isBorrowed = false
        isMalloced = true
    }

    /// Bytes from memory, borrowed or copied: the one entry point of tables that are not files.
    /// Sizes no table can have are refused before anything is read (a size larger than the
    /// buffer is the caller's lie, which nothing can detect). A buffer that is not aligned as the
    /// format aligns its sections (8 bytes, the slots' words) is copied: the reader loads every
    /// word through unaligned loads today, but a borrowed table keeps the alignment a mapped file
    /// has, so that no reader ever depends on where the caller put it.
    public static func memory(_ bytes: UnsafeRawBufferPointer, copy: Bool) throws(LokaleError) -> MappedFile {
        guard bytes.count <= Int(UInt32.max) else {
            throw LokaleError(.invalidArgument, "\(bytes.count) bytes is larger than any compiled table (4 GiB)")
        }
        guard let base = bytes.baseAddress, bytes.count >= TableLayout.headerSize else {
            throw LokaleError(.corrupt, "\(bytes.count) bytes is too small for a compiled table")
        }
        let aligned = UInt(bitPattern: base) % 8 == 0
        return copy || !aligned ? MappedFile(copying: bytes) : MappedFile(borrowing: base, count: bytes.count)
    }

    deinit {
        if isMapped { munmap(UnsafeMutableRawPointer(mutating: base), count) }
        else if isMalloced { free(UnsafeMutableRawPointer(mutating: base)) }
        else if !isBorrowed { UnsafeMutableRawPointer(mutating: base).deallocate() }
    }

    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}

/// A file as `stat` sees it: which file (device, inode) and which version (size, modification
/// time). Replacing a file by rename changes the inode; rewriting it in place, the size or time.
public struct FileIdentity: Equatable, Sendable {
    var device: UInt64, inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64

    init(device: UInt64, inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64) {
        (self.device, self.inode, self.size, self.seconds, self.nanoseconds) = (device, inode, size, seconds, nanoseconds)
    }

    init(_ st: stat) {
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        seconds = Int64(st.st_mtim.tv_sec)
        nanoseconds = Int64(st.st_mtim.tv_nsec)
    }

    /// The identity of the file at `path` now.
    public init(path: String) throws(LokaleError) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw LokaleError(errno == ENOENT ? .notFound : .io, "\(path): \(String(cString: strerror(errno)))")
        }
        self.init(st)
    }
}
