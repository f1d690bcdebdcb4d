/// The user's preferred languages as a POSIX system states them: `LANGUAGE` (a colon-separated
/// list), then the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set. `C`/`POSIX` name no language.
public enum SystemLanguages {
    public static func preferred(environment: (String) -> String? = Environment.variable) -> [String] {
        canonical(stated(environment: environment))
    }

    /// The languages as the environment spells them, in order, not yet read (`de_DE.UTF-8`).
    static func stated(environment: (String) -> String? = Environment.variable) -> [String] {
        var result: [String] = []
        if let language = environment("LANGUAGE"), !language.isEmpty {
            result += language.split(separator: ":").map(String.init)
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = environment(name), !v.isEmpty { result.append(v); break }
        }
        return result
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
