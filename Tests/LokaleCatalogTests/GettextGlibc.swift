import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// glibc's gettext as a reference: `Tests/gettext/glibc_gettext.c` compiled at test time with `cc`
/// and run as a child process, and `msgfmt` to make the `.mo` files it reads.
enum Glibc {
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let msgfmt = which("msgfmt")
    static let cc = which("cc") ?? which("gcc")

    /// Why the glibc comparisons cannot run here, or nil when they can.
    static var skipReason: Comment? {
        if !Fixtures.hasConformance { return Conformance.skipReason }
        if msgfmt == nil { return "msgfmt is not installed (apt package gettext)" }
        if cc == nil { return "no C compiler (cc) to build the glibc reference helper" }
        return nil
    }

    struct Run { var status: Int32; var signal: Int32?; var stdout: Data; var stderr: String }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        // Feed and drain concurrently so that neither pipe can fill and block the child.
        let writer = Thread {
            if let input { inp.fileHandleForWriting.write(input) }
            try? inp.fileHandleForWriting.close()
        }
        writer.start()
        let errData = LockedData()
        let errReader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        errReader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !errData.done { usleep(1000) }
        let signaled = p.terminationReason == .uncaughtSignal
        return Run(status: p.terminationStatus, signal: signaled ? p.terminationStatus : nil, stdout: stdout,
                   stderr: String(decoding: errData.data, as: UTF8.self))
    }

    final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var value = Data()
        private var finished = false
        func set(_ d: Data) { lock.lock(); value = d; finished = true; lock.unlock() }
        var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }
        var data: Data { lock.lock(); defer { lock.unlock() }; return value }
    }

    /// The helper, compiled once per test process.
    static let helper: Result<String, CatalogError> = {
        guard let cc else { return .failure(CatalogError(file: "cc", "no C compiler")) }
        let out = Fixtures.temporaryDirectory("lokale-glibc") + "/glibc_gettext"
        do {
            let r = try run(cc, ["-O1", "-o", out, Fixtures.packageRoot + "/Tests/gettext/glibc_gettext.c"])
            return r.status == 0 ? .success(out) : .failure(CatalogError(file: "glibc_gettext.c", "cc failed: \(r.stderr)"))
        } catch { return .failure(CatalogError(file: "cc", "\(error)")) }
    }()

    /// Compiles a `.po` with msgfmt.
    static func msgfmt(_ po: String, to mo: String, extra: [String] = []) throws {
        try FileManager.default.createDirectory(atPath: (mo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let r = try run(msgfmt!, extra + ["-o", mo, po])
        guard r.status == 0 else { throw CatalogError(file: po, "msgfmt failed: \(r.stderr)") }
    }

    static func hex(_ s: String) -> String {
        s.isEmpty ? "=" : s.utf8.map { String(format: "%02x", $0) }.joined()
    }

    static func unhex(_ s: Substring) -> String {
        var bytes: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex, let j = s.index(i, offsetBy: 2, limitedBy: s.endIndex) {
            bytes.append(UInt8(s[i..<j], radix: 16) ?? 0x3F)
            i = j
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A lookup glibc answers: `pgettext`/`dgettext`, or `npgettext`/`dngettext` with `n`.
    struct Query {
        var context: String?
        var msgid: String
        var plural: String?
        var n: UInt64 = 0

        var line: String {
            let c = context.map(Glibc.hex) ?? "-"
            if let plural { return "p \(c) \(Glibc.hex(msgid)) \(Glibc.hex(plural)) \(n)" }
            return "s \(c) \(Glibc.hex(msgid))"
        }
    }

    /// glibc's answers for `queries` from `localeDir/language/LC_MESSAGES/domain.mo`.
    /// `msgidCharset`: the catalog's charset, in which glibc is given the msgids.
    static func answers(_ queries: [Query], localeDir: String, domain: String, language: String, msgidCharset: String? = nil) throws -> [String] {
        let helper = try helper.get()
        let input = Data(queries.map { $0.line + "\n" }.joined().utf8)
        let r = try run(helper, [localeDir, domain] + (msgidCharset.map { ["--msgid-charset", $0] } ?? []), environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": language], input: input)
        guard r.status == 0, r.signal == nil else { throw CatalogError(file: helper, "failed (\(r.status)): \(r.stderr)") }
        let lines = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count == queries.count else { throw CatalogError(file: helper, "gave \(lines.count) answers to \(queries.count) queries") }
        return lines.map(unhex)
    }
}

