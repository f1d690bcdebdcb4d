import LokaleCatalog
import LokaleCommandLine

/// The typed accessors `compile` writes beside the table, from the same catalogs:
/// `--swift-messages FILE.swift`, `--emit-c-header FILE.h [--c-prefix NAME]`, `--emit-python FILE.py`
/// (and FILE.pyi, its stub). Made before anything is
/// written and written after the table, each file atomically: a failed compile writes none.
struct GeneratedCode {
    var swiftMessages: String?
    var cHeader: String?
    var cPrefix: String?
    var python: String?
    /// The bundle the Swift accessors' messages belong to: `.module` when the same command writes
    /// the target's `LokaleBundle.module` (--swift-accessor), else nil (the caller's choice).
    var swiftBundle: String?

    static let options = ["swift-messages", "emit-c-header", "c-prefix", "emit-python"]

    init(_ a: Arguments) throws(Arguments.UsageError) {
        swiftMessages = a.options["swift-messages"]
        cHeader = a.options["emit-c-header"]
        cPrefix = a.options["c-prefix"]
        python = a.options["emit-python"]
        swiftBundle = a.options["swift-accessor"] == nil ? nil : ".module"
        if cPrefix != nil, cHeader == nil { throw Arguments.UsageError(message: "--c-prefix goes with --emit-c-header FILE.h") }
        if let p = cPrefix, Identifiers.spell(p, .snake) != p {
            throw Arguments.UsageError(message: "--c-prefix '\(p)' is not a C identifier in snake_case (try '\(Identifiers.spell(p, .snake))')")
        }
        // The stub's name is the module's with `.pyi`: mypy reads it in the module's place only then.
        if let p = python, !p.hasSuffix(".py") || Self.stem(p).isEmpty {
            throw Arguments.UsageError(message: "--emit-python takes the module's file, FILE.py (its stub FILE.pyi is written beside it)")
        }
        for path in [swiftMessages, cHeader].compactMap({ $0 }) where path.isEmpty {
            throw Arguments.UsageError(message: "an output file of generated code needs a name")
        }
    }

    var isEmpty: Bool { swiftMessages == nil && cHeader == nil && python == nil }

    /// The files to write, by path, made from `catalog`.
    func files(_ catalog: TypedCatalog, command: String) -> [(path: String, text: String)] {
        var out: [(path: String, text: String)] = []
        if let path = swiftMessages {
            out.append((path, SwiftMessagesWriter.source(catalog, bundle: swiftBundle, command: command)))
        }
        if let path = cHeader {
            let stem = Self.stem(path)
            let prefix = cPrefix ?? Identifiers.spell(stem, .snake)
            let guardName = "LOKALE_GENERATED_" + Identifiers.spell(stem, .upperSnake) + "_H"
            out.append((path, CHeaderWriter.source(catalog, prefix: prefix, guardName: guardName, command: command)))
        }
        if let path = python {
            let (module, stub) = PythonModuleWriter.source(catalog, command: command)
            out.append((path, module))
            out.append((path + "i", stub))
        }
        return out
    }

    /// `dir/name.ext` → `name`.
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.firstIndex(of: ".").map { String(name[..<$0]) } ?? name
    }
}
