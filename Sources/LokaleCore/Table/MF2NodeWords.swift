internal import CTable

/// The words of the three MessageFormat 2 node kinds (`LK_NODE_MF2`, `LK_NODE_PATTERN`,
/// `LK_NODE_EXPRESSION`, docs/FORMAT.md): the writer's side of `lk_mf2_*` in `lokale_node.h`.
/// Strings are pool references (offset, length); an absent one is `NodeWords.absent`.
extension NodeWords {
    public typealias StringRef = (UInt32, UInt32)
    public static let absent: StringRef = (LK_NONE, 0)
    /// The flags of no value: an expression without operand, an attribute without value.
    public static let noValue: UInt32 = LK_VALUE_NONE

    public struct Declaration {
        public var local: Bool, name: StringRef, expression: UInt32
        public init(local: Bool, name: StringRef, expression: UInt32) {
            (self.local, self.name, self.expression) = (local, name, expression)
        }
    }

    /// A variant: its pattern node and one key per selector (nil: `*`).
    public struct Variant {
        public var pattern: UInt32, keys: [StringRef?]
        public init(pattern: UInt32, keys: [StringRef?]) { (self.pattern, self.keys) = (pattern, keys) }
    }

    public enum Part {
        case text(StringRef), expression(UInt32), markup(UInt32)
    }

    /// An option (`name=value`) or an attribute (`@name`, `@name=literal`): `flags` is the value's
    /// `LK_VALUE_*` (`LK_VALUE_NONE` for an attribute without one).
    public struct Option {
        public var name: StringRef, flags: UInt32, value: StringRef
        public init(name: StringRef, flags: UInt32, value: StringRef) { (self.name, self.flags, self.value) = (name, flags, value) }
    }

    /// `icu`: a message read from ICU MessageFormat (`LK_MF2_FLAG_ICU`), formatted without bidi isolation.
    public static func mf2(declarations: [Declaration], selectors: [StringRef], variants: [Variant], icu: Bool = false) -> NodeWords {
        let variantWords = Int(LK_VARIANT_WORDS) + 2 * selectors.count
        var n = NodeWords(.mf2, variable: declarations.count * Int(LK_DECLARATION_WORDS) + selectors.count * Int(LK_SELECTOR_WORDS)
                                    + variants.count * variantWords)
        n[LK_MF2_DECLARATIONS] = UInt32(declarations.count) | (icu ? LK_MF2_FLAG_ICU : 0)
        n[LK_MF2_SELECTORS] = UInt32(selectors.count)
        n[LK_MF2_VARIANTS] = UInt32(variants.count)
        var at = LK_MF2_WORDS
        for d in declarations {
            n[at + LK_DECLARATION_FLAGS] = d.local ? LK_DECLARATION_LOCAL : 0
            (n[at + LK_DECLARATION_NAME], n[at + LK_DECLARATION_NAME + 1]) = d.name
            n[at + LK_DECLARATION_EXPRESSION] = d.expression
            at += LK_DECLARATION_WORDS
        }
        for s in selectors {
            (n[at], n[at + 1]) = s
            at += LK_SELECTOR_WORDS
        }
        for v in variants {
            n[at + LK_VARIANT_PATTERN] = v.pattern
            for (i, k) in v.keys.enumerated() {
                (n[at + LK_VARIANT_KEYS + 2 * UInt32(i)], n[at + LK_VARIANT_KEYS + 2 * UInt32(i) + 1]) = k ?? absent
            }
            at += UInt32(variantWords)
        }
        return n
    }

    public static func pattern(_ parts: [Part]) -> NodeWords {
        var n = NodeWords(.pattern, variable: parts.count * Int(LK_PART_WORDS))
        n[LK_PATTERN_COUNT] = UInt32(parts.count)
        for (i, p) in parts.enumerated() {
            let at = LK_PATTERN_PARTS + UInt32(i) * LK_PART_WORDS
            switch p {
            case .text(let s): (n[at + LK_PART_KIND], n[at + LK_PART_TEXT_STRING], n[at + LK_PART_TEXT_STRING + 1]) = (LK_PART_TEXT, s.0, s.1)
            case .expression(let e): (n[at + LK_PART_KIND], n[at + LK_PART_NODE], n[at + LK_PART_NODE + 1]) = (LK_PART_EXPRESSION, e, 0)
            case .markup(let e): (n[at + LK_PART_KIND], n[at + LK_PART_NODE], n[at + LK_PART_NODE + 1]) = (LK_PART_MARKUP, e, 0)
            }
        }
        return n
    }

    /// `flags`: the operand's `LK_VALUE_*` | the markup's `LK_MARKUP_*`; `function`: the function's
    /// or markup's identifier (`absent`: none).
    public static func expression(flags: UInt32, operand: StringRef, function: StringRef, options: [Option],
                                  attributes: [Option]) -> NodeWords {
        var n = NodeWords(.expression, variable: (options.count + attributes.count) * Int(LK_OPTION_WORDS))
        n[LK_EXPRESSION_FLAGS] = flags
        (n[LK_EXPRESSION_OPERAND], n[LK_EXPRESSION_OPERAND + 1]) = flags & LK_VALUE_KIND == LK_VALUE_NONE ? absent : operand
        (n[LK_EXPRESSION_FUNCTION], n[LK_EXPRESSION_FUNCTION + 1]) = function
        n[LK_EXPRESSION_OPTIONS] = UInt32(options.count)
        n[LK_EXPRESSION_ATTRIBUTES] = UInt32(attributes.count)
        for (i, o) in (options + attributes).enumerated() {
            let at = LK_EXPRESSION_WORDS + UInt32(i) * LK_OPTION_WORDS
            (n[at + LK_OPTION_NAME], n[at + LK_OPTION_NAME + 1]) = o.name
            n[at + LK_OPTION_FLAGS] = o.flags
            (n[at + LK_OPTION_VALUE], n[at + LK_OPTION_VALUE + 1]) = o.flags & LK_VALUE_KIND == LK_VALUE_NONE ? absent : o.value
        }
        return n
    }

    /// The flags of an operand or option value.
    public static func valueFlags(literal: Bool, quoted: Bool) -> UInt32 {
        literal ? LK_VALUE_LITERAL | (quoted ? LK_VALUE_QUOTED : 0) : LK_VALUE_VARIABLE
    }

    public static func markupFlags(_ kind: MF2.Markup.Kind) -> UInt32 {
        switch kind {
        case .open: LK_MARKUP_OPEN
        case .standalone: LK_MARKUP_STANDALONE
        case .close: LK_MARKUP_CLOSE
        }
    }
}
