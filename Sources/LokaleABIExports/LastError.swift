#if canImport(Glibc)
import Glibc
#endif
import LokaleABIHeader
import LokaleCore

/// The thread-local message behind lokale_last_error(): one malloc'd C string per thread, freed
/// when the thread exits or the next error replaces it.
enum LastError {
    static let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k) { free($0) }
        return k
    }()

    static func set(_ message: String) {
        free(pthread_getspecific(key))
        pthread_setspecific(key, strdup(message))
    }

    static func clear() {
        if let p = pthread_getspecific(key) {
            free(p)
            pthread_setspecific(key, nil)
        }
    }

    static var current: UnsafePointer<CChar>? {
        pthread_getspecific(key).map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) }
    }
}

/// Runs `body`, turning a thrown LokaleError into its status code and the thread's last error.
@inline(__always)
func status(_ body: () throws(LokaleError) -> Void) -> Int32 {
    do {
        try body()
        return LOKALE_OK.rawValue
    } catch {
        LastError.set(error.message)
        return error.code.rawValue
    }
}

func invalid(_ message: String) -> LokaleError { LokaleError(.invalidArgument, message) }

/// The last error of the C ABI's functions written in C (LokaleABIEntryPoints).
@_cdecl("lk_set_last_error")
public func lk_set_last_error(_ message: UnsafePointer<CChar>) {
    LastError.set(String(cString: message))
}
