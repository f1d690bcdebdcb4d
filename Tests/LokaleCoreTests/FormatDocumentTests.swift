import CTable
import FoundationEssentials
import LokaleCore
import TestSupport
import Testing

/// docs/FORMAT.md against the schema every reader and the writer take their numbers from
/// (lokale_schema.h through TableLayout): the header's fields, the sections and their records,
/// the node kinds and their words, the format segments. A change to either that the other does
/// not follow fails here.
@Suite struct FormatDocumentTests {
    static let document: String = {
        let path = Fixtures.packageRoot + "/docs/FORMAT.md"
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    static func trim<S: StringProtocol>(_ s: S) -> String {
        String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The rows of each Markdown table whose header line starts with `header`, as cells.
    static func tables(_ header: String) -> [[[String]]] {
        var tables: [[[String]]] = []
        var rows: [[String]]? = nil
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            let l = trim(line)
            if l.hasPrefix(header) { rows = []; continue }
            guard rows != nil else { continue }
            if l.hasPrefix("|---") { continue }
            if l.hasPrefix("|") {
                rows!.append(l.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { trim($0) })
            } else {
                tables.append(rows!)
                rows = nil
            }
        }
        if let rows { tables.append(rows) }
        return tables
    }

    /// The rows of the first table whose header line starts with `header`.
    static func rows(after header: String) -> [[String]] { tables(header).first ?? [] }

    @Test func theDocumentIsThere() {
        #expect(!Self.document.isEmpty, "docs/FORMAT.md not found under \(Fixtures.packageRoot)")
        #expect(Self.document.hasPrefix("# The compiled table format (`.lokale`), version \(TableLayout.formatMajor).\(TableLayout.formatMinor)"))
    }

    @Test func headerFields() {
        let rows = Self.rows(after: "| offset | type | field |")
        let offsets = rows.compactMap { Int($0[0]) }
        typealias H = TableLayout.Header
        let schema = [H.magic, H.major, H.minor, H.byteOrder, H.headerSize, H.sectionCount, H.fileSize, H.flags, H.headerCRC, H.payloadCRC]
        // Every field of the schema has its row at its offset, in order; the document adds the reserved bytes.
        #expect(Array(offsets.prefix(schema.count)) == schema)
        func field(_ offset: Int) -> String { rows.first { Int($0[0]) == offset }?[2] ?? "" }
        #expect(field(H.magic).contains("LOKALE\\0\\x1A"))
        #expect(String(decoding: TableLayout.magic, as: UTF8.self) == "LOKALE\0\u{1A}")
        #expect(field(H.major).contains("(\(TableLayout.formatMajor))"))
        #expect(field(H.minor).contains("(\(TableLayout.formatMinor))"))
        #expect(field(H.byteOrder).contains("0x0\(String(TableLayout.byteOrderMark, radix: 16))"))
        #expect(field(H.headerSize).contains("(\(TableLayout.headerSize))"))
        #expect(field(H.sectionCount).contains("at most \(TableLayout.maxSections)"))
        #expect(Self.document.contains("## Header (\(TableLayout.headerSize) bytes)"))
    }

    @Test func sectionEntries() {
        // The second offset/type/field table: one entry of the section table.
        let tables = Self.tables("| offset | type | field |")
        #expect(tables.count >= 2)
        guard tables.count >= 2 else { return }
        typealias E = TableLayout.SectionEntry
        let offsets = tables[1].compactMap { Int($0[0]) }
        #expect(offsets == [E.tag, 4, E.offset, E.bytes])
        #expect(offsets.count * 4 == TableLayout.sectionEntrySize)
        #expect(tables[1][0][2].hasPrefix("tag"))
        #expect(tables[1][2][2].hasPrefix("offset"))
        #expect(tables[1][3][2].hasPrefix("size in bytes"))
    }

    @Test func sectionsAndRecordSizes() {
        let rows = Self.rows(after: "| tag | record | content |")
        var documented: [String: String] = [:]
        for r in rows { documented[r[0].filter { $0 != "`" }] = r[1] }
        #expect(Set(documented.keys) == Set(TableLayout.Section.allCases.map(\.name)))
        for s in TableLayout.Section.allCases {
            let record = documented[s.name] ?? ""
            switch s {
            case .strings: #expect(record == "bytes")
            case .records: #expect(record.contains("4-byte aligned"))
            case .nodes, .formats: #expect(record == "u32 words", "\(s.name)")
            case .slots: #expect(record == "u64" && s.recordSize == 8)
            default: #expect(record.hasPrefix("\(s.recordSize) bytes"), "\(s.name): '\(record)' against \(s.recordSize)")
            }
        }
    }

    /// The words a row lists: `1, string offset, …` in back quotes.
    static func words(_ cell: String) -> [String] {
        guard let open = cell.firstIndex(of: "`"), let close = cell[cell.index(after: open)...].firstIndex(of: "`") else { return [] }
        return cell[cell.index(after: open)..<close].split(separator: ",").map { trim($0) }
    }

    @Test func nodeKindsAndWords() {
        let rows = Self.rows(after: "| kind | words |")
        var byKind: [UInt32: (name: String, words: [String])] = [:]
        for r in rows {
            let parts = r[0].split(separator: " ")
            guard let k = UInt32(parts[0]) else { continue }
            byKind[k] = (String(parts[1]), Self.words(r[1]))
        }
        let schema: [(UInt32, String, UInt32)] = [
            (LK_NODE_TEXT, "text", LK_TEXT_WORDS), (LK_NODE_PLURAL, "plural", LK_PLURAL_WORDS),
            (LK_NODE_DEVICE, "device", LK_DEVICE_WORDS), (LK_NODE_REPLACED, "replaced", LK_REPLACED_WORDS),
        ]
        #expect(byKind.count == 10)
        for (kind, name, count) in schema {
            #expect(byKind[kind]?.name == name)
            #expect(byKind[kind]?.words.count == Int(count), "\(name): \(byKind[kind]?.words ?? [])")
            #expect(byKind[kind]?.words.first == String(kind))
        }
        // The fields the reader names sit where the document lists them.
        #expect(byKind[LK_NODE_TEXT]?.words[Int(LK_TEXT_FORMAT)].hasPrefix("format index") == true)
        #expect(byKind[LK_NODE_PLURAL]?.words[Int(LK_PLURAL_ARGUMENT)].hasPrefix("argument") == true)
        #expect(byKind[LK_NODE_PLURAL]?.words[Int(LK_PLURAL_CHILDREN + LK_CATEGORY_OTHER)] == "other")
        #expect(byKind[LK_NODE_DEVICE]?.words[Int(LK_DEVICE_CHILDREN + LK_DEVICE_OTHER)] == "other")
        #expect(byKind[LK_NODE_REPLACED]?.words[Int(LK_REPLACED_NODE)] == "node")
        // Forms and rules: fixed words, then as many as their count word says.
        #expect(byKind[LK_NODE_FORMS]?.name == "forms" && byKind[LK_NODE_RULE]?.name == "rule")
        #expect(byKind[LK_NODE_FORMS]?.words.prefix(Int(LK_FORMS_WORDS)).map { $0 } == ["\(LK_NODE_FORMS)", "argument (1-based)", "rule node", "form count n"])
        #expect(LK_FORMS_ARGUMENT == 1 && LK_FORMS_RULE == 2 && LK_FORMS_COUNT == 3 && LK_FORMS_CHILDREN == LK_FORMS_WORDS)
        #expect(byKind[LK_NODE_RULE]?.words.prefix(Int(LK_RULE_WORDS)).map { $0 } == ["\(LK_NODE_RULE)", "instruction count n", "result count s"])
        #expect(LK_RULE_LENGTH == 1 && LK_RULE_SMALL == 2 && LK_RULE_CODE == LK_RULE_WORDS)
        #expect(Self.document.contains("s up to \(LK_SMALL_COUNTS)"))
        // MessageFormat 2: fixed words, then items of the sizes the schema gives.
        #expect(byKind[LK_NODE_MF2]?.name == "mf2" && byKind[LK_NODE_PATTERN]?.name == "pattern" && byKind[LK_NODE_EXPRESSION]?.name == "expression")
        #expect(byKind[LK_NODE_MF2]?.words.prefix(Int(LK_MF2_WORDS)).map { $0 } == ["\(LK_NODE_MF2)", "declaration count d (+ flags)", "selector count s", "variant count v"])
        #expect(Self.document.contains("0x" + String(LK_MF2_FLAG_ICU, radix: 16, uppercase: true) + " (`LK_MF2_FLAG_ICU`)") && LK_MF2_COUNT_MASK == 0xFFFF)
        #expect(LK_DECLARATION_WORDS == 4 && LK_SELECTOR_WORDS == 2 && LK_VARIANT_WORDS == 1 && LK_PART_WORDS == 3 && LK_OPTION_WORDS == 5)
        #expect(byKind[LK_NODE_PATTERN]?.words.prefix(Int(LK_PATTERN_WORDS)).map { $0 } == ["\(LK_NODE_PATTERN)", "part count n"])
        #expect(byKind[LK_NODE_EXPRESSION]?.words.prefix(Int(LK_EXPRESSION_WORDS)).map { $0 } == [
            "\(LK_NODE_EXPRESSION)", "flags", "operand offset", "operand length", "function offset", "function length", "option count o", "attribute count a",
        ])
        #expect(Self.document.contains("256 declarations, \(LK_LIMIT_MF2_SELECTORS) selectors, \(LK_LIMIT_MF2_VARIANTS) variants"))
        // A message: kind, body, count, then count × substitutions of LK_SUBSTITUTION_WORDS.
        let message = byKind[LK_NODE_MESSAGE]
        #expect(message?.name == "message")
        let cell = rows.first { $0[0].hasPrefix("\(LK_NODE_MESSAGE) ") }?[1] ?? ""
        #expect(message?.words.prefix(Int(LK_MESSAGE_WORDS)).map { $0 } == ["\(LK_NODE_MESSAGE)", "body node", "substitution count n"])
        let inner = cell.split(separator: "(").last?.split(separator: ")").first.map { $0.split(separator: ",") } ?? []
        #expect(inner.count == Int(LK_SUBSTITUTION_WORDS))
        #expect(inner.last.map { Self.trim($0) } == "node" && LK_SUBSTITUTION_NODE == LK_SUBSTITUTION_WORDS - 1)
    }

    @Test func ruleOperations() {
        let rows = Self.rows(after: "| operation | effect |")
        var names: [UInt32: String] = [:]
        for r in rows {
            let parts = r[0].split(separator: " ", maxSplits: 1)
            let range = parts[0].split(separator: "–").compactMap { UInt32($0) }
            let labels = parts.count > 1 ? parts[1].split(separator: ",").map { Self.trim($0) } : []
            guard let first = range.first else { continue }
            for (i, code) in (first...(range.last ?? first)).enumerated() where i < labels.count { names[code] = labels[i] }
        }
        let schema: [(UInt32, String)] = [
            (LK_OP_N, "n"), (LK_OP_PUSH, "push"), (LK_OP_PUSH64, "push64"), (LK_OP_NOT, "not"), (LK_OP_BOOL, "bool"),
            (LK_OP_MULTIPLY, "multiply"), (LK_OP_DIVIDE, "divide"), (LK_OP_REMAINDER, "remainder"), (LK_OP_ADD, "add"),
            (LK_OP_SUBTRACT, "subtract"), (LK_OP_LESS, "less"), (LK_OP_LESS_EQUAL, "less-equal"), (LK_OP_GREATER, "greater"),
            (LK_OP_GREATER_EQUAL, "greater-equal"), (LK_OP_EQUAL, "equal"), (LK_OP_NOT_EQUAL, "not-equal"),
            (LK_OP_JUMP_IF_ZERO, "jump-if-zero"), (LK_OP_JUMP, "jump"),
        ]
        #expect(names.count == schema.count)
        for (code, name) in schema { #expect(names[code] == name, "operation \(code)") }
        #expect(Self.document.contains("at most \(LK_RULE_STACK) at once") && Self.document.contains("at most \(LK_LIMIT_RULE_WORDS) words"))
        #expect(Self.document.contains("its low \(LK_OP_OPERAND_SHIFT) bits"))
    }

    @Test func formatSegmentWords() {
        #expect(Self.document.contains("segments of \(LK_SEGMENT_WORDS) words"))
        let rows = Self.rows(after: "| word | meaning |")
        var words: [Int: String] = [:]
        for r in rows { for w in r[0].split(separator: ",") { if let i = Int(Self.trim(w)) { words[i] = r[1] } } }
        #expect(words.keys.sorted() == Array(0..<Int(LK_SEGMENT_WORDS)))
        #expect(words[Int(LK_SEGMENT_KIND)]?.hasPrefix("kind: \(LK_SEGMENT_LITERAL) literal, \(LK_SEGMENT_SPECIFIER) specifier, \(LK_SEGMENT_SUBSTITUTION) substitution") == true)
        #expect(words[Int(LK_SEGMENT_ARGUMENT)]?.hasPrefix("argument") == true)
        #expect(words[Int(LK_SEGMENT_WIDTH)]?.contains("0x\(String(LK_AMOUNT_FROM_ARGUMENT, radix: 16))") == true)
        #expect(words[Int(LK_SEGMENT_CONVERSION)]?.hasPrefix("conversion") == true)
        #expect(words[Int(LK_SEGMENT_FLAGS)]?.contains("\(LK_FLAG_JAVA) Java, \(LK_FLAG_UPPERCASE) upper case, \(LK_FLAG_PARENTHESES) `(`") == true)
        #expect(Self.document.contains("conversion `\(Character(Unicode.Scalar(UInt8(LK_CONVERSION_LINE_SEPARATOR))))`: it writes"))
    }

    @Test func noneAndCRC() {
        #expect(Self.document.contains("`NONE` is `0x\(String(LK_NONE, radix: 16).uppercased())`"))
        #expect(LK_CRC32_POLYNOMIAL == 0xEDB8_8320) // IEEE 802.3, as the document's "CRC-32" means
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32.checksum($0) } == 0xCBF4_3926)
        // Short inputs go a bit at a time, long ones through the tables: the same CRC, in one call
        // or in pieces of every size on either side of the switch.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<5_000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let whole = bytes.withUnsafeBytes { CRC32.checksum($0) }
        for piece in [1, 7, CRC32.tableless - 1, CRC32.tableless, CRC32.tableless + 1, 4_999] {
            var crc: UInt32 = 0
            var at = 0
            while at < bytes.count {
                let end = min(at + piece, bytes.count)
                crc = bytes[at..<end].withUnsafeBytes { CRC32.update(crc, $0) }
                at = end
            }
            #expect(crc == whole, "pieces of \(piece)")
        }
    }
}
