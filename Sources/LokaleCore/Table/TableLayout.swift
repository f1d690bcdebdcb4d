internal import CTable

/// The constants of the compiled table format (`docs/FORMAT.md`). The writer (LokaleCatalog) and the
/// reader (`CompiledTable`) both take their numbers from here; the words the C fast path also reads
/// (node kinds, record flags, segments) come from its schema header, `lokale_schema.h`.
public enum TableLayout {
    public static let magic: [UInt8] = [0x4C, 0x4F, 0x4B, 0x41, 0x4C, 0x45, 0x00, 0x1A] // "LOKALE\0\x1A"
    public static let formatMajor: UInt16 = 2
    public static let formatMinor: UInt16 = 0
    /// Written as a little-endian u32; a reader that sees it byte-swapped knows the file's byte order.
    public static let byteOrderMark: UInt32 = 0x0102_0304
    public static let headerSize = 64
    public static let sectionEntrySize = 16
    public static let maxSections = 32
    public static let none: UInt32 = LK_NONE

    /// Header field offsets.
    public enum Header {
        public static let magic = 0, major = 8, minor = 10, byteOrder = 12, headerSize = 16
        public static let sectionCount = 20, fileSize = 24, flags = 28, headerCRC = 32, payloadCRC = 36
    }

    public enum Section: UInt32, CaseIterable, Sendable {
        case strings = 0x5354_5253 // "STRS" bytes, NUL-terminated strings
        case bundle = 0x424E_444C // "BNDL" one BundleRecord
        case localizations = 0x4C4F_4353 // "LOCS" LocalizationRecord[]
        case tables = 0x5442_4C53 // "TBLS" TableRecord[]
        case instances = 0x494E_5354 // "INST" InstanceRecord[]: (localization, table) pairs present
        case records = 0x5245_4353 // "RECS" message records: header words, key, NUL, value, NUL, padding
        case slots = 0x534C_4F54 // "SLOT" u64[]: open-addressing hash slots (key hash, record reference)
        case nodes = 0x4E4F_4445 // "NODE" u32[]: message trees (variants, substitutions, text)
        case formats = 0x464D_5453 // "FMTS" u32[]: precompiled format segments

        /// Size of one record, or 1 for byte sections and 4 for word sections.
        public var recordSize: Int {
            switch self {
            case .strings: 1
            case .bundle: 32
            case .localizations: 12
            case .tables: 8
            case .instances: 24
            case .slots: 8
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
            }
        }

        public var name: String {
            let v = rawValue
            return String(decoding: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)], as: UTF8.self)
        }
    }

    public enum BundleFlag { public static let allowMixedLocalizations: UInt32 = 1 }
    /// A message record's first word: the key length, and whether a node word follows the value
    /// length (messages shown as is have none, so that most records carry two header words).
    public enum Record {
        public static let hasNode: UInt32 = LK_RECORD_HAS_NODE
        public static let lengthMask: UInt32 = LK_RECORD_LENGTH_MASK
    }
    public enum LocalizationFlag { public static let base: UInt32 = 1 }

    /// Node kinds in the NODE section.
    /// Node kinds in the NODE section (their words: `lokale_schema.h`).
    public struct NodeKind: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let text = NodeKind(rawValue: LK_NODE_TEXT)
        public static let plural = NodeKind(rawValue: LK_NODE_PLURAL)
        public static let device = NodeKind(rawValue: LK_NODE_DEVICE)
        public static let message = NodeKind(rawValue: LK_NODE_MESSAGE)
        public static let replaced = NodeKind(rawValue: LK_NODE_REPLACED)
    }
    public enum PluralFlag { public static let ordinal: UInt32 = LK_PLURAL_FLAG_ORDINAL }
    public static let substitutionWords = Int(LK_SUBSTITUTION_WORDS)
    public static let segmentWords = Int(LK_SEGMENT_WORDS)
}

extension TableLayout {
    /// CRC-32 of the header and section table, with the checksum field itself read as zero.
    public static func headerChecksum(_ headerAndSections: UnsafeRawBufferPointer) -> UInt32 {
        let at = Header.headerCRC
        var crc = CRC32.update(0, UnsafeRawBufferPointer(rebasing: headerAndSections[0..<at]))
        crc = [UInt8](repeating: 0, count: 4).withUnsafeBytes { CRC32.update(crc, $0) }
        return CRC32.update(crc, UnsafeRawBufferPointer(rebasing: headerAndSections[(at + 4)...]))
    }
}
