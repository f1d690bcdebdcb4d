import Lokale

/// The seeds' reusable label, off Apple platforms: four entry points that keep the caller's intent
/// apart, so that a message is never confused with text already shown.
///
/// | The caller has…                         | Entry point                  | Shown                          |
/// |-----------------------------------------|------------------------------|--------------------------------|
/// | a message to translate (key + default)  | `SummaryLabel(localized:)`   | looked up in the caller's bundle |
/// | a key, interpolation included           | `SummaryLabel(key:)`         | looked up in the caller's bundle |
/// | text to show exactly                    | `SummaryLabel(verbatim:)`    | as given                       |
/// | text it already localized               | `SummaryLabel(text:)`        | as given                       |
///
/// No entry point takes a plain `String` to look up: `"Collection: \(name)"` passed as a `String`
/// would already be finished text, and the catalog's `Collection: %@` would never be found.
public struct SummaryLabel: Sendable, CustomStringConvertible {
    /// The text the label shows.
    public let text: String

    /// A message the app wrote, looked up in `bundle` (the caller's: its messages live there).
    public init(localized message: Message, bundle: LokaleBundle) {
        text = bundle.string(message)
    }

    /// A key, with its interpolations kept as values: `SummaryLabel(key: "Collection: \(name)")`
    /// looks up `Collection: %@`. Without a bundle, the main bundle's.
    public init(key: Message, bundle: LokaleBundle? = nil) {
        let bundle = bundle ?? LokaleRuntime.shared.mainBundle ?? .module
        text = bundle.string(key)
    }

    /// Text shown exactly as given, never looked up.
    public init(verbatim value: String) {
        text = value
    }

    /// Text the caller already localized or composed.
    public init(text: String) {
        self.text = text
    }

    /// The label as the demo window draws it.
    public var description: String { "[ \(text) ]" }

    /// The title above the labels: a message of this library's own bundle, which follows the
    /// application's language.
    public static var heading: String {
        LokaleBundle.module.string(Message("summary.heading", defaultValue: "Summary",
                                           comment: "Title above the summary labels."))
    }
}
