extension CatalogBundle {
    /// Android's and Flutter's rule, for every table with `fallsBackPerKey`: a localization of the
    /// table that lacks a key of the development localization shows the development message. Each
    /// such key gets that message as an implicit one, so the compiled table answers it under
    /// Apple's table rule; `check` still counts it as untranslated, XLIFF exports it untranslated
    /// and writers leave it out (`CatalogMessage.isImplicit`). `Base` is the development text.
    public mutating func fillPerKeyFallbacks() {
        guard let development = developmentLocalization else { return }
        for name in tables.keys.sorted() where tables[name]!.fallsBackPerKey {
            // Taken out while it changes, so that its dictionaries are not copied.
            var table = tables.removeValue(forKey: name)!
            if let source = table.messages[development], !source.isEmpty {
                for l in table.messages.keys.sorted() where l != development && l != "Base" {
                    var own = table.messages.removeValue(forKey: l)!
                    for (key, m) in source where own[key] == nil {
                        var fill = m
                        fill.isImplicit = true
                        fill.state = nil
                        own[key] = fill
                    }
                    table.messages[l] = own
                }
            }
            tables[name] = table
        }
    }
}
