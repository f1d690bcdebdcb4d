import LokaleCore

/// The bounds the compiler enforces, so that every table it writes is one the runtime accepts
/// (defaults: `LokaleCore.Limits`, docs/LIMITS.md). Tests lower them to reach each check.
public struct CompileLimits: Sendable {
    public var keyBytes = Limits.keyBytes
    public var messageTextBytes = Limits.messageTextBytes
    public var variantDepth = Limits.variantDepth
    public var substitutions = Limits.substitutions
    public var localizations = Limits.localizations
    public var tables = Limits.tables
    public var instances = Limits.instances
    public var messages = Limits.messages
    public var stringBytes = Limits.stringBytes

    public init() {}

    /// The counts of localizations and tables, checked before anything is built; each message is
    /// checked while it is compiled (`problem`), the totals after (`checkTotals`).
    func checkCounts(localizations: Int, tables: Int) throws(CatalogError) {
        guard localizations <= self.localizations else {
            throw CatalogError(file: "(bundle)", "\(localizations) localizations, more than the limit of \(self.localizations)")
        }
        guard tables <= self.tables else { throw CatalogError(file: "(bundle)", "\(tables) tables, more than the limit of \(self.tables)") }
    }

    /// The first limit the message exceeds, in words (`error` places them); its key and texts
    /// are added to `strings`.
    func problem(key k: String, _ m: CatalogMessage, strings: inout Int) -> String? {
        let kb = k.utf8.count
        guard kb <= keyBytes else { return "key is \(kb) bytes, more than the limit of \(keyBytes)" }
        strings += kb + 1
        // A plain text (nearly every message): its one text and a depth of 1.
        if m.substitutions.isEmpty, case .text(let text) = m.variation {
            let n = text.utf8.count
            guard n <= messageTextBytes else { return "a text of \(n) bytes, more than the limit of \(messageTextBytes)" }
            strings += n + 1
            guard 1 <= variantDepth else { return "variants nested 1 levels deep, more than the limit of \(variantDepth)" }
            return nil
        }
        for text in m.variation.texts + m.substitutions.flatMap(\.variation.texts) {
            let n = text.utf8.count
            guard n <= messageTextBytes else { return "a text of \(n) bytes, more than the limit of \(messageTextBytes)" }
            strings += n + 1
        }
        guard m.substitutions.count <= substitutions else {
            return "\(m.substitutions.count) substitutions, more than the limit of \(substitutions)"
        }
        let depth = max(m.variation.depth, 1 + (m.substitutions.map(\.variation.depth).max() ?? 0))
        guard depth <= variantDepth else { return "variants nested \(depth) levels deep, more than the limit of \(variantDepth)" }
        return nil
    }

    /// A message's `problem` as the error naming it.
    static func error(_ problem: String, file: String, table t: String, localization l: String, key k: String) -> CatalogError {
        CatalogError(file: file, "[\(t)] \(l) '\(k.count > 60 ? String(k.prefix(60)) + "…" : k)': \(problem)")
    }

    func checkTotals(instances: Int, messages: Int, strings: Int) throws(CatalogError) {
        func fail(_ message: String) -> CatalogError { CatalogError(file: "(bundle)", message) }
        guard instances <= self.instances else {
            throw fail("\(instances) (localization, table) pairs, more than the limit of \(self.instances)")
        }
        guard messages <= self.messages else { throw fail("\(messages) messages, more than the limit of \(self.messages)") }
        guard strings <= stringBytes else { throw fail("\(strings) bytes of keys and texts, more than the limit of \(stringBytes)") }
    }
}

extension Variation {
    /// Levels of variants: 0 for a text.
    var depth: Int {
        switch self {
        case .text: 0
        case .messageFormat: 1
        case .plural(_, _, let c): 1 + (c.values.map(\.depth).max() ?? 0)
        case .device(let c): 1 + (c.values.map(\.depth).max() ?? 0)
        case .forms(_, _, let f): 1 + (f.map(\.depth).max() ?? 0)
        }
    }
}
