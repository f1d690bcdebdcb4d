#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard error (the CLI's diagnostics channel).
func printError(_ s: String) {
    var line = s
    if !line.hasSuffix("\n") { line += "\n" }
    _ = line.withCString { write(2, $0, strlen($0)) }
}
