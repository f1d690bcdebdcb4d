#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCore

// Input: language tags separated by newlines; a line "--" splits the user's preferences from the
// bundle's localizations. Every tag is canonicalized; both matchers order the lists.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64).map(String.init)
    let split = lines.firstIndex(of: "--")
    let preferred = Array(split.map { lines[..<$0] } ?? lines[...])
    var available = split.map { Array(lines[($0 + 1)...]) } ?? lines.reversed()
    for tag in lines {
        if case .success(let c) = LanguageTag.canonical(tag) { _ = LanguageTag.language(of: c) }
    }
    if available.isEmpty { available = ["en"] }
    _ = AppleMatcher().order(preferred: preferred, available: available)
    _ = ICUMatcher().order(preferred: preferred, available: available)
    if let m = ICULocaleMatcher(supported: available, parameters: .init()) { _ = m.bestMatch(preferred) }
    _ = Negotiation.order(preferred: preferred, available: available, development: available[0], matcher: AppleMatcher())
    let runtime = Runtime(preferredLanguages: preferred)
    if let first = preferred.first { _ = try? runtime.setLanguage(first) }
    return 0
}

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzLanguage(data, size)
}
