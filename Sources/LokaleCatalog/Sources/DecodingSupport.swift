import FoundationEssentials

/// Turns a FoundationEssentials decoding failure into a `CatalogError` with a line when one can be
/// found: JSONDecoder names the coding path but no position.
func catalogError(_ error: Error, file: String, bytes: [UInt8], json: Bool) -> CatalogError {
    if json, let f = JSONLocator.firstError(bytes) {
        return CatalogError(file: file, line: f.line, column: f.column, "invalid JSON: \(f.message)")
    }
    guard let e = error as? DecodingError else { return CatalogError(file: file, "\(error)") }
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
        if let u = c.underlyingError as? CocoaError, let d = u.userInfo["NSDebugDescription"] as? String {
            return describe(c, "\(c.debugDescription) \(d)")
        }
        return describe(c, c.debugDescription)
    @unknown default: return CatalogError(file: file, "\(e)")
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

/// Reads a whole file. Errors name the file.
func readFile(_ path: String) throws(CatalogError) -> [UInt8] {
    do {
        return [UInt8](try Data(contentsOf: URL(filePath: path)))
    } catch {
        if FileManager.default.fileExists(atPath: path) {
            throw CatalogError(file: path, isDirectory(path) ? "is a directory" : "cannot be read")
        }
        throw CatalogError(file: path, "no such file")
    }
}

func isDirectory(_ path: String) -> Bool {
    var isDir: Bool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir
}
