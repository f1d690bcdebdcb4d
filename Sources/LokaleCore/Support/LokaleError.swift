internal import LokaleABIHeader

/// The one error type of the runtime. Its `code` is a status of the C ABI (lokale.h's
/// `lokale_status`), so that the ABI hands it on as it is.
public struct LokaleError: Error, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let invalidArgument = Code(rawValue: LOKALE_EINVAL.rawValue)
        public static let io = Code(rawValue: LOKALE_EIO.rawValue)
        public static let corrupt = Code(rawValue: LOKALE_ECORRUPT.rawValue)
        public static let unsupportedVersion = Code(rawValue: LOKALE_EVERSION.rawValue)
        public static let notFound = Code(rawValue: LOKALE_ENOTFOUND.rawValue)
        public static let bufferTooSmall = Code(rawValue: LOKALE_ETRUNCATED.rawValue)
        public static let format = Code(rawValue: LOKALE_EFORMAT.rawValue)
        public static let outOfMemory = Code(rawValue: LOKALE_ENOMEM.rawValue)
        public static let state = Code(rawValue: LOKALE_ESTATE.rawValue)
        public static let range = Code(rawValue: LOKALE_ERANGE.rawValue)
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
