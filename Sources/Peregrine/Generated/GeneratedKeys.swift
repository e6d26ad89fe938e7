/// The member names of a model with generated coders, as UTF-8 bytes laid
/// out once: what a generated decoder matches an object's keys against (no
/// `String` is made for a key), and what a generated encoder writes.
///
/// `@JSONCodable` keeps one table per model in a static constant, with the
/// names in the order of the model's properties; a property's position is
/// its field number in the generated code:
///
/// ```swift
/// static let generatedKeys = GeneratedKeys(["id", "screen_name"])
/// ```
///
/// A key is found by trying the field after the one found last (objects
/// mostly list their members in the model's order), then through a small
/// open-addressing table of the model's own names. The table holds only
/// the model's names, so whatever the input, a lookup probes at most
/// ``count`` slots.
public final class GeneratedKeys: Sendable {
    /// Every name's UTF-8, one after another.
    let bytes: [UInt8]
    /// Where each name starts in ``bytes``, and one more: the end of the last.
    let starts: [Int]
    /// Field number + 1 of the name hashed to each slot (0: empty).
    private let slots: [Int32]
    /// Each name written as a JSON member name (`"name"`), for the names
    /// that read the same whatever the output's escaping options: printable
    /// ASCII with no quote, backslash or slash. Others are written through
    /// the escaping writer.
    let quoted: [[UInt8]?]

    /// The number of names.
    ///
    /// ```swift
    /// GeneratedKeys(["id", "name"]).count   // 2
    /// ```
    public var count: Int { starts.count - 1 }

    /// A table of `names`, in the model's property order.
    ///
    /// ```swift
    /// let keys = GeneratedKeys(["id", "screen_name"])
    /// ```
    public init(_ names: [StaticString]) {
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        var quoted: [[UInt8]?] = []
        for name in names {
            let utf8 = name.withUTF8Buffer { Array($0) }
            bytes += utf8
            starts.append(bytes.count)
            quoted.append(utf8.allSatisfy(Self.isPlain) ? [UInt8(ascii: "\"")] + utf8 + [UInt8(ascii: "\"")] : nil)
        }
        var size = 4
        while size < 2 * names.count { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for field in names.indices {
            let name = bytes[starts[field]..<starts[field + 1]]
            var slot = name.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(truncatingIfNeeded: field + 1)
        }
        self.bytes = bytes
        self.starts = starts
        self.slots = slots
        self.quoted = quoted
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "/")
    }

    /// FNV-1a of the bytes: the table holds a handful of known names, so
    /// any hash that spreads them will do.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }

    /// The field whose name is `key`, or -1; `hint` is tried first.
    ///
    /// - Complexity: O(length of `key`) for the hint, then at most
    ///   ``count`` comparisons (each slot holds one of the model's names).
    func field(of key: UnsafeBufferPointer<UInt8>, hint: Int) -> Int {
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                if hint >= 0, hint + 1 < starts.count, matches(key, field: hint, all, starts) { return hint }
                return slots.withUnsafeBufferPointer { slots in
                    let mask = slots.count - 1
                    var slot = Self.hash(key) & mask
                    for _ in 0..<slots.count {
                        let field = Int(slots[slot]) - 1  // bounds proven: slot <= mask < slots.count
                        if field < 0 { return -1 }
                        if matches(key, field: field, all, starts) { return field }
                        slot = (slot + 1) & mask
                    }
                    return -1
                }
            }
        }
    }

    @inline(__always)
    private func matches(_ key: UnsafeBufferPointer<UInt8>, field: Int, _ all: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<Int>) -> Bool {
        // bounds proven: 0 <= field < count (callers), starts has count + 1 entries ascending within all
        let start = starts[field]
        let end = starts[field + 1]
        return end - start == key.count && bytesEqual(UnsafeBufferPointer(rebasing: all[start..<end]), key)
    }
}
