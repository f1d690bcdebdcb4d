internal import CTable

/// The user's preferred languages as a POSIX system states them: `LANGUAGE` (a colon-separated
/// list), then the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set. `C`/`POSIX` name no language.
public enum SystemLanguages {
    public static func preferred(environment: (String) -> String? = Environment.variable) -> [String] {
        canonical(stated(environment: environment))
    }

    /// The languages as the environment spells them, in order, not yet read (`de_DE.UTF-8`).
    /// The rule is CTable's `lk_stated_languages`, which a start without the Swift runtime applies too.
    static func stated(environment: (String) -> String? = Environment.variable) -> [String] {
        let (language, all, messages, lang) = (environment("LANGUAGE"), environment("LC_ALL"), environment("LC_MESSAGES"), environment("LANG"))
        let list: [UInt8] = withOptionalCString(language) { a in withOptionalCString(all) { b in
            withOptionalCString(messages) { c in withOptionalCString(lang) { d in
                let n = lk_stated_languages(nil, 0, a, b, c, d)
                return [UInt8](unsafeUninitializedCapacity: n) { buffer, count in
                    count = lk_stated_languages(UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), n, a, b, c, d)
                }
            } }
        } }
        return list.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// `stated` languages as canonical tags, each once; the ones that name no language left out.
    static func canonical(_ stated: [String]) -> [String] {
        var result: [String] = []
        for raw in stated {
            guard case .success(let tag) = LanguageTag.canonical(raw), !result.contains(tag) else { continue }
            result.append(tag)
        }
        return result
    }

}

/// `body` with `s` as a C string, or with nil.
func withOptionalCString<R>(_ s: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let s else { return body(nil) }
    return s.withCString { body($0) }
}
