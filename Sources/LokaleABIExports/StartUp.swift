#if canImport(Glibc)
import Glibc
#endif

// MARK: What loading liblokale.so costs a process

/// The Swift runtime's source of `CommandLine.arguments`, defined here so that the standard
/// library's own (CommandLine.cpp) is not linked into liblokale.so. That one is a constructor: in
/// every process that loads the library, before `main`, it reads /proc/self/maps line by line with
/// sscanf to find the process's argv on the stack (some 180,000 instructions and a dozen system
/// calls, benchmarks/results/coldstart.md) for `CommandLine`, which nothing in the library uses.
/// This one reads /proc/self/cmdline, once, when first asked.
///
/// With the static standard library (`make build-static`) the linker then leaves CommandLine.cpp
/// out; with the shared one this definition is local to liblokale.so (exports.map) and the
/// runtime's stays in use everywhere else. A toolchain that stopped calling this name would link
/// its own again.
@_cdecl("_swift_stdlib_getUnsafeArgvArgc")
func swiftStdlibUnsafeArgvArgc(_ count: UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    count.pointee = processArguments.count
    return processArguments.argv
}

/// The process's arguments as /proc/self/cmdline lists them (NUL-terminated each), as a
/// NULL-terminated argv that lives as long as the process (never written after it is made).
nonisolated(unsafe) private let processArguments: (argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32) = {
    var bytes: [UInt8] = []
    let fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { bytes += chunk[..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        close(fd)
    }
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast(bytes.last == 0 ? 1 : 0)
    let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
    for (i, argument) in arguments.enumerated() {
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: argument.count + 1)
        for (j, byte) in argument.enumerated() { copy[j] = CChar(bitPattern: byte) }
        copy[argument.count] = 0
        argv[i] = copy
    }
    argv[arguments.count] = nil
    return (argv, Int32(arguments.count))
}()
