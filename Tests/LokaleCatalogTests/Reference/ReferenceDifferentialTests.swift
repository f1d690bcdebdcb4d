import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Lokale against an independent reference (ReferenceResolver.swift, written from Apple's
/// documentation) over every key × language × argument set × device (mac, iphone) of the real
/// catalogs in ../shared/conformance/catalogs: String Catalogs and `.lproj` bundle folders.
@Suite(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
struct ReferenceDifferentialTests {
    /// The agreement reached (99.958% with the grouping work in the tree; the rest is the
    /// deliberately broken `!MismatchingArgumentType` fixture, where Apple's result is undefined).
    static let threshold = 0.998

    /// One compile unit: the sources given to Lokale's compiler and the reference's tables.
    struct Unit {
        var name: String
        var sources: [String]
        var tables: [RefTable]
    }

    static func units() throws -> [Unit] {
        var units: [Unit] = []
        for path in Conformance.files(under: "catalogs", ext: "xcstrings") {
            let t = try RefCatalogReader.xcstrings(path)
            units.append(Unit(name: String(path.dropFirst(Fixtures.conformance!.count + 1)), sources: [path], tables: [t]))
        }
        // Bundle folders: every folder that directly holds `.lproj` folders.
        let root = Conformance.path("catalogs")
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
        var parents: [String: [String]] = [:]
        for p in all where p.hasSuffix(".lproj") {
            let full = root + "/" + p
            let parent = String(full[..<full.lastIndex(of: "/")!])
            parents[parent, default: []].append(full)
        }
        for (parent, folders) in parents.sorted(by: { $0.key < $1.key }) {
            var names: Set<String> = []
            for f in folders {
                for file in (try? FileManager.default.contentsOfDirectory(atPath: f)) ?? [] {
                    if file.hasSuffix(".strings") { names.insert(String(file.dropLast(".strings".count))) }
                    if file.hasSuffix(".stringsdict") { names.insert(String(file.dropLast(".stringsdict".count))) }
                }
            }
            let tables = try names.sorted().map { try RefCatalogReader.lproj(folders.sorted(), table: $0) }
            units.append(Unit(name: String(parent.dropFirst(Fixtures.conformance!.count + 1)), sources: folders.sorted(), tables: tables))
        }
        return units
    }

    struct Case: CustomStringConvertible {
        var unit: String, table: String, key: String, language: String, device: String
        var args: [RefArg]
        var lokale: String, reference: String
        var undefined: String?
        var problems: [String]
        var description: String {
            "\(unit) [\(table)] '\(key)' \(language) \(device) args \(args): lokale \(lokale.debugDescription) vs reference \(reference.debugDescription)"
                + (undefined.map { " (reference: undefined, \($0))" } ?? "") + (problems.isEmpty ? "" : " problems: \(problems)")
        }
    }

    static func lokaleArgs(_ args: [RefArg]) -> [FormatArgument] {
        args.map {
            switch $0 {
            case .int(let v): .int(v)
            case .double(let v): .double(v)
            case .string(let s): .string(s)
            }
        }
    }

    /// Why Lokale's text differs from the reference's.
    static func classify(_ c: Case, resolver: ReferenceResolver, message: RefMessage) -> String {
        if c.undefined != nil { return "broken translation (Apple undefined)" }
        func ref(_ o: RefOptions = RefOptions(), device: String? = nil, args: [RefArg]? = nil) -> String {
            resolver.render(message, language: c.language, device: device ?? c.device, args: args ?? c.args, options: o).text
        }
        if ref(RefOptions(grouping: false)) == c.lokale { return "grouping" }
        if !c.problems.isEmpty {
            let source = resolver.render(resolver.sourceMessage(c.key), language: c.language, device: c.device, args: c.args, options: RefOptions())
            let sourceUngrouped = resolver.render(resolver.sourceMessage(c.key), language: c.language, device: c.device, args: c.args, options: RefOptions(grouping: false))
            if source.text == c.lokale || sourceUngrouped.text == c.lokale || c.lokale == c.key { return "format-check replacement" }
        }
        for d in ["mac", "iphone", "ipad", "other"] where d != c.device {
            if ref(device: d) == c.lokale || ref(RefOptions(grouping: false), device: d) == c.lokale { return "device" }
        }
        for cat in ["zero", "one", "two", "few", "many", "other"] {
            if ref(RefOptions(grouping: true, forcedCategory: cat)) == c.lokale || ref(RefOptions(grouping: false, forcedCategory: cat)) == c.lokale {
                return "plural category"
            }
        }
        if c.args.count > 1 {
            let reversed = Array(c.args.reversed())
            if ref(args: reversed) == c.lokale || ref(RefOptions(grouping: false), args: reversed) == c.lokale { return "argNum" }
        }
        if !message.substitutions.isEmpty { return "argNum/substitution (other)" }
        return "other"
    }

    @Test func lokaleAgreesWithTheReference() throws {
        var total = 0, agreed = 0, undefinedTotal = 0, undefinedAgreed = 0
        var classes: [String: [Case]] = [:]
        // LOKALE_REFERENCE_DUMP=path writes every comparison (unit, key, language, device, args, lokale, reference).
        let dumpPath = ProcessInfo.processInfo.environment["LOKALE_REFERENCE_DUMP"]
        var dump: String? = dumpPath.map { _ in "" }
        for unit in try Self.units() {
            let compiled = try CompiledBundle(unit.sources)
            let languages = Set(unit.tables.flatMap { $0.messages.keys }).sorted()
            for language in languages {
                let bundle = try compiled.open([language])
                for device in [DeviceClass.mac, .iphone] {
                    bundle.runtime.deviceClass = device
                    for table in unit.tables where table.messages[language] != nil {
                        let resolver = ReferenceResolver(table: table)
                        for key in table.keys {
                            let message = table.messages[language]?[key] ?? RefMessage(node: .text(key))
                            for args in resolver.argumentSets(key) {
                                let expected = resolver.resolve(key: key, language: language, device: device.rawValue, args: args)
                                let got = try bundle.format(key, table: table.name, arguments: Self.lokaleArgs(args))
                                total += 1
                                if dump != nil {
                                    dump! += "\(unit.name)\t\(key)\t\(language)\t\(device.rawValue)\t\(args)\t\(got.text.debugDescription)\t\(expected.text.debugDescription)\n"
                                }
                                if expected.undefined != nil { undefinedTotal += 1 }
                                if got.text == expected.text {
                                    agreed += 1
                                    if expected.undefined != nil { undefinedAgreed += 1 }
                                    continue
                                }
                                let c = Case(unit: unit.name, table: table.name, key: key, language: language, device: device.rawValue, args: args,
                                             lokale: got.text, reference: expected.text, undefined: expected.undefined, problems: got.problems)
                                classes[Self.classify(c, resolver: resolver, message: message), default: []].append(c)
                            }
                        }
                    }
                }
            }
        }
        let agreement = Double(agreed) / Double(max(total, 1))
        let defined = total - undefinedTotal
        let definedAgreement = Double(agreed - undefinedAgreed) / Double(max(defined, 1))
        var report = "ReferenceDifferential: \(agreed) of \(total) comparisons agree (\(String(format: "%.3f", agreement * 100))%); "
            + "where Apple's behaviour is defined: \(agreed - undefinedAgreed) of \(defined) (\(String(format: "%.3f", definedAgreement * 100))%)\n"
        var shown = 0
        for (name, cases) in classes.sorted(by: { $0.value.count > $1.value.count }) {
            report += "  \(name): \(cases.count)\n"
            // A few per class, spread over distinct keys.
            var seen: Set<String> = []
            for c in cases where shown < 40 && seen.count < 6 && seen.insert(c.unit + c.key + c.language).inserted {
                report += "    \(c)\n"
                shown += 1
            }
        }
        print(report)
        if let path = ProcessInfo.processInfo.environment["LOKALE_REFERENCE_REPORT"] {
            var full = report
            for (name, cases) in classes.sorted(by: { $0.key < $1.key }) { for c in cases { full += "\(name)\t\(c)\n" } }
            try? Data(full.utf8).write(to: URL(fileURLWithPath: path))
        }
        if let dumpPath, let dump { try? Data(dump.utf8).write(to: URL(fileURLWithPath: dumpPath)) }
        #expect(total > 10_000)
        #expect(agreement >= Self.threshold, Comment(rawValue: report))
    }
}
