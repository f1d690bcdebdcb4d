#if canImport(Glibc)
import Glibc
#endif
import LokaleCore

/// One subcommand: how it is called, what it does, what it accepts, and the code that runs it.
/// The global help and each command's `--help` are both made from this table.
package struct Command: Sendable {
    package var name: String
    /// The arguments after `lokale NAME`, wrapped as they are shown.
    package var synopsis: String
    /// One line for the list of commands.
    package var summary: String
    /// The command's own help below its synopsis: what the arguments and options mean.
    package var details: String = ""
    package var spec = Arguments.Spec()
    package var run: @Sendable (Arguments) throws -> Int32

    /// `usage: lokale NAME SYNOPSIS`, continuation lines aligned under the first.
    package var usageLine: String {
        let head = "usage: lokale \(name)" + (synopsis.isEmpty ? "" : " ")
        let pad = String(repeating: " ", count: head.count)
        return head + synopsis.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + pad)
    }

    /// What `lokale NAME --help` prints.
    package var help: String {
        usageLine + "\n\n" + summary + "\n" + (details.isEmpty ? "" : "\n" + details + "\n")
    }

    package init(name: String, synopsis: String, summary: String, details: String = "", spec: Arguments.Spec = Arguments.Spec(),
                 run: @escaping @Sendable (Arguments) throws -> Int32) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.details = details
        self.spec = spec
        self.run = run
    }
}

/// Prints `lokale: MESSAGE` on standard error and exits with `status`.
package func fail(_ message: String, status: Int32 = 1) -> Never {
    printError("lokale: \(message)\n")
    exit(status)
}

/// Runs `command` with `args` (after its name) and exits: 0 or what it returns, 2 for a usage
/// error (with its usage line), 1 for any other error. `diagnostic` gives an error's whole line when
/// it has its own shape (the compiler's `file:line:column: error: message`).
package func runCommand(_ command: Command, _ args: ArraySlice<String>, diagnostic: (any Error) -> String? = { _ in nil }) -> Never {
    if Arguments.asksForHelp(args) { print(command.help, terminator: ""); exit(0) }
    do {
        exit(try command.run(try Arguments(args, command.spec)))
    } catch let e as Arguments.UsageError {
        fail("\(e.message)\n\n\(command.usageLine)\n'lokale help \(command.name)' shows the options.", status: 2)
    } catch let e as FileError {
        printError("\(e.diagnostic)\n")
        exit(1)
    } catch {
        if let line = diagnostic(error) {
            printError("\(line)\n")
            exit(1)
        }
        if let e = error as? LokaleError { fail("error: \(e.message)") }
        fail("error: \(error)")
    }
}
