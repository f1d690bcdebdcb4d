#if canImport(Glibc)
import Glibc
#endif

/// The user's preferred languages as a POSIX system states them: `LANGUAGE` (a colon-separated
/// list), then the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set. `C`/`POSIX` name no language.
public enum SystemLanguages {
    public static func preferred(environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }) -> [String] {
        var result: [String] = []
        func add(_ raw: Substring) {
            guard case .success(let tag) = LanguageTag.canonical(String(raw)), !result.contains(tag) else { return }
            result.append(tag)
        }
        var locale: String? = nil
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = environment(name), !v.isEmpty { locale = v; break }
        }
        if let language = environment("LANGUAGE"), !language.isEmpty {
            for part in language.split(separator: ":") { add(part) }
        }
        if let locale { add(Substring(locale)) }
        return result
    }

}
