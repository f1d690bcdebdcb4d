#if canImport(Glibc)
import Glibc
#endif

/// Every file the tools write is written beside its destination, then renamed over it: readers
/// see the old contents or the new, never half a file, and a failed write leaves nothing behind.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(CatalogError) {
        try write(parts: [bytes], to: path)
    }

    /// The file made of `parts`, one after the other (a compiled table's sections, never joined).
    public static func write(parts: [[UInt8]], to path: String) throws(CatalogError) {
        guard !path.isEmpty else { throw CatalogError(file: "(output)", "cannot write a file without a name") }
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, !isDirectory(path) else {
            throw CatalogError(file: path, "cannot write: this is a folder; give the name of a file in it")
        }
        var template = Array("\(dir)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, errno, folder: dir) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        for bytes in parts {
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    let e = errno
                    close(fd); unlink(temporary)
                    throw failure(path, e, folder: dir)
                }
                written += n
            }
        }
        // Readable as a file the user created (mkstemp makes it private to the owner).
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        guard close(fd) == 0 else { let e = errno; unlink(temporary); throw failure(path, e, folder: dir) }
        guard rename(temporary, path) == 0 else { let e = errno; unlink(temporary); throw failure(path, e, folder: dir) }
    }

    /// Why `path`, in `folder`, could not be written, as a sentence.
    static func failure(_ path: String, _ code: Int32, folder: String) -> CatalogError {
        CatalogError(file: path, "cannot write: " + FileProblem.writing(code, folder: folder))
    }
}

/// What an `errno` means for a file the user named, in words (never a raw system error text alone).
public enum FileProblem {
    /// Why a file could not be created or replaced in `folder`.
    public static func writing(_ code: Int32, folder: String) -> String {
        switch code {
        case ENOENT: return isDirectory(parentFolder(folder)) || folder == "." || folder == "/"
            ? "the folder \(folder) does not exist" : "the folder \(folder) does not exist (nor does \(parentFolder(folder)))"
        case ENOTDIR: return "\(folder) is not a folder (a file has that name)"
        case EACCES, EPERM: return "permission denied: the folder \(folder) is not writable by this user"
        case EISDIR: return "this is a folder; give the name of a file in it"
        case EROFS: return "the folder \(folder) is on a read-only file system"
        case ENOSPC: return "no space left on the device"
        case EDQUOT: return "the disk quota is exhausted"
        case ENAMETOOLONG: return "the file name is too long"
        case ELOOP: return "too many symbolic links in the path"
        default: return lowercased(String(cString: strerror(code)))
        }
    }

    /// Why an existing path could not be read.
    public static func reading(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "cannot be read: permission denied"
        case EISDIR: return "is a folder, not a file"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case ELOOP: return "too many symbolic links in the path"
        case EIO: return "cannot be read: an input/output error (a damaged disk or a disconnected volume?)"
        default: return "cannot be read: " + lowercased(String(cString: strerror(code)))
        }
    }

    /// Why the folder `path` cannot be listed.
    static func listing(_ path: String) -> String {
        guard let d = opendir(path) else {
            let e = errno
            return e == EACCES || e == EPERM ? "permission denied" : lowercased(String(cString: strerror(e)))
        }
        closedir(d)
        return "it changed while being read"
    }

    static func parentFolder(_ folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/") else { return "." }
        return slash == folder.startIndex ? "/" : String(folder[..<slash])
    }

    /// strerror's "No such file or directory" as the continuation of a sentence.
    static func lowercased(_ s: String) -> String {
        guard let f = s.first, f.isUppercase, s.dropFirst().first?.isLowercase == true else { return s }
        return f.lowercased() + s.dropFirst()
    }
}
