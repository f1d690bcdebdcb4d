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

    /// The first limit `bundle` exceeds, as an error naming where; checked before anything is built.
    func check(_ bundle: CatalogBundle, localizations: [String], tables: [String]) throws(CatalogError) {
        func fail(_ message: String, file: String = "(bundle)") -> CatalogError { CatalogError(file: file, message) }
        guard localizations.count <= self.localizations else {
            throw fail("\(localizations.count) localizations, more than the limit of \(self.localizations)")
        }
        guard tables.count <= self.tables else { throw fail("\(tables.count) tables, more than the limit of \(self.tables)") }
        var instances = 0, messages = 0, strings = 0
        for t in tables {
            let table = bundle.tables[t]!
            let file = table.sources.first ?? t
            for (l, list) in table.messages.sorted(by: { $0.key < $1.key }) {
                instances += 1
                messages += list.count
                for (k, m) in list {
                    func where_() -> String { "[\(t)] \(l) '\(k.count > 60 ? String(k.prefix(60)) + "…" : k)'" }
                    let kb = k.utf8.count
                    guard kb <= keyBytes else { throw fail("\(where_()): key is \(kb) bytes, more than the limit of \(keyBytes)", file: file) }
                    strings += kb + 1
                    for text in m.variation.texts + m.substitutions.flatMap(\.variation.texts) {
                        let n = text.utf8.count
                        guard n <= messageTextBytes else {
                            throw fail("\(where_()): a text of \(n) bytes, more than the limit of \(messageTextBytes)", file: file)
                        }
                        strings += n + 1
                    }
                    guard m.substitutions.count <= substitutions else {
                        throw fail("\(where_()): \(m.substitutions.count) substitutions, more than the limit of \(substitutions)", file: file)
                    }
                    let depth = max(m.variation.depth, 1 + (m.substitutions.map(\.variation.depth).max() ?? 0))
                    guard depth <= variantDepth else {
                        throw fail("\(where_()): variants nested \(depth) levels deep, more than the limit of \(variantDepth)", file: file)
                    }
                }
            }
        }
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
        case .plural(_, _, let c): 1 + (c.values.map(\.depth).max() ?? 0)
        case .device(let c): 1 + (c.values.map(\.depth).max() ?? 0)
        }
    }
}
