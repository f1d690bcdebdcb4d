#if canImport(Glibc)
import Glibc
#endif
internal import CTable

/// The in-app language choice on disk: a small text file, one per application, replaced atomically
/// (temporary file + rename) so that a crash never leaves half a setting behind.
///
///     lokale-settings 1
///     language=fr-CA
public struct LanguageSettings: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_CONFIG_HOME/lokale/<identifier>.language`, or `~/.config/lokale/...`; nil when neither
    /// is known or the identifier cannot name a file.
    public static func defaultPath(identifier: String, environment: (String) -> String? = Environment.variable) -> String? {
        // CTable's rule, which a start without the Swift runtime applies too.
        var identifier = identifier
        let (xdg, home) = (environment("XDG_CONFIG_HOME"), environment("HOME"))
        let path: [UInt8] = identifier.withUTF8 { id in
            let p = id.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            return withOptionalCString(xdg) { x in withOptionalCString(home) { h in
                let n = lk_settings_path(nil, 0, p, id.count, x, h)
                guard n > 0 else { return [] }
                return [UInt8](unsafeUninitializedCapacity: n + 1) { buffer, count in
                    _ = lk_settings_path(UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), n + 1, p, id.count, x, h)
                    count = n
                }
            } }
        }
        return path.isEmpty ? nil : String(decoding: path, as: UTF8.self)
    }

    /// The stored language: nil when there is no file; an error when it exists but cannot be used.
    public func load() throws(LokaleError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw LokaleError(.io, "\(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while bytes.count <= 4096 {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 { throw LokaleError(.io, "\(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        guard bytes.count <= 4096 else { throw LokaleError(.corrupt, "\(path): settings file is larger than 4 KiB") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw LokaleError(.corrupt, "\(path): not UTF-8") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard lines.first == "lokale-settings 1" else { throw LokaleError(.corrupt, "\(path):1: expected 'lokale-settings 1'") }
        var language: String? = nil
        for (i, line) in lines.enumerated().dropFirst() where !line.isEmpty && !line.hasPrefix("#") {
            guard let eq = line.firstIndex(of: "=") else { throw LokaleError(.corrupt, "\(path):\(i + 1): expected key=value") }
            let key = line[..<eq], value = String(line[line.index(after: eq)...])
            if key == "language" {
                guard case .success = LanguageTag.canonical(value) else {
                    throw LokaleError(.corrupt, "\(path):\(i + 1): '\(value)' is not a language identifier")
                }
                language = value
            }
        }
        return language
    }

    /// Stores `language` (nil removes the choice). Creates the folder when needed.
    public func store(_ language: String?) throws(LokaleError) {
        guard let language else {
            if unlink(path) != 0 && errno != ENOENT { throw LokaleError(.io, "\(path): \(String(cString: strerror(errno)))") }
            return
        }
        try makeParentDirectories()
        let temporary = path + ".tmp.\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LokaleError(.io, "\(temporary): \(String(cString: strerror(errno)))") }
        let contents = Array("lokale-settings 1\nlanguage=\(language)\n".utf8)
        let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == contents.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw LokaleError(.io, "\(path): \(reason)")
        }
    }

    private func makeParentDirectories() throws(LokaleError) {
        var prefix = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for part in parts where !part.isEmpty {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw LokaleError(.io, "\(prefix): \(String(cString: strerror(errno)))")
            }
        }
    }
}
