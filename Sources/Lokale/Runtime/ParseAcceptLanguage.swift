internal import LokaleCore

extension LokaleRuntime {
    /// The language ranges of an HTTP `Accept-Language` header (RFC 9110 §12.5.4), most preferred
    /// first — a request's preferred languages for a server.
    ///
    /// Ranges are ordered by q-value, equal q-values in the header's order. Left out: ranges with
    /// `q=0`, the wildcard `*` (it names no language), repeats (compared without case; the first
    /// occurrence's q-value and position count) and malformed elements (a bad range, a bad
    /// q-value, an unknown parameter), which are skipped without affecting the others. Each range
    /// keeps the header's spelling. The same parser serves the C ABI
    /// (`lokale_parse_accept_language`) and the Python binding.
    ///
    /// ```swift
    /// LokaleRuntime.parseAcceptLanguage("da, en-gb;q=0.8, en;q=0.7")  // ["da", "en-gb", "en"]
    /// LokaleRuntime.parseAcceptLanguage("fr;q=0, *;q=0.5, de;q=1.5")  // []
    /// ```
    ///
    /// - Parameter header: the header's value (without `Accept-Language:`). Headers longer than
    ///   64 KiB give `[]`; only the first 64 distinct ranges are read.
    /// - Returns: the ranges, or `[]` when the header has none that is usable.
    public static func parseAcceptLanguage(_ header: String) -> [String] {
        AcceptLanguage.parse(header)
    }
}
