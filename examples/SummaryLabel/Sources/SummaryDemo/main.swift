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
//     SummaryDemo --serve HEADER...        answer requests concurrently, each in the languages of
//                                          its Accept-Language HEADER (a server's way)

struct Options {
    var counts: [Int] = []
    var switchTo: String? = nil
    var setLanguage: String? = nil
    var requests: [String] = []

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
            case "--serve":
                requests = Array(rest)
                rest = []
                if requests.isEmpty { usage("--serve needs at least one Accept-Language header") }
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

/// The seeds' resource: a stable key whose integer stays an integer (`%lld`) until the language
/// that answers chooses its plural form. The plugin generates `Message.Localizable.summaryItemCount`
/// from the catalog's `summary.item-count`: a misspelled key or a count of the wrong type does not
/// compile.
func itemCountLabel(_ itemCount: Int, bundle: LokaleBundle) -> SummaryLabel {
    SummaryLabel(localized: .Localizable.summaryItemCount(count: itemCount), bundle: bundle)
}

/// The window's lines, in the runtime's language — or the request's, inside `withLanguages`.
func window(counts: [Int], runtime: LokaleRuntime) -> [String] {
    // The library's bundle is used first: it follows the application's language all the same.
    var lines = ["== \(SummaryLabel.heading) =="]
    let bundle = LokaleBundle.module
    let code = bundle.currentLocalization ?? "?"
    let language: String = runtime.displayName(of: code) ?? code
    lines.append("\(SummaryLabel(localized: Message("Language: \(language)", comment: "The language the window is shown in, by its own name."), bundle: bundle))")
    for itemCount in counts { lines.append("\(itemCountLabel(itemCount, bundle: bundle))") }
    let collectionLabel = "Sample Set"
    lines.append("\(SummaryLabel(key: "Collection: \(collectionLabel)"))")
    lines.append("\(SummaryLabel(verbatim: collectionLabel))")
    lines.append("\(SummaryLabel(text: bundle.string(Message("Preview", comment: "Heading for a preview of the current item selection."))))")
    return lines
}

func show(counts: [Int], runtime: LokaleRuntime) {
    for line in window(counts: counts, runtime: runtime) { print(line) }
}

/// Each request in its own task, all at once, each in its client's languages; printed in order.
func serve(_ headers: [String], counts: [Int], runtime: LokaleRuntime) async {
    let pages = await withTaskGroup(of: (Int, [String]).self) { group in
        for (i, header) in headers.enumerated() {
            group.addTask {
                await LokaleRuntime.withLanguages(LokaleRuntime.parseAcceptLanguage(header)) {
                    await Task.yield() // a request may resume on another thread: its languages follow it
                    return (i, window(counts: counts, runtime: runtime))
                }
            }
        }
        var pages = Array(repeating: [String](), count: headers.count)
        for await (i, page) in group { pages[i] = page }
        return pages
    }
    for (header, page) in zip(headers, pages) {
        print("-- Accept-Language: \(header) --")
        for line in page { print(line) }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let runtime = LokaleRuntime.shared
// The application's bundle is the main bundle: opened before the library's is used, so that the
// library follows its language from the first line. (With tables shipped as resources the library
// would find it beside the executable; an embedded table is opened only by this accessor.)
_ = LokaleBundle.module

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

if !options.requests.isEmpty {
    await serve(options.requests, counts: options.counts, runtime: runtime)
    exit(0)
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
