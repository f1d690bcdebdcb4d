/// A small command-line parser: `--name value`, `--name=value`, flags, and positionals.
struct Arguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    struct UsageError: Error { var message: String }

    /// - Parameters:
    ///   - valued: options that take a value.
    ///   - flags: options that take none.
    init(_ args: ArraySlice<String>, valued: Set<String>, flags allowed: Set<String>) throws(UsageError) {
        var i = args.startIndex
        var onlyPositionals = false
        while i < args.endIndex {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("--") || a == "-" {
                if a == "--" && !onlyPositionals { onlyPositionals = true; continue }
                positionals.append(a)
                continue
            }
            var name = String(a.dropFirst(2)), value: String? = nil
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if allowed.contains(name) {
                guard value == nil else { throw UsageError(message: "--\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard i < args.endIndex else { throw UsageError(message: "--\(name) needs a value") }
                    value = args[i]
                    i += 1
                }
                options[name] = value
            } else {
                throw UsageError(message: "unknown option --\(name)")
            }
        }
    }

    /// Removes `-o VALUE` (the one short option) from `raw`: the rest, and the value.
    static func takeOutput(_ raw: ArraySlice<String>) throws(UsageError) -> (rest: ArraySlice<String>, output: String?) {
        var rest = Array(raw)
        guard let i = rest.firstIndex(of: "-o") else { return (raw, nil) }
        guard i + 1 < rest.count else { throw UsageError(message: "-o needs a value") }
        let output = rest[i + 1]
        rest.removeSubrange(i...(i + 1))
        return (rest[...], output)
    }

    func list(_ name: String) -> [String]? {
        options[name].map { $0.split(separator: ",").map { String($0).trimmingSpaces } }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
