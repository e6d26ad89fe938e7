/// How a key lookup compares a key of the input with the name a model
/// asks for: as written (``ExactKeySpelling``), or as
/// `.convertFromSnakeCase` turns it into a name (``SnakeCaseKeySpelling``).
/// A type, so that each lookup loop is specialised for one of them.
protocol KeySpelling {
    /// Whether the key `entry`, a string entry of `input`, reads `wanted`.
    static func key(_ entry: TapeEntry, in input: UnsafeBufferPointer<UInt8>, spells wanted: UnsafeBufferPointer<UInt8>) -> Bool
}

/// Keys compared as written: a key without escapes, byte for byte.
enum ExactKeySpelling: KeySpelling {
    @inline(__always)
    static func key(_ entry: TapeEntry, in input: UnsafeBufferPointer<UInt8>, spells wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        entry.flags & TapeEntry.needsDecoding == 0 && entry.isPlainKey(wanted, in: input)
    }
}

/// Keys compared as `.convertFromSnakeCase` names them, in an object whose
/// keys are all plain snake case (``SnakeCase/plainNameLength(_:)``),
/// where the conversion tells keys apart as their bytes do.
enum SnakeCaseKeySpelling: KeySpelling {
    @inline(__always)
    static func key(_ entry: TapeEntry, in input: UnsafeBufferPointer<UInt8>, spells wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entry.flags & TapeEntry.needsDecoding == 0, entry.length >= wanted.count, let base = input.baseAddress else { return false }
        // bounds proven: the scanner (or flattening) wrote offset + length <= input.count for each
        // string entry, as `TapeEntry.isPlainKey(_:in:)` relies on; checked in debug builds.
        assert(entry.offset &+ entry.length <= input.count, "a key entry outside its input")
        return SnakeCase.plainKey(UnsafeBufferPointer(start: base + entry.offset, count: entry.length), convertsTo: wanted)
    }
}
