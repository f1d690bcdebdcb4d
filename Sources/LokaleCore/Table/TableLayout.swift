internal import CTable

/// The compiled table format (`docs/FORMAT.md`) as Swift reads it: every number comes from the
/// schema header, `lokale_schema.h`, which the C fast paths and the node reader read too, so the
/// writer (LokaleCatalog) and every reader agree by construction.
public enum TableLayout {
    /// "LOKALE\0\x1A".
    public static let magic: [UInt8] = withUnsafeBytes(of: UInt64(LK_MAGIC).littleEndian) { Array($0) }
    public static let formatMajor = UInt16(LK_FORMAT_MAJOR)
    public static let formatMinor = UInt16(LK_FORMAT_MINOR)
    /// Written as a little-endian u32; a reader that sees it byte-swapped knows the file's byte order.
    public static let byteOrderMark: UInt32 = LK_BYTE_ORDER_MARK
    public static let headerSize = Int(LK_HEADER_SIZE)
    public static let sectionEntrySize = Int(LK_SECTION_ENTRY_SIZE)
    public static let maxSections = Int(LK_MAX_SECTIONS)
    public static let none: UInt32 = LK_NONE

    /// Byte offsets of the header's fields.
    public enum Header {
        public static let magic = Int(LK_HEADER_MAGIC), major = Int(LK_HEADER_MAJOR), minor = Int(LK_HEADER_MINOR)
        public static let byteOrder = Int(LK_HEADER_BYTE_ORDER), headerSize = Int(LK_HEADER_HEADER_SIZE)
        public static let sectionCount = Int(LK_HEADER_SECTION_COUNT), fileSize = Int(LK_HEADER_FILE_SIZE)
        public static let flags = Int(LK_HEADER_FLAGS), headerCRC = Int(LK_HEADER_HEADER_CRC), payloadCRC = Int(LK_HEADER_PAYLOAD_CRC)
    }

    /// Byte offsets of a section table entry's fields.
    public enum SectionEntry {
        public static let tag = Int(LK_SECTION_ENTRY_TAG), offset = Int(LK_SECTION_ENTRY_OFFSET), bytes = Int(LK_SECTION_ENTRY_BYTES)
    }

    public enum Section: CaseIterable, Sendable, RawRepresentable {
        case strings, bundle, localizations, tables, instances, records, slots, nodes, formats, localeData

        /// The tag: four ASCII letters, stored as their big-endian reading.
        public var rawValue: UInt32 {
            switch self {
            case .strings: LK_SECTION_STRINGS
            case .bundle: LK_SECTION_BUNDLE
            case .localizations: LK_SECTION_LOCALIZATIONS
            case .tables: LK_SECTION_TABLES
            case .instances: LK_SECTION_INSTANCES
            case .records: LK_SECTION_RECORDS
            case .slots: LK_SECTION_SLOTS
            case .nodes: LK_SECTION_NODES
            case .formats: LK_SECTION_FORMATS
            case .localeData: LK_SECTION_LOCALE_DATA
            }
        }

        public init?(rawValue: UInt32) {
            guard let s = Section.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = s
        }

        /// Size of one record, or 1 for byte sections and 4 for word sections.
        public var recordSize: Int {
            switch self {
            case .strings: 1
            case .bundle: Int(LK_BUNDLE_RECORD_SIZE)
            case .localizations: Int(LK_LOCALIZATION_RECORD_SIZE)
            case .tables: Int(LK_TABLE_RECORD_SIZE)
            case .instances: Int(LK_INSTANCE_RECORD_SIZE)
            case .slots: Int(LK_SLOT_SIZE)
            case .localeData: Int(LK_LOCALE_RECORD_SIZE)
            case .records, .nodes, .formats: 4
            }
        }

        /// The place of the section in `allCases`.
        public var position: Int {
            switch self {
            case .strings: 0
            case .bundle: 1
            case .localizations: 2
            case .tables: 3
            case .instances: 4
            case .records: 5
            case .slots: 6
            case .nodes: 7
            case .formats: 8
            case .localeData: 9
            }
        }

        /// Whether a table may lack it: sections added by a minor version (older tables lack them).
        public var isOptional: Bool { self == .localeData }

