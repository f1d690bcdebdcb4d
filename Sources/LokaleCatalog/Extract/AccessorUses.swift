/// Keys of a table that Swift code reaches through the accessors generated from it
/// (`.Localizable.summaryHeading`, `Message.Localizable.summaryItemCount(count: n)`): found as a
/// literal is, so that extraction never marks a key stale that the code uses by its accessor, and
/// the generated accessors and the extracted catalog agree.
public enum AccessorUses {
    /// One message (key only) per use in `files` (Swift sources) of an accessor of `table`.
    public static func messages(inSwiftFiles files: [String], table: CatalogTable) throws(CatalogError) -> [ExtractedMessage] {
        var bundle = CatalogBundle()
        bundle.developmentLocalization = table.sourceLanguage
        bundle.tables[table.name] = table
        let typed = TypedCatalog(bundle)
        guard let t = typed.tables.first, let namespace = SwiftMessagesWriter.namespaces(typed.tables).first else { return [] }
        let keys = Dictionary(zip(SwiftMessagesWriter.members(t), t.messages.map(\.key)), uniquingKeysWith: { a, _ in a })
        var found: [ExtractedMessage] = []
        for file in files {
            visit(SwiftTokenizer.tokens(try readFile(file))) { member, line in
                guard let key = keys[member] else { return }
                found.append(ExtractedMessage(key: key, table: table.name, file: file, line: line))
            }
        }
        return found

        // `. Namespace . member`, in the code and inside interpolations.
        func visit(_ tokens: [SourceToken], _ use: (String, Int) -> Void) {
            for (i, token) in tokens.enumerated() {
                for case .interpolation(let x) in token.pieces { visit(x.tokens, use) }
                guard i + 3 < tokens.count, token.isPunctuation("."), tokens[i + 1].kind == .identifier,
                      tokens[i + 1].text == namespace, tokens[i + 2].isPunctuation(".") else { continue }
                // A keyword member is written in backticks (`` .Localizable.`default` ``).
                let m = tokens[i + 3].text == "`" && i + 4 < tokens.count ? i + 4 : i + 3
                guard tokens[m].kind == .identifier else { continue }
                use(tokens[m].text.trimmingBackticks, tokens[m].line)
            }
        }
    }
}

private extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }
}
