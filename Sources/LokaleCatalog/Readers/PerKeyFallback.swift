extension CatalogTable {
    /// Android's and Flutter's rule under Apple's table rule: a key a localization lacks shows the
    /// development localization's message. Each such key gets that message as an implicit one, so
    /// that the table answers it, while `check` still counts it as untranslated, XLIFF exports it
    /// without a target and writers leave it out. Generic on purpose: every source that sets
    /// `fallsBackPerKey` gets the same fill.
    mutating func fillFromDevelopment(_ development: String) {
        guard fallsBackPerKey, let source = messages[development] else { return }
        for l in messages.keys.sorted() where l != development && l != "Base" {
            var own = messages.removeValue(forKey: l)!
            for (key, m) in source where own[key] == nil {
                var fill = m
                fill.isImplicit = true
                own[key] = fill
            }
            messages[l] = own
        }
    }
}
