import LokaleCore

/// A MessageFormat 2 message read from a catalog source (a `.po` entry flagged `mf2-format`, an
/// `.mf2.json` resource): parsed and validated once, here, so that `compile` refuses a broken
/// message with its place and nothing is written; the table stores the checked data model.
enum MessageFormatSource {
    /// `source` as a variation, or the error at its place: the file, the line (and column) where
    /// the string starts, then the line and column inside the message and what is wrong there.
    static func variation(_ source: String, file: String, line: Int?, column: Int? = nil, key: String) throws(CatalogError) -> Variation {
        let message: MF2.Message
        do {
            message = try MF2.parse(source)
        } catch {
            throw CatalogError(file: file, line: line, column: column,
                               "message '\(key)': MessageFormat 2 syntax error at \(error.position) of the message: expected \(error.expected), found \(error.found)")
        }
        if let invalid = message.dataModelErrors.first {
            throw CatalogError(file: file, line: line, column: column,
                               "message '\(key)': MessageFormat 2 \(invalid.kind.rawValue) at \(invalid.position) of the message: \(invalid.message)")
        }
        return .messageFormat(source: source, message: message)
    }
}
