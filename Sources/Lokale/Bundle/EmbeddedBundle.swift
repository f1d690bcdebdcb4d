import LokaleCore

extension LokaleBundle {
    /// The bundle of a target whose table `LokaleCompilerPlugin` embedded in the program
    /// (`"embed": true` in the target's `lokale.json`); the generated `LokaleBundle.module` calls
    /// this. `table` is the compiled table in base64 (whitespace ignored): a string literal
    /// type-checks in linear time, where an array literal of a megabyte takes the compiler
    /// minutes. It is decoded and opened once per runtime, on first use.
    ///
    /// No file is read, so the program runs wherever it is copied, alone. Such a bundle has no hot
    /// reload (`reload()` throws, `explain` says why). A table that does not decode or open gives
    /// a bundle whose messages show their default values, as a missing resource does.
    public static func module(embedded table: StaticString, identifier: String, kind: ModuleKind,
                              runtime: LokaleRuntime = .shared) -> LokaleBundle {
        guard table.hasPointerRepresentation else {
            return module(embeddedBase64: UnsafeRawBufferPointer(start: nil, count: 0), identifier: identifier, kind: kind, runtime: runtime)
        }
        return module(embeddedBase64: UnsafeRawBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount),
                      identifier: identifier, kind: kind, runtime: runtime)
    }

    static func module(embeddedBase64 table: UnsafeRawBufferPointer, identifier: String, kind: ModuleKind,
                       runtime: LokaleRuntime) -> LokaleBundle {
        // A framework used before the executable's bundle still finds an executable table shipped
        // as a resource; an embedded one is opened when the executable first uses its module.
        if kind == .framework { runtime.discoverMainModule() }
        // Not a path: no file resolves to it, so an embedded table never shares a file's entry.
        let key = "embedded:" + identifier
        return runtime.openModule(key: key, identifier: identifier, main: kind == .main) { asMain throws(LokaleError) in
            guard let bytes = Base64.decode(table) else {
                throw LokaleError(.corrupt, "the embedded table is not base64 (regenerate it with lokale compile --swift-embed)")
            }
            return try runtime.core.open(table: bytes, main: asMain)
        }
    }
}

/// The decoder of the plugin's embedded tables (no Foundation here).
enum Base64 {
    private static let values: [Int8] = {
        var v = [Int8](repeating: -1, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { v[Int(c)] = Int8(i) }
        return v
    }()

    /// The bytes of `text`, skipping spaces and line breaks; nil for any other character outside
    /// the alphabet, or a length that is not whole quanta.
    static func decode(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var quantum: UInt32 = 0, filled = 0, padding = 0
        for c in text {
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            if c == UInt8(ascii: "=") {
                padding += 1
                quantum <<= 6
            } else {
                let v = values[Int(c)]
                guard v >= 0, padding == 0 else { return nil }
                quantum = quantum << 6 | UInt32(v)
            }
            filled += 1
            if filled == 4 {
                guard padding <= 2 else { return nil }
                out.append(UInt8(truncatingIfNeeded: quantum >> 16))
                if padding < 2 { out.append(UInt8(truncatingIfNeeded: quantum >> 8)) }
                if padding < 1 { out.append(UInt8(truncatingIfNeeded: quantum)) }
                quantum = 0
                filled = 0
                if padding > 0 { padding = 3 } // nothing may follow a padded quantum
            }
        }
        return filled == 0 ? out : nil
    }
}
