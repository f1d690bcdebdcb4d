/// The one error type of the runtime. Its `code` maps one-to-one onto the C ABI's status codes.
public struct LokaleError: Error, Sendable, CustomStringConvertible {
    public enum Code: Int32, Sendable {
        case invalidArgument = -2
        case io = -3
        case corrupt = -4
        case unsupportedVersion = -5
        case notFound = -6
        case bufferTooSmall = -7
        case format = -8
        case outOfMemory = -9
        case state = -10
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
