#if canImport(Glibc)
import Glibc
#endif

/// The process's environment, as the runtime reads it.
@usableFromInline enum Environment {
    /// The variable `name`, nil when it is unset. Through `withCString`: a short String passed
    /// where C takes a pointer is copied into a new array.
    @usableFromInline static func variable(_ name: String) -> String? {
        name.withCString { getenv($0) }.map { String(cString: $0) }
    }
}
