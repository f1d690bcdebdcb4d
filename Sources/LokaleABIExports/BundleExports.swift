#if canImport(Glibc)
import Glibc
#endif
import LokaleABIHeader
import CTable
import LokaleCore

// MARK: Bundles

/// lokale_bundle_open when the C start declines (start_entry_points.c): a runtime the Swift runtime
/// runs (or takes over here), a file or table the start does not serve.
@_cdecl("lk_bundle_open_general")
public func lk_bundle_open_general(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ runtime: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ flags: UInt32) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let r = try runtimeHandle(runtime).runtime
        let p = String(decoding: try bytes(path, -1, "path", limit: 4096), as: UTF8.self)
        let known = LOKALE_OPEN_MAIN | LOKALE_OPEN_VERIFY | LOKALE_OPEN_COPY | LOKALE_OPEN_MAP
        guard flags & ~known == 0 else { throw invalid("unknown flags 0x\(String(flags & ~known, radix: 16))") }
        let copy = flags & LOKALE_OPEN_COPY != 0, map = flags & LOKALE_OPEN_MAP != 0
        guard !(copy && map) else { throw invalid("LOKALE_OPEN_COPY and LOKALE_OPEN_MAP exclude each other") }
        let bundle = try r.open(path: p, main: flags & LOKALE_OPEN_MAIN != 0, verify: flags & LOKALE_OPEN_VERIFY != 0,
                                loading: copy ? .copy : map ? .map : .automatic)
        out.pointee = newBundlePointer(BundleHandle(bundle))
    }
}

@c @implementation
public func lokale_bundle_open_memory(_ out: UnsafeMutablePointer<OpaquePointer?>!, _ runtime: OpaquePointer!, _ data: UnsafeRawPointer!,
                                      _ size: Int, _ flags: UInt32) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let r = try runtimeHandle(runtime).runtime
        guard let data else { throw invalid("data is NULL") }
        // size_t arrives as Int: a size of 2^63 or more reads as negative.
        guard size >= 0 else { throw invalid("size \(UInt(bitPattern: size)) is larger than any compiled table (4 GiB)") }
        let known = LOKALE_OPEN_MAIN | LOKALE_OPEN_VERIFY | LOKALE_OPEN_COPY
        guard flags & LOKALE_OPEN_MAP == 0 else { throw invalid("LOKALE_OPEN_MAP is for files; a table in memory is read where it is") }
        guard flags & ~known == 0 else { throw invalid("unknown flags 0x\(String(flags & ~known, radix: 16))") }
        let bundle = try r.open(memory: UnsafeRawBufferPointer(start: data, count: size), main: flags & LOKALE_OPEN_MAIN != 0,
                                verify: flags & LOKALE_OPEN_VERIFY != 0, copy: flags & LOKALE_OPEN_COPY != 0)
        out.pointee = newBundlePointer(BundleHandle(bundle))
    }
}

@c @implementation
public func lokale_bundle_reload(_ reloaded: UnsafeMutablePointer<Int32>!, _ bundle: OpaquePointer!, _ flags: UInt32) -> Int32 {
    status { () throws(LokaleError) in
        reloaded?.pointee = 0
        let h = try bundleHandle(bundle)
        let known = LOKALE_RELOAD_FORCE | LOKALE_RELOAD_VERIFY
        guard flags & ~known == 0 else { throw invalid("unknown flags 0x\(String(flags & ~known, radix: 16))") }
        let done = try h.bundle.reload(force: flags & LOKALE_RELOAD_FORCE != 0, verify: flags & LOKALE_RELOAD_VERIFY != 0)
        reloaded?.pointee = done ? 1 : 0
    }
}

/// lokale_bundle_free of a bundle the C start did not make, or that the Swift runtime took over.
@_cdecl("lk_bundle_free_general")
public func lk_bundle_free_general(_ bundle: OpaquePointer?) {
    guard let bundle else { return }
    freeBundlePointer(bundle)
}

/// The facts of a bundle the Swift runtime runs (the C start answers its own bundles').
@_cdecl("lk_bundle_identifier_general")
public func lk_bundle_identifier_general(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ bundle: OpaquePointer?) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = try bundleHandle(bundle).bundle.table.identifierPointer
    }
}

@_cdecl("lk_bundle_development_localization_general")
public func lk_bundle_development_localization_general(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ bundle: OpaquePointer?) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        let t = try bundleHandle(bundle).bundle.table
        out.pointee = t.localizationNamePointers[t.developmentLocalization]
    }
}

@_cdecl("lk_bundle_localizations_general")
public func lk_bundle_localizations_general(_ out: UnsafeMutablePointer<UnsafePointer<UnsafePointer<CChar>?>?>?, _ count: UnsafeMutablePointer<Int>?, _ bundle: OpaquePointer?) -> Int32 {
    status { () throws(LokaleError) in
        guard let out, let count else { throw invalid("out or count is NULL") }
        let (names, n) = try bundleHandle(bundle).names()
        out.pointee = UnsafePointer(names)
        count.pointee = n
    }
}

@c @implementation
public func lokale_bundle_preferred_localizations(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!, _ bundle: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        try emit(try bundleHandle(bundle).bundle.preferredLocalizations.joined(separator: ",").utf8, dst, capacity, needed)
    }
}

