import Foundation
import LokaleCore

// An independent reference for "what would Apple show", written from Apple's documentation and not
// from Lokale's runtime: it reads the sources itself (JSONDecoder for String Catalogs,
// PropertyListSerialization for .strings/.stringsdict), chooses variants and formats on its own.
// From Lokale it borrows only locale *data*: CLDR plural categories (`PluralCategory.of`, ICU) and
// the decimal separator, grouping separator and zero digit (`NumberSymbols.forLocale`).
//
// The documented semantics it implements:
// - Bundle.localizedString(forKey:value:table:): the table of the selected localization answers;
//   a key missing there gives the value, else the key (never another localization's text). The
//   text found (or the key) is then the format string (String(localized:) / localizedStringWithFormat).
// - String Catalogs: a localization's stringUnit, or its variations (plural; device: the device's
//   variant, then `other`), with substitutions `%#@name@` whose variants print their argument with
//   `%arg` (argument `argNum`, type `formatSpecifier`). An untranslated placeholder (state "new",
//   empty value) is not compiled into the language's table. `shouldTranslate: false` shows the
//   source text. A key with no source-language entry is its own source text.
// - stringsdict: NSStringLocalizedFormatKey with `%#@var@`, NSStringPluralRuleType variables
//   (NSStringFormatValueTypeKey, zero/one/two/few/many/other) and NSStringDeviceSpecificRuleType.
//   A variable without an explicit position takes the argument at its place in the format.
// - Plurals: `zero`, when present, serves 0 in every language; otherwise the CLDR category of the
//   number for the language, and `other` when that category has no variant.
// - CFString specifiers: %@ %s %d %i %u %x %X %o %c %f %F %e %E %g %G %a %A with flags, width,
//   precision, length modifiers (hh h l ll q L z t j), positions `%n$`, `%%`. With a locale
//   (localizedStringWithFormat), decimal integers and %f are written with the locale's digits,
//   decimal separator and grouping (groups of three; CLDR's Indic pattern groups by two after the
//   first three; no separator below CLDR's minimumGroupingDigits, e.g. `1000` in es, pl, bg, as
//   NumberFormatter's decimal style writes them); %x %o %c are not localized.
// Where Apple's behaviour is undefined — a specifier that reads an argument not passed or of
// another type, an unknown conversion, a device or plural case with no `other` — the result is
// marked `undefined` with the reason.

enum RefArg: Equatable, CustomStringConvertible {
    case int(Int64)
    case double(Double)
    case string(String)

    var description: String {
        switch self {
        case .int(let v): "\(v)"
        case .double(let v): "\(v)"
        case .string(let s): "\"\(s)\""
        }
    }
}

enum RefArgType: Equatable { case int, double, string, char }

indirect enum RefNode {
    case text(String)
    case plural([String: RefNode])
    case device([String: RefNode])
}

struct RefSubstitution {
    var argNum: Int?
    var formatSpecifier: String
    var node: RefNode
}

/// One message as a localization's table holds it.
struct RefMessage {
    var node: RefNode
    var substitutions: [String: RefSubstitution] = [:]
}

struct RefResult: Equatable {
    var text: String
    var undefined: String? = nil
}

/// Knobs used by the disagreement classifier to ask "what if" (never by the reference proper).
struct RefOptions {
    var grouping = true
    var forcedCategory: String? = nil
}

// MARK: - The resolver

struct ReferenceResolver {
    let table: RefTable

    /// What Apple would show for `key` when `language` is the user's only preferred language (and
    /// one of the bundle's localizations), on `device`, with `args`.
    func resolve(key: String, language: String, device: String, args: [RefArg], options: RefOptions = RefOptions()) -> RefResult {
        let message = table.messages[language]?[key] ?? RefMessage(node: .text(key))
        return render(message, language: language, device: device, args: args, options: options)
    }

    /// The source-language message of `key` (used to derive argument types and by the classifier).
    func sourceMessage(_ key: String) -> RefMessage {
        table.messages[table.sourceLanguage]?[key] ?? RefMessage(node: .text(key))
    }

