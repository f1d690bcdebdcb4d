#if canImport(Glibc)
import Glibc
#endif
import CTable
import LokaleCatalog
import LokaleCore
import TestSupport
import Testing

/// `lk_plan_format_named` (CTable) formats MessageFormat 2 messages of a compiled table in C.
/// Whatever it writes must be byte for byte what `MF2.format` gives through the Swift renderer;
/// whatever it cannot, it must decline. Checked for every message, localization and argument set
/// below: selectors on strings and numbers, exact and category keys, markup, RTL and non-ASCII
/// digits, and every feature outside its subset.
@Suite struct MF2FastPathTests {
    static let messages: [String: String] = [
        "files": ".input {$count :integer}\n.match $count\none {{You have {$count} file.}}\n* {{You have {$count} files.}}",
        "invite": """
            .input {$gender :string}
            .input {$count :number}
            .match $gender $count
            female 0 {{{$host} invited nobody to her party.}}
            female one {{{$host} invited one guest to her party.}}
            female * {{{$host} invited {$count} guests to her party.}}
            * 1 {{{$host} invited exactly one guest.}}
            * few {{{$host} invited a few ({$count}) guests.}}
            * * {{{$host} invited {$count} guests to their party.}}
            """,
        "plain": "Hello {$name}, you have {$count} new {#b}messages{/b}.",
        "inline": "{$count :integer} items for {$name :string}",
        "escaped": "Braces \\{ and \\} stay, and {|literal|} is declined.",
        "local": ".local $n = {$count :integer}\n{{{$n} things}}",
        "options": "{$count :number minimumFractionDigits=2}",
        "date": "{$when :date}",
        "attributes": "{$name @translate=no}",
        "markupOptions": "{#link href=|x|}go{/link}",
        "text": "Just text",
        "keys": ".input {$n :integer}\n.match $n\n01 {{zero-one}}\n1.0 {{one point zero}}\nbogus {{bad key}}\n* {{other {$n}}}",
    ]
    /// ICU MessageFormat (ARB), lowered to `.local`s and :number options and compiled with the ICU flag:
    /// formatted without bidi isolation.
    static let icuMessages: [String: String] = [
        "icuPlural": "{count, plural, =0{no files} one{# file} other{# files}} for {name}",
        "icuNumber": "{name} has {count, number} points",
        "icuInteger": "{count, number, integer} items",
        "icuBare": "{name} and {count}",
        "icuOffset": "{gender, select, female{She} other{They}} invited {count, plural, offset:1 =0{nobody} =1{one} one{# other} other{# others}}",
        "icuPercent": "{count, number, percent}",
    ]
    static let locales = ["en", "fr", "ru", "de", "ja", "he", "ar", "pl"]
    static let argumentSets: [[String: FormatArgument]] = {
        var sets: [[String: FormatArgument]] = []
        for n in [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 999, 1000, 1234567, -1] {
            sets.append(["count": .int(Int64(n)), "n": .int(Int64(n)), "name": .string("Ana"), "host": .string("Léa"), "gender": .string("female")])
            sets.append(["count": .uint(UInt64(max(n, 0))), "n": .int(Int64(n)), "name": .string("Zoë"), "host": .string("Bo"), "gender": .string("male")])
        }
        sets.append(["count": .double(2.5), "name": .string("Ana")])
        sets.append(["count": .string("3"), "name": .string("Ana")])
        sets.append(["name": .string("Ana")]) // a missing count
        sets.append(["count": .int(2), "name": .string("A\u{301}na"), "gender": .string("fe\u{301}male"), "host": .string("x")])
        return sets
    }()

    static func named(_ args: [String: FormatArgument]) -> [String: MF2.Argument] {
        args.mapValues { a -> MF2.Argument in
            switch a {
            case .int(let v): .int(v)
            case .uint(let v): v <= UInt64(Int64.max) ? .int(Int64(v)) : .decimal(String(v))
            case .double(let v): .double(v)
            case .string(let s): .string(s)
            }
        }
    }

    /// What the C path gives: nil when it declines.
    static func fast(_ bundle: Bundle, key: String, _ arguments: [String: FormatArgument], capacity: Int = 4096) -> [UInt8]? {
        let plan = UnsafePointer<lk_plan>(bundle.currentPlan)!
        let t = "Localizable".withCString { lk_plan_table_index(plan, $0, strlen($0)) }
        let pairs = arguments.sorted { $0.key < $1.key }
        var names = pairs.map { strdup($0.key)! }
        defer { names.forEach { free($0) } }
        return FormatFastPathTests.withCArguments(pairs.map(\.value)) { values in
            let args = zip(names.indices, values).map { i, v in lk_named(name: UnsafePointer(names[i]), name_len: -1, value: v, time_zone: nil) }
            var buffer = [CChar](repeating: 0x7F, count: capacity)
            var length = 0
            let status = key.withCString { k in
                args.withUnsafeBufferPointer { a in lk_plan_format_named(plan, t, k, strlen(k), a.baseAddress, a.count, &buffer, buffer.count, &length) }
            }
            guard status == LK_ANSWERED else { return nil }
            #expect(length < capacity && buffer[length] == 0)
            return buffer.prefix(length).map { UInt8(bitPattern: $0) }
        }
    }