        public var name: String {
            let v = rawValue
            return String(decoding: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)], as: UTF8.self)
        }
    }

    /// Byte offsets of the fields of the BNDL, LOCS, TBLS and INST records.
    public enum BundleRecord {
        public static let identifier = Int(LK_BUNDLE_IDENTIFIER), development = Int(LK_BUNDLE_DEVELOPMENT), flags = Int(LK_BUNDLE_FLAGS)
        public static let allowsMixedLocalizations: UInt32 = LK_BUNDLE_FLAG_MIXED_LOCALIZATIONS
    }
    public enum LocalizationRecord {
        public static let name = Int(LK_LOCALIZATION_NAME), flags = Int(LK_LOCALIZATION_FLAGS)
        public static let base: UInt32 = LK_LOCALIZATION_FLAG_BASE
    }
    public enum TableRecord { public static let name = Int(LK_TABLE_NAME) }
    /// Byte offsets of a LOCD record's fields (string refs take two words).
    public enum LocaleRecord {
        public static let flags = Int(LK_LOCALE_FLAGS), cardinal = Int(LK_LOCALE_CARDINAL), ordinal = Int(LK_LOCALE_ORDINAL)
        public static let icuID = Int(LK_LOCALE_ICU_ID), normal = Int(LK_LOCALE_NORMAL), maximized = Int(LK_LOCALE_MAXIMIZED)
        public static let chain = Int(LK_LOCALE_CHAIN), decimal = Int(LK_LOCALE_DECIMAL), grouping = Int(LK_LOCALE_GROUPING)
        public static let zero = Int(LK_LOCALE_ZERO), groupSizes = Int(LK_LOCALE_GROUP_SIZES), caseLocale = Int(LK_LOCALE_CASE_LOCALE)
        public static let isLocale: UInt32 = LK_LOCALE_FLAG_LOCALE, localized: UInt32 = LK_LOCALE_FLAG_LOCALIZED
        public static let canonical: UInt32 = LK_LOCALE_FLAG_CANONICAL
    }
    public enum InstanceRecord {
        public static let localization = Int(LK_INSTANCE_LOCALIZATION), table = Int(LK_INSTANCE_TABLE)
        public static let keyCount = Int(LK_INSTANCE_KEY_COUNT), recordStart = Int(LK_INSTANCE_RECORD_START)
        public static let slotStart = Int(LK_INSTANCE_SLOT_START), slotCount = Int(LK_INSTANCE_SLOT_COUNT)
    }
    /// A message record's first word: the key length, and whether a node word follows the value
    /// length (messages shown as is have none, so that most records carry two header words).
    public enum Record {
        public static let hasNode: UInt32 = LK_RECORD_HAS_NODE
        public static let lengthMask: UInt32 = LK_RECORD_LENGTH_MASK
    }

    /// Node kinds in the NODE section; their words are named in `lokale_schema.h`, read by
    /// `lokale_node.h` and written by `NodeWords`.
    public struct NodeKind: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let text = NodeKind(rawValue: LK_NODE_TEXT)
        public static let plural = NodeKind(rawValue: LK_NODE_PLURAL)
        public static let device = NodeKind(rawValue: LK_NODE_DEVICE)
        public static let message = NodeKind(rawValue: LK_NODE_MESSAGE)
        public static let replaced = NodeKind(rawValue: LK_NODE_REPLACED)
        public static let forms = NodeKind(rawValue: LK_NODE_FORMS)
        public static let rule = NodeKind(rawValue: LK_NODE_RULE)
        public static let mf2 = NodeKind(rawValue: LK_NODE_MF2)
        public static let pattern = NodeKind(rawValue: LK_NODE_PATTERN)
        public static let expression = NodeKind(rawValue: LK_NODE_EXPRESSION)
    }
    /// A rule node's instructions (`LK_OP_*`): the operation in the low byte of a word, an operand
    /// above it.
    public struct RuleOperation: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let n = Self(rawValue: LK_OP_N), push = Self(rawValue: LK_OP_PUSH), push64 = Self(rawValue: LK_OP_PUSH64)
        public static let not = Self(rawValue: LK_OP_NOT), bool = Self(rawValue: LK_OP_BOOL)
        public static let multiply = Self(rawValue: LK_OP_MULTIPLY), divide = Self(rawValue: LK_OP_DIVIDE)
        public static let remainder = Self(rawValue: LK_OP_REMAINDER), add = Self(rawValue: LK_OP_ADD)
        public static let subtract = Self(rawValue: LK_OP_SUBTRACT), less = Self(rawValue: LK_OP_LESS)
        public static let lessEqual = Self(rawValue: LK_OP_LESS_EQUAL), greater = Self(rawValue: LK_OP_GREATER)
        public static let greaterEqual = Self(rawValue: LK_OP_GREATER_EQUAL), equal = Self(rawValue: LK_OP_EQUAL)
        public static let notEqual = Self(rawValue: LK_OP_NOT_EQUAL)
        public static let jumpIfZero = Self(rawValue: LK_OP_JUMP_IF_ZERO), jump = Self(rawValue: LK_OP_JUMP)
        /// The largest operand a word carries.
        public static let maxOperand = UInt32.max >> LK_OP_OPERAND_SHIFT
        /// The instruction word with `operand`.
        public func word(_ operand: UInt32 = 0) -> UInt32 { rawValue | operand << LK_OP_OPERAND_SHIFT }
    }
    public static let ruleStack = Int(LK_RULE_STACK)
    public static let maxRuleWords = Int(LK_LIMIT_RULE_WORDS)
    public static let maxForms = Int(LK_LIMIT_FORMS)
    public static let segmentWords = Int(LK_SEGMENT_WORDS)

    /// A fixed-size record's words (a section entry, a BNDL, LOCS, TBLS or INST record): each value
    /// at its field's byte offset, the rest zero. A string reference is two fields: the offset at
    /// the field, the length 4 bytes after.
    public static func record(size: Int, _ fields: KeyValuePairs<Int, UInt32>) -> [UInt32] {
        var words = [UInt32](repeating: 0, count: size / 4)
        for (offset, value) in fields { words[offset / 4] = value }
        return words
    }
}

