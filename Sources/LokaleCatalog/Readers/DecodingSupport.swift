import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Turns a FoundationEssentials decoding failure into a `CatalogError` with a line when one can be
/// found: JSONDecoder names the coding path but no position, and the property list decoder's
/// messages ("Encountered unexpected EOF") name no file and often a wrong line.
func catalogError(_ error: Error, file: String, bytes: [UInt8], json: Bool) -> CatalogError {
    if json, let f = JSONLocator.firstError(bytes) {
        return CatalogError(file: file, line: f.line, column: f.column, "invalid JSON: \(f.message)")
    }
    if !json, let f = XMLLocator.firstError(bytes) {
        return CatalogError(file: file, line: f.line, column: f.column, "invalid property list: \(f.message)")
    }
    guard let e = error as? DecodingError else { return CatalogError(file: file, json ? "invalid JSON" : "invalid property list") }
    func describe(_ context: DecodingError.Context, _ what: String) -> CatalogError {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        let line = json ? JSONLocator.line(of: path, in: bytes) : nil
        return CatalogError(file: file, line: line, "\(path.isEmpty ? "" : "at \(path.joined(separator: ".")): ")\(what)")
    }
    switch e {
    case .typeMismatch(let type, let c): return describe(c, "expected \(jsonTypeName(type))")
    case .valueNotFound(let type, let c): return describe(c, "missing \(jsonTypeName(type)) value")
    case .keyNotFound(let key, let c): return describe(c, "missing required key '\(key.stringValue)'")
    case .dataCorrupted(let c):
        // "The given data was not a valid property list." and the parser's own words, whose "on
        // line N" counts lines its own way: the file's kind and the words alone.
        var detail = (c.underlyingError as? CocoaError)?.userInfo["NSDebugDescription"] as? String ?? ""
        if let r = Substring(detail).range(of: " on line ") {
            var end = r.upperBound
            while end < detail.endIndex, detail[end].isNumber { end = detail.index(after: end) }
            detail.removeSubrange(r.lowerBound..<end)
        }
        if !json, bytes.starts(with: Array("bplist".utf8)) {
            return describe(c, "the binary property list is damaged or truncated")
        }
        let kind = json ? "invalid JSON" : "invalid property list"
        let generic = c.debugDescription.hasPrefix("The given data was not")
        let what = detail.isEmpty ? (generic ? "" : FileProblem.lowercased(c.debugDescription)) : FileProblem.lowercased(detail)
        return describe(c, what.isEmpty ? kind : "\(kind): \(what)")
    @unknown default: return CatalogError(file: file, json ? "invalid JSON" : "invalid property list")
    }
}

private func jsonTypeName(_ t: Any.Type) -> String {
    switch t {
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    case is Int.Type: "an integer"
    default: "\(t)".contains("Dictionary") ? "an object" : "\(t)".contains("Array") ? "an array" : "\(t)"
    }
}

/// Reads a whole file. Errors name the file and say why, in words.
public func readFile(_ path: String) throws(CatalogError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw CatalogError(file: path, FileProblem.reading(errno)) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw CatalogError(file: path, FileProblem.reading(errno)) }
    guard (st.st_mode & S_IFMT) != S_IFDIR else { throw CatalogError(file: path, FileProblem.reading(EISDIR)) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(0, Int(st.st_size)))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw CatalogError(file: path, FileProblem.reading(errno))
        }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[..<n])
    }
}

func isDirectory(_ path: String) -> Bool {
    var isDir: Bool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir
}
