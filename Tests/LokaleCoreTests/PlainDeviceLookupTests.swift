import LokaleCore
import Testing

/// A plain lookup (`string`, `lookup`) of a message that varies by device answers
/// the runtime's device's variant, then `other`, as `format` does; on both paths (the plan under
/// Apple's policy, `resolve` under the chain policy). The expected texts are `format`'s answers for
/// the same message and device, so the two can never drift apart.
@Suite struct PlainDeviceLookupTests {
    static let catalogs: [String: StringCatalog] = {
        var c = StringCatalog()
        // No `other`: the writer stores the mac text as the value.
        c.add("tap.noother", [("en", .device([("iphone", .text("Tap")), ("mac", .text("Click"))]))])
        c.add("tap.other", [("en", .device([("iphone", .text("Tap")), ("ipad", .text("Tap (iPad)")), ("other", .text("Select"))]))])
        // A device variant that is a plural: a plain lookup gives its `other` text as stored.
        c.add("tap.items", [("en", .device([
            ("iphone", .plural([("one", .text("Tap %lld item")), ("other", .text("Tap %lld items"))])),
            ("mac", .text("Click %lld items")),
        ]))])
        c.add("plain", [("en", .text("Just text"))])
        c.add("count", [("en", .plural([("one", .text("%lld file")), ("other", .text("%lld files"))]))])
        return ["Localizable": c]
    }()

    static let table = Result { try CompiledCatalogs.table(catalogs) }

    static func bundle(_ device: DeviceClass, policy: FallbackPolicy) throws -> Bundle {
        let runtime = Runtime(preferredLanguages: ["en"])
        runtime.deviceClass = device
        runtime.fallbackPolicy = policy
        return try runtime.adopt(table.get(), main: true)
    }

    @Test(arguments: [FallbackPolicy.apple, .chain])
    func plainLookupFollowsTheDeviceLikeFormat(_ policy: FallbackPolicy) throws {
        for device in DeviceClass.allCases {
            let b = try Self.bundle(device, policy: policy)
            for key in ["tap.noother", "tap.other", "plain"] {
                let formatted = try b.format(key, arguments: [])
                // A device without its variant and without `other` formats as nothing (a problem);
                // a plain lookup then keeps the stored value rather than answer nothing.
                guard formatted.problems.isEmpty else { continue }
                #expect(try b.string(key) == formatted.text, "\(key) on \(device) (\(policy))")
            }
        }
    }

    @Test func variantsAreChosenPerDevice() throws {
        #expect(try Self.bundle(.iphone, policy: .apple).string("tap.noother") == "Tap")
        #expect(try Self.bundle(.mac, policy: .apple).string("tap.noother") == "Click")
        #expect(try Self.bundle(.ipad, policy: .apple).string("tap.other") == "Tap (iPad)")
        #expect(try Self.bundle(.applewatch, policy: .apple).string("tap.other") == "Select")
        // Neither a variant nor `other`: the stored value (the writer's representative, mac's).
        #expect(try Self.bundle(.applewatch, policy: .apple).string("tap.noother") == "Click")
    }

    @Test func deviceChangesReachTheNextPlainLookup() throws {
        let b = try Self.bundle(.mac, policy: .apple)
        #expect(try b.string("tap.noother") == "Click")
        b.runtime.deviceClass = .iphone
        #expect(try b.string("tap.noother") == "Tap")
    }

    @Test func aPluralVariantAnswersItsOtherText() throws {
        #expect(try Self.bundle(.iphone, policy: .apple).string("tap.items") == "Tap %lld items")
        #expect(try Self.bundle(.mac, policy: .apple).string("tap.items") == "Click %lld items")
        // Without devices, a plural's value is unchanged: its `other` text.
        #expect(try Self.bundle(.iphone, policy: .chain).string("count") == "%lld files")
        #expect(try Self.bundle(.iphone, policy: .apple).string("count") == "%lld files")
    }
}
