#if canImport(Glibc)
import Glibc
#endif
import LokaleCommandLine
import LokaleFrontStart

// `lokale`: runs lookup and explain itself, over LokaleCore alone (what a program that shows a
// message loads: no Foundation, no ICU unless a language needs it, no libxml2), and hands every
// other command to the whole tool, `lokale-tool`, with the same arguments.

// The commonest use, `lokale lookup BUNDLE.lokale KEY`, first by the C start (lokale_start.h): what
// it declines, the lookup command below answers.
if lk_front_lookup(CommandLine.argc, CommandLine.unsafeArgv) == 0 { exit(0) }

let arguments = CommandLine.arguments
if arguments.count > 1, let command = lookupCommands.first(where: { $0.name == arguments[1] }) {
    runCommand(command, arguments.dropFirst(2))
}

/// The folder of this executable (symbolic links resolved: a `lokale` linked into a bin/ elsewhere
/// still finds the tool installed with it).
func ownFolder() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
}

/// The whole tool: beside this executable (a wheel's lokale/bin, a build folder, where SwiftPM
/// names it lokale-cli), or in ../lib/lokale (an installation, the release tarball).
let folder = ownFolder() ?? "."
let places = ["\(folder)/lokale-tool", "\(folder)/lokale-cli", "\(folder)/../lib/lokale/lokale-tool"]
guard let tool = places.first(where: { access($0, X_OK) == 0 }) else {
    printError("lokale: the lokale tool is missing: it is looked for as \(places.joined(separator: ", "))")
    exit(127)
}
var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
execv(tool, &argv)
printError("lokale: cannot run \(tool): \(String(cString: strerror(errno)))")
exit(126)
