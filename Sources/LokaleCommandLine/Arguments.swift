/// A small command-line parser: `--name value`, `--name=value`, flags, short options (`-o VALUE`),
/// positionals, and `--`, after which everything is a positional.
///
/// Anything else that starts with `-` is an unknown option, never a positional: a mistyped option
/// must not become a file name or a format argument. The exceptions are a lone `-` and, for a
/// command that takes numeric arguments (`lookup`'s ARG...), words that read as numbers (`-3`).
package struct Arguments: Sendable {
    package var positionals: [String] = []
    package var options: [String: String] = [:]
    package var flags: Set<String> = []

    package struct UsageError: Error, Sendable {
        package var message: String
        package init(message: String) { self.message = message }
    }

    /// What a command accepts.
    package struct Spec: Sendable {
        /// Options that take a value.
        package var valued: Set<String>
        /// Options that take none.
        package var flags: Set<String>
        /// Valued options that are comma-separated lists (read with `list`).
        package var lists: Set<String>
        /// Valued options whose value may be empty; any other empty value is a usage error.
        package var mayBeEmpty: Set<String>
        /// One-letter options and the long option each stands for (`o` → `output`).
        package var short: [Character: String]
        /// Words that read as numbers (`-3`, `-2.5`) are positionals.
        package var numericPositionals: Bool

        package init(valued: Set<String> = [], flags: Set<String> = [], lists: Set<String> = [], mayBeEmpty: Set<String> = [],
                     short: [Character: String] = [:], numericPositionals: Bool = false) {
            self.valued = valued
            self.flags = flags
            self.lists = lists
            self.mayBeEmpty = mayBeEmpty
            self.short = short
            self.numericPositionals = numericPositionals
        }
    }

    package init(_ args: ArraySlice<String>, _ spec: Spec) throws(UsageError) {
        var i = args.startIndex
        var onlyPositionals = false
        func take(_ name: String, shown: String, inline: String?) throws(UsageError) {
            if spec.flags.contains(name) {
                guard inline == nil else { throw UsageError(message: "\(shown) takes no value") }
                flags.insert(name)
                return
            }
            var value = inline
            if value == nil {
                guard i < args.endIndex else { throw UsageError(message: "\(shown) needs a value") }
                value = args[i]
                i += 1
            }
            let v = value!
            if spec.lists.contains(name), !spec.mayBeEmpty.contains(name), Self.split(v).isEmpty {
                throw UsageError(message: "the \(shown) list is empty (give one or more values separated by commas)")
            }
            if v.isEmpty, !spec.mayBeEmpty.contains(name) { throw UsageError(message: "\(shown) is empty (it needs a value)") }
            options[name] = v
        }
        while i < args.endIndex {
            let a = args[i]
            i += 1
            if onlyPositionals || a == "-" || !a.hasPrefix("-") {
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2)), value: String? = nil
                if let eq = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard spec.flags.contains(name) || spec.valued.contains(name) else {
                    let known = spec.flags.union(spec.valued).sorted()
                    throw UsageError(message: "unknown option --\(name)"
                                     + (Self.nearest(name, among: known).map { "; did you mean --\($0)?" } ?? ""))
                }
                try take(name, shown: "--\(name)", inline: value)
                continue
            }
            if spec.numericPositionals, Self.isNumber(a) {
                positionals.append(a)
                continue
            }
            // A short option: `-o VALUE` or `-oVALUE`.
            let letter = a[a.index(after: a.startIndex)]
            guard let name = spec.short[letter] else {
                var message = "unknown option \(a)"
                if Self.isNumber(a) {
                    message += " (a negative number goes after --)"
                } else if a.count > 2, let near = Self.nearest(String(a.dropFirst()), among: spec.flags.union(spec.valued).sorted()) {
                    message += "; did you mean --\(near)?"
                }
                throw UsageError(message: message)
            }
            var rest = Substring(a.dropFirst(2))
            if rest.first == "=" { rest = rest.dropFirst() }
            try take(name, shown: "-\(letter)", inline: rest.isEmpty ? (a.count > 2 ? "" : nil) : String(rest))
        }
    }

    /// `-h` or `--help` among the options (before any `--`).
    package static func asksForHelp(_ args: ArraySlice<String>) -> Bool {
        for a in args {
            if a == "--" { return false }
            if a == "--help" || a == "-h" { return true }
        }
        return false
    }

    /// `-3`, `-2.5`, `-.5`, `-1e3`: a negative number, not an option.
    package static func isNumber(_ s: String) -> Bool {
        guard s.hasPrefix("-"), let first = s.dropFirst().first, first.isASCII, first.isNumber || first == "." else { return false }
        return Double(s) != nil
    }

    /// The candidate nearest to `word` by edit distance, when near enough to be a typo of it (at
    /// most two edits, and fewer than half its letters), or that `word` begins.
    package static func nearest(_ word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { c in (c, editDistance(word, c)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, best.0.count / 2)) { return best.0 }
        let prefixed = candidates.filter { word.count >= 3 && $0.hasPrefix(word) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance, counting an exchange of two neighbouring letters as one edit.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    package static func split(_ value: String) -> [String] {
        value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    package func list(_ name: String) -> [String]? {
        options[name].map(Self.split)
    }
}

extension String {
    package var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
