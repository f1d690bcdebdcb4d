#if canImport(Glibc)
import Glibc
#endif
import Lokale
import SummaryKit

// The seeds' window, as text: a heading (the library's message), the item count with its plural,
// the collection's name inside a message and verbatim, and a heading the caller localized.
//
//     SummaryDemo [--count N]...           show the window for each count (default 0 1 2 5)
//     SummaryDemo --switch LANGUAGE        show it, switch the in-app language, show it again
//     SummaryDemo --set-language LANGUAGE  keep LANGUAGE as the in-app language ("system" resets)

struct Options {
    var counts: [Int] = []
    var switchTo: String? = nil
    var setLanguage: String? = nil

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let a = rest.popFirst() {
            switch a {
            case "--count":
                guard let v = rest.popFirst().flatMap({ Int($0) }) else { usage("--count needs a number") }
                counts.append(v)
            case "--switch":
                guard let v = rest.popFirst() else { usage("--switch needs a language") }
                switchTo = v
            case "--set-language":
                guard let v = rest.popFirst() else { usage("--set-language needs a language") }
                setLanguage = v
            default: usage("unknown argument \(a)")
            }
        }
        if counts.isEmpty { counts = [0, 1, 2, 5] }
    }
}

func usage(_ message: String) -> Never {
    print("SummaryDemo: \(message)")
    exit(2)
}

/// The seeds' resource: a stable key, and a default value whose integer stays an integer (`%lld`)
/// until the language that answers chooses its plural form.
func itemCountLabel(_ itemCount: Int, bundle: LokaleBundle) -> SummaryLabel {
    SummaryLabel(localized: Message("summary.item-count", defaultValue: "\(itemCount) items",
                                    comment: "Summary below the item-count control. The integer is the number of items."),
                 bundle: bundle)
}

func show(counts: [Int], runtime: LokaleRuntime) {
    // The library's bundle is used first: it follows the application's language all the same.
    print("== \(SummaryLabel.heading) ==")
    let bundle = LokaleBundle.module
    let code = bundle.currentLocalization ?? "?"
    let language: String = runtime.displayName(of: code) ?? code
    print(SummaryLabel(localized: Message("Language: \(language)", comment: "The language the window is shown in, by its own name."),
                       bundle: bundle))
    for itemCount in counts { print(itemCountLabel(itemCount, bundle: bundle)) }
    let collectionLabel = "Sample Set"
    print(SummaryLabel(key: "Collection: \(collectionLabel)"))
    print(SummaryLabel(verbatim: collectionLabel))
    print(SummaryLabel(text: bundle.string(Message("Preview", comment: "Heading for a preview of the current item selection."))))
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let runtime = LokaleRuntime.shared

if let language = options.setLanguage {
    // The choice is kept under the main bundle's identifier, known once the bundle is open.
    _ = LokaleBundle.module
    do {
        try runtime.setLanguage(language == "system" ? nil : language)
        print("in-app language: \(runtime.language ?? "system")")
        exit(0)
    } catch {
        print("SummaryDemo: \(error)")
        exit(1)
    }
}

show(counts: options.counts, runtime: runtime)
if let language = options.switchTo {
    // One element per change from the moment of subscription: the window redraws when it comes.
    var changes = runtime.changes.makeAsyncIterator()
    do {
        try runtime.setLanguage(language)
    } catch {
        print("SummaryDemo: \(error)")
        exit(1)
    }
    _ = await changes.next()
    print("-- switched to \(runtime.language ?? "system") --")
    show(counts: options.counts, runtime: runtime)
}
