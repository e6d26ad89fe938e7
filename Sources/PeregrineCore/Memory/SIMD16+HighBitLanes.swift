#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

extension SIMD16 where Scalar == UInt8 {
    /// The lanes whose high bit is set, one bit each (lane 0 the lowest):
    /// what the byte scans test after marking the bytes they look for,
    /// each found by a lane-wise comparison (which sets a lane to 0xFF).
    ///
    /// On x86-64 this is one `pmovmskb` (SSE2, part of every x86-64
    /// processor, so no compiler flag is needed); elsewhere each half's
    /// eight high bits are gathered by a multiplication.
    ///
    /// ```swift
    /// let quotes = chunk .== SIMD16(repeating: UInt8(ascii: "\""))
    /// unsafeBitCast(quotes, to: SIMD16<UInt8>.self).highBitLanes   // a bit for each quote
    /// ```
    @inline(__always)
    var highBitLanes: UInt32 {
        #if arch(x86_64)
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(self, to: __m128i.self)))
        #else
        return gatheredHighBitLanes
        #endif
    }

    /// ``highBitLanes`` without `pmovmskb`, for processors other than
    /// x86-64 (and tested on every one): bit 7 of byte k of each half lands
    /// in bit 56 + k of its product, and no two bits carry into each other.
    @inline(__always)
    var gatheredHighBitLanes: UInt32 {
        let words = unsafeBitCast(self & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
        let gather: UInt64 = 0x0002_0408_1020_4081
        return UInt32(truncatingIfNeeded: (words[0] &* gather) >> 56 | ((words[1] &* gather) >> 56) << 8)
    }

    /// The first lane whose high bit is set (see ``highBitLanes``), or
    /// `nil` when none is. Elsewhere than on x86-64, the two halves are
    /// tested as words, which needs no multiplication.
    ///
    /// ```swift
    /// unsafeBitCast(chunk .!= spaces, to: SIMD16<UInt8>.self).firstHighBitLane   // the first byte that is not a space
    /// ```
    @inline(__always)
    var firstHighBitLane: Int? {
        #if arch(x86_64)
        let lanes = highBitLanes
        return lanes == 0 ? nil : lanes.trailingZeroBitCount
        #else
        let words = unsafeBitCast(self & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
        if words[0] != 0 { return words[0].trailingZeroBitCount >> 3 }
        if words[1] != 0 { return 8 &+ words[1].trailingZeroBitCount >> 3 }
        return nil
        #endif
    }
}