/// One node's words, filled by the names of `lokale_schema.h`: the writer's side of the node
/// reader (`lokale_node.h`).
public struct NodeWords {
    public private(set) var words: [UInt32]

    /// `variable`: a message's substitutions, a forms node's forms, a rule's instruction words.
    public init(_ kind: TableLayout.NodeKind, variable: Int = 0) {
        let count: UInt32 = switch kind {
        case .text: LK_TEXT_WORDS
        case .plural: LK_PLURAL_WORDS
        case .device: LK_DEVICE_WORDS
        case .message: LK_MESSAGE_WORDS + UInt32(variable) * LK_SUBSTITUTION_WORDS
        case .forms: LK_FORMS_WORDS + UInt32(variable)
        case .rule: LK_RULE_WORDS + UInt32(variable)  // the code and the results, in words
        // MF2 nodes: `variable` is the words after the fixed ones.
        case .mf2: LK_MF2_WORDS + UInt32(variable)
        case .pattern: LK_PATTERN_WORDS + UInt32(variable)
        case .expression: LK_EXPRESSION_WORDS + UInt32(variable)
        default: LK_REPLACED_WORDS
        }
        words = [UInt32](repeating: LK_NONE, count: Int(count))
        words[Int(LK_NODE_KIND)] = kind.rawValue
    }

    public subscript(_ field: UInt32) -> UInt32 {
        get { words[Int(field)] }
        set { words[Int(field)] = newValue }
    }

    public static func text(string: (UInt32, UInt32), format: UInt32) -> NodeWords {
        var n = NodeWords(.text)
        (n[LK_TEXT_STRING], n[LK_TEXT_LENGTH], n[LK_TEXT_FORMAT]) = (string.0, string.1, format)
        return n
    }

    /// `children`: one node (or `none`) per plural category, in CLDR's order.
    public static func plural(argument: Int, ordinal: Bool, children: [UInt32]) -> NodeWords {
        var n = NodeWords(.plural)
        n[LK_PLURAL_ARGUMENT] = UInt32(argument)
        n[LK_PLURAL_FLAGS] = ordinal ? LK_PLURAL_FLAG_ORDINAL : 0
        for (i, c) in children.prefix(Int(LK_CATEGORY_COUNT)).enumerated() { n[LK_PLURAL_CHILDREN + UInt32(i)] = c }
        return n
    }

