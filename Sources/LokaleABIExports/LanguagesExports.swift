import LokaleABIHeader
import CTable
import LokaleCore

// MARK: Per-call languages

@c @implementation
public func lokale_languages_new(_ out: UnsafeMutablePointer<OpaquePointer?>!, _ runtime: OpaquePointer!,
                                 _ list: UnsafePointer<UnsafePointer<CChar>?>!, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let r = try runtimeHandle(runtime).runtime
        // NULL with no count is an empty list (the development localization), not the environment.
        out.pointee = try newLanguages(r.languages(try languages(list, count) ?? []))
    }
}

@c @implementation
public func lokale_languages_from_accept_language(_ out: UnsafeMutablePointer<OpaquePointer?>!, _ runtime: OpaquePointer!,
                                                  _ header: UnsafePointer<CChar>!, _ length: Int) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        _ = try runtimeHandle(runtime) // checked, as by lokale_languages_new; lists belong to the process
        let h = String(decoding: try bytes(header, length, "header", limit: AcceptLanguage.maxHeaderBytes), as: UTF8.self)
        out.pointee = try newLanguages(Languages.forHeader(h))
    }
}

private func newLanguages(_ l: Languages) throws(LokaleError) -> OpaquePointer {
    guard let p = newLanguagesPointer(l) else { throw LokaleError(.outOfMemory, "no memory for a language list") }
    return p
}

@c @implementation
public func lokale_languages_list(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!,
                                  _ languages: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        try emit(try languagesHandle(languages).list.joined(separator: ",").utf8, dst, capacity, needed)
    }
}

@c @implementation
public func lokale_languages_free(_ languages: OpaquePointer!) {
    guard let languages else { return }
    freeLanguagesPointer(languages)
}
