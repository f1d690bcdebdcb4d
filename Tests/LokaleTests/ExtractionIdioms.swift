import Foundation
import Lokale

// The documented ways a Swift program hands Lokale a message (docs/SWIFT.md), compiled into the
// tests and run by ExtractionAgreesWithRuntimeTests — which also extracts this very file, so that
// the keys `lokale extract` writes are checked against the keys these calls look up at run time.
// Every literal below that becomes a Message must be found; nothing else may be.

/// The seeds' reusable label: a `Message` parameter keeps the caller's interpolations as values.
struct IdiomLabel {
    let text: String
    init(key: Message, bundle: LokaleBundle) { text = bundle.string(key) }
}

/// A function of the program's own that takes a `Message` (the first parameter, unlabeled).
func idiomCaption(_ message: Message, in bundle: LokaleBundle) -> String { bundle.string(message) }

/// Each idiom's text in `bundle`.
func extractionIdioms(_ bundle: LokaleBundle) -> [String] {
    let name = "Sample Set", count = 3
    let ratio: Double = 0.5
    let big: UInt = 7, small: Int32 = -2, single: Float = 1.5, byte: UInt8 = 8, wide: Int64 = 64
    let points: CGFloat = 2
    let title: Message = "Title for \(name)"
    return [
        bundle.string("Collection: \(name)"),
        bundle.string("\(count) items in \(name)"),
        bundle.string(Message("summary.item-count", defaultValue: "\(count) items",
                              comment: "Summary below the item-count control.")),
        bundle.string("Ratio \(ratio) big \(big) small \(small) single \(single) byte \(byte) wide \(wide)"),
        bundle.string("Points: \(points)"),
        bundle.string(title),
        IdiomLabel(key: "Label for \(name)", bundle: bundle).text,
        idiomCaption("\(count)% done", in: bundle),
        bundle.string("Plain text, 100%"),
        bundle.string("Hello \(name)", languages: ["en"]),
        bundle.explain("Explained \(count)").result,
        bundle.string(Message("Preview", table: "Panels", comment: "Heading of the preview.")),
    ]
}