    /// `children`: one node (or `none`) per device class, in `lokale_device` order.
    public static func device(children: [UInt32]) -> NodeWords {
        var n = NodeWords(.device)
        for (i, c) in children.prefix(Int(LK_DEVICE_COUNT)).enumerated() { n[LK_DEVICE_CHILDREN + UInt32(i)] = c }
        return n
    }

    /// `children`: one node per gettext plural form (msgstr[0], msgstr[1], …); `rule`: the word
    /// position of the rule node that chooses among them.
    public static func forms(argument: Int, rule: UInt32, children: [UInt32]) -> NodeWords {
        var n = NodeWords(.forms, variable: children.count)
        n[LK_FORMS_ARGUMENT] = UInt32(argument)
        n[LK_FORMS_RULE] = rule
        n[LK_FORMS_COUNT] = UInt32(children.count)
        for (i, c) in children.enumerated() { n[LK_FORMS_CHILDREN + UInt32(i)] = c }
        return n
    }

    /// `code`: the rule's instruction words (`LK_OP_*`); `results`: what the code gives counts
    /// 0, 1, … (at most `smallCounts`; 255 stands for any result above 254).
    public static func rule(code: [UInt32], results: [UInt8] = []) -> NodeWords {
        let small = results.prefix(Int(LK_SMALL_COUNTS))
        var n = NodeWords(.rule, variable: code.count + (small.count + 3) / 4)
        n[LK_RULE_LENGTH] = UInt32(code.count)
        n[LK_RULE_SMALL] = UInt32(small.count)
        for (i, w) in code.enumerated() { n[LK_RULE_CODE + UInt32(i)] = w }
        for (i, r) in small.enumerated() {
            n[LK_RULE_CODE + UInt32(code.count + i / 4)] &= ~(0xFF << UInt32(i % 4 * 8))
            n[LK_RULE_CODE + UInt32(code.count + i / 4)] |= UInt32(r) << UInt32(i % 4 * 8)
        }
        return n
    }

    public static func replaced(reason: (UInt32, UInt32), node: UInt32) -> NodeWords {
        var n = NodeWords(.replaced)
        (n[LK_REPLACED_REASON], n[LK_REPLACED_REASON_LENGTH], n[LK_REPLACED_NODE]) = (reason.0, reason.1, node)
        return n
    }

    public struct Substitution {
        public var name: (UInt32, UInt32), argument: Int, specifier: (UInt32, UInt32), node: UInt32
        public init(name: (UInt32, UInt32), argument: Int, specifier: (UInt32, UInt32), node: UInt32) {
            (self.name, self.argument, self.specifier, self.node) = (name, argument, specifier, node)
        }
    }

    public static func message(body: UInt32, substitutions: [Substitution]) -> NodeWords {
        var n = NodeWords(.message, variable: substitutions.count)
        n[LK_MESSAGE_BODY] = body
        n[LK_MESSAGE_COUNT] = UInt32(substitutions.count)
        for (i, s) in substitutions.enumerated() {
            let at = LK_MESSAGE_SUBSTITUTIONS + UInt32(i) * LK_SUBSTITUTION_WORDS
            (n[at + LK_SUBSTITUTION_NAME], n[at + LK_SUBSTITUTION_NAME_LENGTH]) = s.name
            n[at + LK_SUBSTITUTION_ARGUMENT] = UInt32(s.argument)
            (n[at + LK_SUBSTITUTION_SPECIFIER], n[at + LK_SUBSTITUTION_SPECIFIER_LENGTH]) = s.specifier
            n[at + LK_SUBSTITUTION_NODE] = s.node
        }
        return n
    }
}

extension TableLayout {
    /// CRC-32 of the header and section table, with the checksum field itself read as zero.
    public static func headerChecksum(_ headerAndSections: UnsafeRawBufferPointer) -> UInt32 {
        lk_header_checksum(headerAndSections.baseAddress?.assumingMemoryBound(to: UInt8.self), headerAndSections.count)
    }
}