    static func bundle(_ runtime: Runtime) throws -> Bundle {
        let bytes = try tableBytes()
        let table = try bytes.withUnsafeBytes { raw throws(LokaleError) in try CompiledTable(file: MappedFile(copying: raw), verifyPayload: true) }
        return try runtime.adopt(table, main: true)
    }

    static func tableBytes() throws -> [UInt8] {
        var catalog = CatalogBundle()
        catalog.developmentLocalization = "en"
        var table = CatalogTable(name: "Localizable")
        for l in locales {
            table.messages[l] = try messages.mapValues { CatalogMessage(.messageFormat(source: $0, message: try MF2.parse($0))) }
            for (k, source) in icuMessages { table.messages[l]![k] = CatalogMessage(.messageFormat(source: source, message: try ICUMessageFormat.parse(source))) }
        }
        for k in icuMessages.keys {
            var info = MessageInfo()
            info.messageSyntax = .icu
            table.info[k] = info
        }
        catalog.tables["Localizable"] = table
        return try TableWriter.compile(catalog).bytes
    }

    /// Hostile MF2 nodes: words of the NODE section overwritten with kinds, counts, references and
    /// NONE, then every message formatted twice (the Swift path, then C's): text or an error,
    /// never a crash or a read outside the table.
    @Test func mutatedNodesNeverCrash() throws {
        let pristine = try Self.tableBytes()
        let nodes = try #require(TableCorruptionTests.Layout(pristine).sections[.nodes])
        var rng = SeededGenerator(seed: 0x3F2)
        var answered = 0, refused = 0
        for i in 0..<600 {
            var copy = pristine
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let w = nodes.lowerBound + 4 * Int.random(in: 0..<(nodes.count / 4), using: &rng)
                let v: UInt32 = switch i % 3 {
                case 0: UInt32.random(in: 0...12, using: &rng)
                case 1: [0xFFFF_FFFF, 0x7FFF_FFFF, 4096, 4097, 65, 17].randomElement(using: &rng)!
                default: UInt32.random(in: 0...UInt32(nodes.count / 4), using: &rng)
                }
                TableCorruptionTests.put32(&copy, w, v)
            }
            let runtime = Runtime(preferredLanguages: [Self.locales[i % Self.locales.count]])
            guard case .success(let table) = TableCorruptionTests.open(copy),
                  let bundle = try? runtime.adopt(table, main: true) else { refused += 1; continue }
            for key in Array(Self.messages.keys) + Array(Self.icuMessages.keys) {
                let args = Self.argumentSets[i % Self.argumentSets.count]
                for _ in 0..<2 {
                    if (try? bundle.format(key, arguments: [], named: Self.named(args))) != nil { answered += 1 } else { refused += 1 }
                }
                _ = Self.fast(bundle, key: key, args)
            }
        }
        print("mutated MF2 nodes: \(answered) formats answered, \(refused) refused")
        #expect(answered > 0 && refused > 0)
    }

    @Test func writesWhatSwiftWritesAndDeclinesTheRest() throws {
        let runtime = Runtime(preferredLanguages: ["en"])
        let bundle = try Self.bundle(runtime)
        var written = 0, declined = 0
        var writtenKeys = Set<String>(), writtenLocales = Set<String>()
        for locale in Self.locales {
            runtime.preferredLanguages = [locale]
            for key in (Array(Self.messages.keys) + Array(Self.icuMessages.keys)).sorted() {
                for args in Self.argumentSets {
                    let swift = try bundle.format(key, arguments: [], named: Self.named(args))
                    guard let c = Self.fast(bundle, key: key, args) else { declined += 1; continue }
                    #expect(c == swift.bytes, "\(locale) \(key) \(args): C '\(String(decoding: c, as: UTF8.self))', Swift '\(swift.text)'")
                    written += 1
                    writtenKeys.insert(key)
                    if key != "text" { writtenLocales.insert(locale) }
                }
            }
        }
        print("lk_plan_format_named wrote \(written), declined \(declined)")
        // Everything outside the subset (options that change an integer's digits, dates, attributes,
        // markup options, a literal operand, ICU's offset and percent) is declined.
        #expect(writtenKeys == ["files", "invite", "plain", "inline", "text", "keys", "local", "icuPlural", "icuNumber", "icuInteger", "icuBare"])
        // Non-ASCII digits (ar) are Swift's; the others are written in C, Hebrew right to left.
        // (A message of text alone has no node: its record is its text, in every locale.)
        #expect(writtenLocales == Set(Self.locales).subtracting(["ar"]))
    }

    @Test func declinesUntilSwiftHasFormattedWithTheLocalization() throws {
        let runtime = Runtime(preferredLanguages: ["ru"])
        let bundle = try Self.bundle(runtime)
        let args: [String: FormatArgument] = ["count": .int(3)]
        #expect(Self.fast(bundle, key: "files", args) == nil)
        let swift = try bundle.format("files", arguments: [], named: Self.named(args))
        #expect(Self.fast(bundle, key: "files", args) == swift.bytes)
        // Exactly enough room renders; one byte less declines.
        #expect(Self.fast(bundle, key: "files", args, capacity: swift.bytes.count + 1) == swift.bytes)
        #expect(Self.fast(bundle, key: "files", args, capacity: swift.bytes.count) == nil)
        #expect(Self.fast(bundle, key: "nope", args) == nil)
    }
}
