internal import CTable

/// A rule node's program (`LK_OP_*`), run by the one evaluator, `lk_rule_run` (lokale_node.h): the
/// runtime runs it from the table, the compiler from the words it is about to write (to check a
/// catalog's plural expression and compare it with CLDR's rules).
public struct RuleProgram: Sendable {
    /// The rule node's words.
    private let words: [UInt32]

    /// `code`: the instruction words.
    public init(code: [UInt32]) { words = NodeWords.rule(code: code).words }

    /// The rule node the table stores: the code, and its results for the counts below
    /// `LK_SMALL_COUNTS`, computed here by running that code.
    public func node() -> NodeWords {
        let code = Array(words[Int(LK_RULE_CODE)...])
        let results = (0 ..< UInt64(LK_SMALL_COUNTS)).map { n in UInt8(clamping: min(run(n)?.value ?? 0, 255)) }
        return NodeWords.rule(code: code, results: results)
    }

    /// The rule's value for `n`, and whether it divided by zero on the way (that division gives 0);
    /// nil when the code is malformed.
    public func run(_ n: UInt64) -> (value: UInt64, dividedByZero: Bool)? {
        words.withUnsafeBytes { nodes in
            let pool: [UInt8] = [0]
            return pool.withUnsafeBufferPointer { strings in
                var tree = lk_tree(nodes: nodes.baseAddress!.assumingMemoryBound(to: UInt8.self), node_words: UInt64(words.count),
                                   strings: strings.baseAddress!, strings_bytes: 1)
                var value: UInt64 = 0
                var divided: Int32 = 0
                guard lk_rule_run(&tree, 0, n, &value, &divided) == Int32(LK_NODE_OK) else { return nil }
                return (value, divided != 0)
            }
        }
    }
}
