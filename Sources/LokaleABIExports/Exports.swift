#if canImport(Glibc)
import Glibc
#endif
import LokaleABIHeader
import CTable
import LokaleCore

// The C ABI of include/lokale.h, by concern: this file, RuntimeExports, BundleExports and
// MessageExports. Each function checks its arguments, calls LokaleCore and turns every error into
// a status; `@c @implementation` makes the compiler check each signature against the header.
// The functions that take a lokale_message, and the version and status functions, are in C
// (LokaleABIEntryPoints): they read the message once by its version and call the general paths
// here (MessageExports) for what the fast paths decline. Nothing here calls them back.

@c @implementation
public func lokale_table_format_version() -> Int32 { Int32(TableLayout.formatMajor) }

private let emptyString: StaticString = ""

@c @implementation
public func lokale_last_error() -> UnsafePointer<CChar>! {
    LastError.current ?? UnsafeRawPointer(emptyString.utf8Start).assumingMemoryBound(to: CChar.self)
}