    func render(_ m: RefMessage, language: String, device: String, args: [RefArg], options: RefOptions) -> RefResult {
        var undefined: String? = nil
        func note(_ s: String) { if undefined == nil { undefined = s } }

        func category(_ n: Int64, _ cases: [String: RefNode]) -> String {
            if let forced = options.forcedCategory, cases[forced] != nil { return forced }
            if n == 0, cases["zero"] != nil { return "zero" }
            return PluralCategory.of(Double(n), locale: language)?.rawValue ?? "other"
        }
        func choose(_ node: RefNode, driver: () -> Int64?) -> String? {
            switch node {
            case .text(let s): return s
            case .device(let cases):
                guard let n = cases[device] ?? cases["other"] else { note("no variant for device \(device) and no other"); return nil }
                return choose(n, driver: driver)
            case .plural(let cases):
                guard let n = driver() else { note("plural without a numeric argument"); return cases["other"].flatMap { choose($0, driver: driver) } }
                guard let v = cases[category(n, cases)] ?? cases["other"] else { note("plural without other"); return nil }
                return choose(v, driver: driver)
            }
        }
        func intArg(_ index: Int) -> Int64? {
            guard index >= 1, index <= args.count else { return nil }
            switch args[index - 1] {
            case .int(let v): return v
            case .double(let d): return Int64(d)
            case .string: return nil
            }
        }
        // A top-level plural is driven by the first numeric argument of its texts.
        func topDriver() -> Int64? {
            var texts: [String] = []
            func collect(_ n: RefNode) {
                switch n {
                case .text(let s): texts.append(s)
                case .plural(let c), .device(let c): c.values.forEach(collect)
                }
            }
            collect(m.node)
            var best: Int? = nil
            for t in texts {
                var seq = 0
                for s in RefFormat.parse(t) where s.consumesArgument {
                    seq += 1
                    let pos = s.position ?? seq
                    if s.argType == .int, best.map({ pos < $0 }) ?? true { best = pos }
                }
            }
            return best.flatMap(intArg)
        }
        guard let outer = choose(m.node, driver: topDriver) else { return RefResult(text: "", undefined: undefined) }

        // Expand substitutions into one fully positional format string.
        var format = ""
        var cursor = outer.startIndex
        var seq = 0
        for s in RefFormat.parse(outer) {
            format += outer[cursor..<s.range.lowerBound]
            cursor = s.range.upperBound
            guard s.consumesArgument else { format += outer[s.range]; continue }
            seq += 1
            let pos = s.position ?? seq
            if s.conversion == "#", let name = s.variable {
                guard let sub = m.substitutions[name] else { note("no substitution \(name)"); format += outer[s.range]; continue }
                let argNum = sub.argNum ?? pos
                guard let inner = choose(sub.node, driver: { intArg(argNum) }) else { continue }
                var c = inner.startIndex
                for t in RefFormat.parse(inner, allowArg: true) {
                    format += inner[c..<t.range.lowerBound]
                    c = t.range.upperBound
                    if t.variable == "%arg" {
                        format += "%\(argNum)$" + sub.formatSpecifier
                    } else if t.consumesArgument, t.position == nil, t.conversion != "#" {
                        // An unpositioned specifier inside the variant prints the variable's argument.
                        format += "%\(argNum)$" + inner[inner.index(after: t.range.lowerBound)..<t.range.upperBound]
                    } else {
                        format += inner[t.range]
                    }
                }
                format += inner[c...]
            } else if s.position == nil {
                format += "%\(pos)$" + outer[outer.index(after: s.range.lowerBound)..<s.range.upperBound]
            } else {
                format += outer[s.range]
            }
        }
        format += outer[cursor...]
        var r = printf(format, args: args, language: language, options: options)
        if r.undefined == nil { r.undefined = undefined }
        return r
    }

