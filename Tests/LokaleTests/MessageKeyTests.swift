import Lokale
import Testing

/// SPEC §12: a string literal with interpolation is a `Message` whose key is the format Xcode
/// extracts, each value becoming Apple's specifier for its type. Pure: no bundle is opened.
@Suite struct MessageKeyTests {
    static let name = "Sample Set"

    @Test func anInterpolatedLiteralIsAMessageKeyedByItsFormat() {
        let name = Self.name
        let m: Message = "Collection: \(name)"
        #expect(m.key == "Collection: %@")
        #expect(m.defaultValue == nil)
        #expect(m.argumentCount == 1)
        #expect(!m.isVerbatim)
        #expect(m.description == "Collection: %@")
    }

    @Test func severalValuesKeepTheirOrder() {
        let count = 3
        let name = Self.name
        let m: Message = "\(count) items in \(name)"
        #expect(m.key == "%lld items in %@")
        #expect(m.argumentCount == 2)
    }

    @Test func aLiteralWithoutInterpolationIsItsOwnKey() {
        let m: Message = "Welcome"
        #expect(m.key == "Welcome")
        #expect(m.argumentCount == 0)
        #expect(m.table == nil)
        #expect(m.comment == nil)
    }

    /// One interpolation per type, with the specifier Xcode writes for it.
    @Test func eachTypeBecomesApplesSpecifier() {
        #expect(Message("\(Int(-1))").key == "%lld")
        #expect(Message("\(Int64(1))").key == "%lld")
        #expect(Message("\(Int32(1))").key == "%d")
        #expect(Message("\(Int16(1))").key == "%d")
        #expect(Message("\(Int8(1))").key == "%d")
        #expect(Message("\(UInt(1))").key == "%llu")
        #expect(Message("\(UInt64(1))").key == "%llu")
        #expect(Message("\(UInt32(1))").key == "%u")
        #expect(Message("\(UInt16(1))").key == "%u")
        #expect(Message("\(UInt8(1))").key == "%u")
        #expect(Message("\(Double(1.5))").key == "%lf")
        #expect(Message("\(Float(1.5))").key == "%f")
        #expect(Message("\("text")").key == "%@")
        #expect(Message("\(Self.name.prefix(6))").key == "%@")
    }

    /// Any other `CustomStringConvertible` value is text.
    @Test func otherDescribableValuesAreText() {
        struct Version: CustomStringConvertible { var description: String { "2.1" } }
        let m: Message = "Version \(Version())"
        #expect(m.key == "Version %@")
        #expect(m.argumentCount == 1)
        let flag = true
        #expect(Message("Enabled: \(flag)").key == "Enabled: %@")
        let v: Message.Value = "v\(Version())"
        #expect(v.format == "v%@")
        #expect(v.description == "v%@")
        #expect(v.argumentCount == 1)
    }

    @Test func aTypeMixKeepsEachSpecifier() {
        let m: Message = "\(Int32(2)) of \(UInt(5)) at \(Double(0.5)) by \(Float(2)) for \(Self.name)"
        #expect(m.key == "%d of %llu at %lf by %f for %@")
        #expect(m.argumentCount == 5)
    }

    /// SwiftUI's `specifier:`: the caller's specifier goes into the key as written.
    @Test func theSpecifierInterpolationWritesTheGivenSpecifier() {
        let ratio = 0.4567
        let count = 7
        #expect(Message("Ratio: \(ratio, specifier: "%.2f")").key == "Ratio: %.2f")
        #expect(Message("Number \(count, specifier: "%05lld")").key == "Number %05lld")
        #expect(Message("\(Float(1), specifier: "%.1f") and \(-count, specifier: "%lld")").key == "%.1f and %lld")
    }

    /// `%` in the text of an interpolated literal is a literal percent sign in a format: `%%`.
    /// Without interpolation the literal is kept as written (it is not a format).
    @Test func percentSignsInLiterals() {
        let n = 50
        #expect(Message("Progress: \(n)%").key == "Progress: %lld%%")
        #expect(Message("\(n)% of 100%").key == "%lld%% of 100%%")
        #expect(Message("100%").key == "100%")
        #expect(Message("50% off").argumentCount == 0)
    }

    @Test func aStableKeyWithAnInterpolatedDefaultValue() {
        let n = 4
        let m = Message("k", defaultValue: "\(n) items")
        #expect(m.key == "k")
        #expect(m.defaultValue == "%lld items")
        #expect(m.argumentCount == 1)

        let plain = Message("summary.title", defaultValue: "Summary")
        #expect(plain.key == "summary.title")
        #expect(plain.defaultValue == "Summary")
        #expect(plain.argumentCount == 0)
    }

    /// A key known only at run time goes through the initializer as it is: its text is the key,
    /// even when it looks like text a literal would have interpolated.
    @Test func aStringVariableIsADynamicKey() {
        let key = "Collection: Sample Set"
        let m = Message(key)
        #expect(m.key == "Collection: Sample Set")
        #expect(m.key != "Collection: %@")
        #expect(m.argumentCount == 0)
        #expect(!m.isVerbatim)

        let percent = "100% done"
        #expect(Message(percent).key == "100% done")
        let sub: Substring = key.dropFirst(12)
        #expect(Message(sub).key == "Sample Set")

        let n = 2
        let withDefault = Message(key, defaultValue: "\(n) collections", table: "Library")
        #expect(withDefault.key == "Collection: Sample Set")
        #expect(withDefault.defaultValue == "%lld collections")
        #expect(withDefault.table == "Library")
        #expect(withDefault.argumentCount == 1)
    }

    @Test func verbatimIsMarkedAndKeepsItsText() {
        let m = Message(verbatim: "Collection: %@ 100%")
        #expect(m.isVerbatim)
        #expect(m.key == "Collection: %@ 100%")
        #expect(m.defaultValue == nil)
        #expect(m.argumentCount == 0)
        #expect(!Message("Collection: %@ 100%").isVerbatim)
    }

    @Test func commentAndTableAreKept() {
        let count = 1
        let m = Message("summary.item-count", defaultValue: "\(count) items", table: "Summary",
                        comment: "Summary below the item-count control.")
        #expect(m.comment == "Summary below the item-count control.")
        #expect(m.table == "Summary")
        let literal = Message("Collection: \(Self.name)", table: "Library", comment: "A title.")
        #expect(literal.key == "Collection: %@")
        #expect(literal.table == "Library")
        #expect(literal.comment == "A title.")
        #expect(literal.argumentCount == 1)
    }

    /// Two messages are equal when key and values are; a verbatim text differs from a key.
    @Test func equalityFollowsKeyAndValues() {
        let a: Message = "\(3) items"
        let b: Message = "\(3) items"
        let c: Message = "\(4) items"
        #expect(a == b)
        #expect(a != c)
        #expect(a.key == c.key)
        #expect(Message(verbatim: "Welcome") != Message("Welcome"))
    }
}
