internal import LokaleCore

extension Message {
    /// Text with interpolated values kept apart from it until localization, as Apple's
    /// `String.LocalizationValue`: `"\(count) items in \(name)"` is the format `%lld items in %@`
    /// and the two values, so that the format is the key a catalog has and each value is written
    /// the way the chosen language writes it.
    ///
    /// Each value becomes the specifier Xcode writes for its type: `Int`, `Int64` → `%lld`;
    /// `Int8`, `Int16`, `Int32` → `%d`; `UInt`, `UInt64` → `%llu`; `UInt8`, `UInt16`, `UInt32` →
    /// `%u`; `Double` → `%lf`; `Float` → `%f`; `String`, `Substring` and any other
    /// `CustomStringConvertible` → `%@`. A `%` in the literal text of an interpolated value
    /// becomes `%%`; a literal without interpolation is kept as written.
    public struct Value: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
        /// The format: the literal text, with a specifier where each value goes.
        public let format: String
        let arguments: [FormatArgument]
        /// Whether the format has specifiers to fill (an interpolated literal), so that the
        /// text must be formatted rather than shown as found.
        let isFormat: Bool

        public init(stringLiteral value: String) {
            format = value
            arguments = []
            isFormat = false
        }

        public init(stringInterpolation: StringInterpolation) {
            format = stringInterpolation.format
            arguments = stringInterpolation.arguments
            isFormat = true
        }

        /// The format string (the key Xcode would extract).
        public var description: String { format }

        /// How many values the text carries.
        public var argumentCount: Int { arguments.count }

        /// Builds the format and its values; see `Value` for the specifier of each type.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var format = ""
            var arguments: [FormatArgument] = []

            public init(literalCapacity: Int, interpolationCount: Int) {
                format.reserveCapacity(literalCapacity + 4 * interpolationCount)
                arguments.reserveCapacity(interpolationCount)
            }

            public mutating func appendLiteral(_ literal: String) {
                guard literal.utf8.contains(UInt8(ascii: "%")) else { return format += literal }
                for c in literal.unicodeScalars {
                    if c == "%" { format += "%%" } else { format.unicodeScalars.append(c) }
                }
            }

            mutating func append(_ specifier: String, _ value: FormatArgument) {
                format += specifier
                arguments.append(value)
            }

            public mutating func appendInterpolation(_ value: Int) { append("%lld", .int(Int64(value))) }
            public mutating func appendInterpolation(_ value: Int64) { append("%lld", .int(value)) }
            public mutating func appendInterpolation(_ value: Int32) { append("%d", .int(Int64(value))) }
            public mutating func appendInterpolation(_ value: Int16) { append("%d", .int(Int64(value))) }
            public mutating func appendInterpolation(_ value: Int8) { append("%d", .int(Int64(value))) }
            public mutating func appendInterpolation(_ value: UInt) { append("%llu", .uint(UInt64(value))) }
            public mutating func appendInterpolation(_ value: UInt64) { append("%llu", .uint(value)) }
            public mutating func appendInterpolation(_ value: UInt32) { append("%u", .uint(UInt64(value))) }
            public mutating func appendInterpolation(_ value: UInt16) { append("%u", .uint(UInt64(value))) }
            public mutating func appendInterpolation(_ value: UInt8) { append("%u", .uint(UInt64(value))) }
            public mutating func appendInterpolation(_ value: Double) { append("%lf", .double(value)) }
            public mutating func appendInterpolation(_ value: Float) { append("%f", .double(Double(value))) }
            public mutating func appendInterpolation(_ value: String) { append("%@", .string(value)) }
            public mutating func appendInterpolation(_ value: Substring) { append("%@", .string(String(value))) }

            /// Any other value is text (`%@`), written as `String(describing:)` writes it.
            @_disfavoredOverload
            public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
                append("%@", .string(value.description))
            }

            /// An integer with the caller's specifier (SwiftUI's `specifier:`), e.g. `"%05lld"`.
            public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
                if value < 0 { append(specifier, .int(Int64(clamping: value))) } else { append(specifier, .uint(UInt64(clamping: value))) }
            }

            /// A number with the caller's specifier (SwiftUI's `specifier:`), e.g. `"%.2f"`.
            public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
                append(specifier, .double(Double(value)))
            }
        }
    }
}
