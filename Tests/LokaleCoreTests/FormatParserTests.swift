import CTable
@testable import LokaleCore
import Testing

@Suite struct FormatParserTests {
    @Test func positionalAndSequential() {
        let p = FormatParser.parse("%1$@ has %2$lld items")
        #expect(p.problems.isEmpty)
        #expect(p.signature == [1: .object, 2: .integer])
        let mixed = FormatParser.parse("%@ and %2$d")
        #expect(mixed.mixesNumbering && mixed.problems.isEmpty) // Apple formats it; gettext's C rules do not
    }

    @Test func rejectsPercentN() {
        let p = FormatParser.parse("bad %n here")
        #expect(p.problems.contains { $0.contains("%n") })
        #expect(p.signature.isEmpty)
    }

    @Test func formatsWithTypedArguments() {
        var out = FormatOutput()
        Formatter.render(format: "%2$@: %1$05.1f%% [%3$-4d] %4$x", arguments: [.double(3.14159), .string("pi"), .int(7), .int(255)], into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "pi: 003.1% [7   ] ff")
        #expect(out.problems.isEmpty)
    }

    @Test func missingArgumentsStayVisible() {
        var out = FormatOutput()
        Formatter.render(format: "%@ and %d", arguments: [.string("one")], into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "one and %d")
        #expect(out.problems.count == 1)
    }
}

/// Node children are laid out in `allCases` order; the renderer's indices must agree with it.
@Test func variantIndicesFollowAllCases() {
    #expect(PluralCategory.allCases.map(\.rawIndex) == Array(PluralCategory.allCases.indices))
    #expect(DeviceClass.allCases.map(\.rawIndex) == Array(DeviceClass.allCases.indices))
    // The C renderer declines h and hh by their codes in lokale_schema.h.
    #expect(UInt32(FormatSegment.LengthModifier.h.rawValue) == LK_MODIFIER_H)
    #expect(UInt32(FormatSegment.LengthModifier.hh.rawValue) == LK_MODIFIER_HH)
    #expect(UInt32(FormatSegment.LengthModifier.none.rawValue) == LK_MODIFIER_NONE)
}