    /// CFString-style formatting with a locale.
    func printf(_ format: String, args: [RefArg], language: String, options: RefOptions) -> RefResult {
        var out = ""
        var undefined: String? = nil
        func note(_ s: String) { if undefined == nil { undefined = s } }
        var cursor = format.startIndex
        var seq = 0
        for s in RefFormat.parse(format) {
            out += format[cursor..<s.range.lowerBound]
            cursor = s.range.upperBound
            switch s.conversion {
            case "%": out += "%"; continue
            case "?": note("invalid directive '\(format[s.range])'"); out += format[s.range]; continue
            case "#": note("unexpanded variable \(s.variable ?? "")"); continue
            default: break
            }
            if s.width.contains("*") || (s.precision?.contains("*") ?? false) { note("* width"); continue }
            seq += 1
            let pos = s.position ?? seq
            guard pos <= args.count else { note("argument \(pos) not passed"); continue }
            let arg = args[pos - 1]
            let cFlags = s.flags.filter { $0 != "'" }
            let prec = s.precision.map { "." + $0 } ?? ""
            switch (s.argType, arg) {
            case (.string, .string(let v)):
                var text = v
                if let p = s.precision, let n = Int(p) { text = String(text.prefix(n)) }
                if let w = Int(s.width), text.count < w {
                    let pad = String(repeating: " ", count: w - text.count)
                    text = s.flags.contains("-") ? text + pad : pad + text
                }
                out += text
            case (.int, .int(let v)):
                let conv = s.conversion
                if "xXoOuU".contains(conv) {
                    let ascii = RefNumbers.cFormat("%" + cFlags + s.width + prec + "ll" + String(conv).lowercased().replacingOccurrences(of: "x", with: String(conv)), v)
                    out += "uU".contains(conv) ? RefNumbers.localize(ascii, locale: language, grouping: options.grouping && s.width.isEmpty) : ascii
                } else {
                    let ascii = RefNumbers.cFormat("%" + cFlags + s.width + prec + "lld", v)
                    out += RefNumbers.localize(ascii, locale: language, grouping: options.grouping && s.width.isEmpty)
                }
            case (.char, .int(let v)):
                out += Unicode.Scalar(UInt32(truncatingIfNeeded: v)).map { String(Character($0)) } ?? ""
            case (.double, .double(let v)):
                let ascii = RefNumbers.cFormat("%" + cFlags + s.width + prec + String(s.conversion), v)
                let grouped = options.grouping && "fF".contains(s.conversion) && s.width.isEmpty
                out += "aA".contains(s.conversion) ? ascii : RefNumbers.localize(ascii, locale: language, grouping: grouped)
            default:
                note("argument \(pos) is \(arg), read by '\(format[s.range])'")
            }
        }
        out += format[cursor...]
        return RefResult(text: out, undefined: undefined)
    }

    /// Argument types of `key`: its source-language message first (outer texts, then substitution
    /// specifiers), then the key's own specifiers.
    func argumentTypes(_ key: String) -> [RefArgType] {
        var types: [Int: RefArgType] = [:]
        func add(_ pos: Int, _ t: RefArgType) { if types[pos] == nil { types[pos] = t } }
        let m = sourceMessage(key)
        var texts: [String] = []
        func collect(_ n: RefNode) {
            switch n {
            case .text(let s): texts.append(s)
            case .plural(let c), .device(let c): c.keys.sorted().forEach { collect(c[$0]!) }
            }
        }
        collect(m.node)
        for t in texts + [key] {
            var seq = 0
            for s in RefFormat.parse(t) where s.consumesArgument {
                seq += 1
                let pos = s.position ?? seq
                if s.conversion == "#", let name = s.variable {
                    if let sub = m.substitutions[name] { add(sub.argNum ?? pos, RefSpecifier.type(ofSpec: sub.formatSpecifier)) }
                    else { add(pos, .int) }
                } else if let t = s.argType {
                    add(pos, t)
                }
            }
        }
        // Positional specifiers inside substitution variants (other than %arg) refer to outer arguments.
        for sub in m.substitutions.values {
            var inner: [String] = []
            func c2(_ n: RefNode) {
                switch n {
                case .text(let s): inner.append(s)
                case .plural(let c), .device(let c): c.keys.sorted().forEach { c2(c[$0]!) }
                }
            }
            c2(sub.node)
            for t in inner { for s in RefFormat.parse(t, allowArg: true) where s.position != nil { if let a = s.argType { add(s.position!, a) } } }
        }
        let n = types.keys.max() ?? 0
        return (0..<n).map { types[$0 + 1] ?? .string }
    }

    static let counts: [Int64] = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1000, 1234567]

    /// The argument sets of `key`: every count for each integer argument (all combinations of two;
    /// for three or more, each count with the others in turn), "Ada" for text, 1.5 for doubles.
    func argumentSets(_ key: String) -> [[RefArg]] {
        let types = argumentTypes(key)
        let ints = types.indices.filter { types[$0] == .int }
        func fill(_ values: [Int: Int64]) -> [RefArg] {
            types.enumerated().map { i, t in
                switch t {
                case .int: .int(values[i] ?? 1)
                case .char: .int(65)
                case .double: .double(1.5)
                case .string: .string("Ada")
                }
            }
        }
        switch ints.count {
        case 0: return [fill([:])]
        case 1: return Self.counts.map { fill([ints[0]: $0]) }
        case 2: return Self.counts.flatMap { a in Self.counts.map { b in fill([ints[0]: a, ints[1]: b]) } }
        default:
            return Self.counts.indices.flatMap { shift in
                [fill(Dictionary(uniqueKeysWithValues: ints.map { ($0, Self.counts[shift]) })),
                 fill(Dictionary(uniqueKeysWithValues: ints.enumerated().map { ($1, Self.counts[(shift + $0) % Self.counts.count]) }))]
            }
        }
    }
}
