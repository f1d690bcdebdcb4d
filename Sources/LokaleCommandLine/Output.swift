#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard error (the CLI's diagnostics channel).
package func printError(_ s: String) {
    var line = s
    if !line.hasSuffix("\n") { line += "\n" }
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Whether `path` is a folder (following symbolic links).
package func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}
