internal import CTable

/// A MessageFormat 2 message read back from its nodes (`lk_mf2_*` of `lokale_node.h`, the one node
/// reader): the data model `MF2.format` takes. Every count was bounded and every item's words
/// checked by the reader; a corrupt string or kind throws `.corrupt`.
extension CompiledTable {
    func messageFormat(_ at: UInt32, in tree: inout lk_tree) throws(LokaleError) -> MF2.Message {
        var n = try node(at, in: &tree)
        guard n.kind == LK_NODE_MF2 else { throw CompiledTable.treeError(Int32(LK_NODE_BAD_KIND)) }
        var declarations: [MF2.Declaration] = []
        for i in 0..<n.argument {
            var d = lk_mf2_item()
            try check(lk_mf2_declaration(&tree, &n, i, &d))
            let name = MF2.Variable(Self.text(d.name, d.name_length), position: Self.nowhere)
            declarations.append(MF2.Declaration(kind: d.flags & LK_DECLARATION_LOCAL != 0 ? .local : .input, variable: name,
                                                expression: try expression(d.node, in: &tree)))
        }
        var selectors: [MF2.Variable] = []
        for i in 0..<n.flags {
            var name: UnsafePointer<UInt8>? = nil
            var length: UInt32 = 0
            try check(lk_mf2_selector(&tree, &n, i, &name, &length))
            selectors.append(MF2.Variable(Self.text(name, length), position: Self.nowhere))
        }
        var variants: [MF2.Variant] = []
        for v in 0..<n.count {
            var keys: [MF2.Key] = []
            for s in 0..<n.flags {
                var k = lk_mf2_item()
                try check(lk_mf2_key(&tree, &n, v, s, &k))
                keys.append(k.flags == LK_VALUE_NONE ? .catchAll : .literal(MF2.Literal(Self.text(k.value, k.value_length))))
            }
            let patternNode = lk_tree_word(&tree, lk_mf2_variant(&n, v) + UInt64(LK_VARIANT_PATTERN))
            variants.append(MF2.Variant(keys: keys, pattern: try pattern(patternNode, in: &tree), position: Self.nowhere))
        }
        if n.flags == 0 {
            return .pattern(MF2.PatternMessage(declarations: declarations, pattern: variants[0].pattern))
        }
        return .select(MF2.SelectMessage(declarations: declarations, selectors: selectors, variants: variants, position: Self.nowhere))
    }

    private func pattern(_ at: UInt32, in tree: inout lk_tree) throws(LokaleError) -> MF2.Pattern {
        var n = try node(at, in: &tree)
        guard n.kind == LK_NODE_PATTERN else { throw CompiledTable.treeError(Int32(LK_NODE_BAD_KIND)) }
        var parts: MF2.Pattern = []
        parts.reserveCapacity(Int(n.count))
        for i in 0..<n.count {
            var p = lk_mf2_item()
            try check(lk_pattern_part(&tree, &n, i, &p))
            switch p.flags {
            case LK_PART_TEXT: parts.append(.text(Self.text(p.value, p.value_length)))
            case LK_PART_EXPRESSION: parts.append(.expression(try expression(p.node, in: &tree)))
            default: parts.append(.markup(try markup(p.node, in: &tree)))
            }
        }
        return parts
    }

    private func expression(_ at: UInt32, in tree: inout lk_tree) throws(LokaleError) -> MF2.Expression {
        var n = try node(at, in: &tree)
        guard n.kind == LK_NODE_EXPRESSION, n.flags & LK_MARKUP_KIND == 0 else { throw CompiledTable.treeError(Int32(LK_NODE_BAD_KIND)) }
        let (options, attributes) = try optionsAndAttributes(&n, in: &tree)
        let operand: MF2.Value? = n.text == nil ? nil : Self.value(n.flags, n.text, n.length)
        let function = n.name.map { MF2.Function(Self.identifier(Self.text($0, n.name_length)), options: options) }
        return MF2.Expression(operand: operand, function: function, attributes: attributes)
    }

    private func markup(_ at: UInt32, in tree: inout lk_tree) throws(LokaleError) -> MF2.Markup {
        var n = try node(at, in: &tree)
        guard n.kind == LK_NODE_EXPRESSION, let name = n.name else { throw CompiledTable.treeError(Int32(LK_NODE_BAD_KIND)) }
        let kind: MF2.Markup.Kind = switch n.flags & LK_MARKUP_KIND {
        case LK_MARKUP_OPEN: .open
        case LK_MARKUP_STANDALONE: .standalone
        case LK_MARKUP_CLOSE: .close
        default: throw CompiledTable.treeError(Int32(LK_NODE_BAD_KIND))
        }
        let (options, attributes) = try optionsAndAttributes(&n, in: &tree)
        return MF2.Markup(kind, Self.identifier(Self.text(name, n.name_length)), options: options, attributes: attributes)
    }

    private func optionsAndAttributes(_ n: inout lk_node, in tree: inout lk_tree) throws(LokaleError) -> ([MF2.Option], [MF2.Attribute]) {
        var options: [MF2.Option] = []
        var attributes: [MF2.Attribute] = []
        for i in 0..<(n.argument + n.count) {
            var o = lk_mf2_item()
            try check(lk_expression_option(&tree, &n, i, &o))
            let name = Self.identifier(Self.text(o.name, o.name_length))
            if i < n.argument {
                options.append(MF2.Option(name, Self.value(o.flags, o.value, o.value_length), position: Self.nowhere))
            } else if o.flags & LK_VALUE_KIND == LK_VALUE_LITERAL {
                attributes.append(MF2.Attribute(name, MF2.Literal(Self.text(o.value, o.value_length), quoted: o.flags & LK_VALUE_QUOTED != 0)))
            } else {
                attributes.append(MF2.Attribute(name))
            }
        }
        return (options, attributes)
    }

    private func check(_ result: Int32) throws(LokaleError) {
        guard result == Int32(LK_NODE_OK) else { throw CompiledTable.treeError(result) }
    }

    /// Positions are the source's, for its errors; a compiled message was checked when it was compiled.
    private static let nowhere = MF2.Position(offset: 0, line: 1, column: 1)

    private static func text(_ p: UnsafePointer<UInt8>?, _ length: UInt32) -> String {
        guard let p else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: Int(length)), as: UTF8.self)
    }

    private static func value(_ flags: UInt32, _ p: UnsafePointer<UInt8>?, _ length: UInt32) -> MF2.Value {
        let s = text(p, length)
        return flags & LK_VALUE_KIND == LK_VALUE_VARIABLE ? .variable(MF2.Variable(s, position: nowhere))
            : .literal(MF2.Literal(s, quoted: flags & LK_VALUE_QUOTED != 0))
    }

    /// "ns:name" or "name", as the writer stored `MF2.Identifier.description`.
    private static func identifier(_ s: String) -> MF2.Identifier {
        guard let colon = s.firstIndex(of: ":") else { return MF2.Identifier(s) }
        return MF2.Identifier(namespace: String(s[..<colon]), String(s[s.index(after: colon)...]))
    }
}
