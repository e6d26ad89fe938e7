/// The member names of a model with generated coders, as UTF-8 bytes laid
/// out once: what a generated decoder matches an object's keys against (no
/// `String` is made for a key), and what a generated encoder writes.
///
/// `@JSONCodable` keeps one table per model in a static constant, with the
/// names in the order of the model's properties; a property's position is
/// its field number in the generated code:
///
/// ```swift
/// static let generatedKeys = MemberKeys(["id", "screen_name"])
/// ```
///
/// A key is found by trying the field after the one found last (objects
/// mostly list their members in the model's order), then through a small
/// open-addressing table of the model's own names. The table holds only
/// the model's names, so whatever the input, a lookup probes at most
/// ``count`` slots.
public final class MemberKeys: @unchecked Sendable {
    // Immutable once made; kept in buffers the table owns, so a lookup
    // reads it with no array retained or bounds checked.
    /// Every name's UTF-8 as compact output writes it after a member,
    /// `,"name":`, one after another, then 16 zero bytes (for copies 16
    /// bytes at a time).
    private let bytes: GrowingBuffer<UInt8>
    /// For each name, where it starts in `bytes` (past its comma and
    /// opening quote; high 32 bits) and its length (low 32 bits), in one
    /// word for one load.
    private let spans: GrowingBuffer<Int>
    /// Field number + 1 of the name hashed to each slot (0: empty).
    private let slots: SlotTable<Int32>
    /// For each name that reads the same as JSON whatever the output's
    /// escaping options (printable ASCII with no quote, backslash or
    /// slash), where its `,"name":` starts in `bytes` (high 32 bits) and
    /// its length (low 32 bits), in one word for one load; 0 for the
    /// others, which go through the escaping writer.
    private let separatedNames: GrowingBuffer<Int>

    /// The number of names.
    ///
    /// ```swift
    /// MemberKeys(["id", "name"]).count   // 2
    /// ```
    public let count: Int

    /// The UTF-8 length of the longest name: no longer key is one of them.
    let longestName: Int

    /// Whether the table is never freed (``permanent(_:)``): an object a
    /// sink opens with it then holds it without a reference count.
    let isPermanent: Bool

    /// A table of `names`, in the model's property order, freed as any
    /// object is. A generated decoder matches keys with it; a sink does not
    /// keep it in the objects it opens (they may outlive it), so their
    /// members are named by their keys' `stringValue`. Encoders make theirs
    /// with ``permanent(_:)``.
    ///
    /// ```swift
    /// let keys = MemberKeys(["id", "screen_name"])
    /// ```
    public convenience init(_ names: [StaticString]) {
        self.init(names, isPermanent: false)
    }

    /// A table of `names` that is never freed, for a static constant (what
    /// `@JSONCodable` writes): objects a sink opens with it hold it without
    /// a reference count and write its names from its bytes. Each call
    /// makes a table that lives as long as the program, so make it once
    /// per model, in a static constant.
    ///
    /// ```swift
    /// static let generatedKeys = MemberKeys.permanent(["id", "screen_name"])
    /// ```
    public static func permanent(_ names: [StaticString]) -> MemberKeys {
        let keys = MemberKeys(names, isPermanent: true)
        _ = Unmanaged.passRetained(keys)  // never released: what lets a container hold it unretained
        return keys
    }

    private init(_ names: [StaticString], isPermanent: Bool) {
        self.isPermanent = isPermanent
        let utf8 = names.map { name in name.withUTF8Buffer { Array($0) } }
        count = names.count
        var bytes = GrowingBuffer<UInt8>(capacity: utf8.reduce(0) { $0 + $1.count + 4 } + 16)
        var spans = GrowingBuffer<Int>(capacity: count)
        var separatedNames = GrowingBuffer<Int>(capacity: count)
        var slots = SlotTable<Int32>(size: 2 * count)
        for (field, name) in utf8.enumerated() {
            let separated = bytes.count
            // Model names are static strings in the program: far below 4 GiB together.
            precondition(separated + 2 < 1 << 32 && name.count < 1 << 32, "member names beyond 4 GiB")
            spans.append((separated + 2) << 32 | name.count)
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            name.withUnsafeBufferPointer { bytes.append($0) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            let packs = separated < 1 << 32 && name.count + 4 < 1 << 32  // always, but for names of gigabytes
            separatedNames.append(packs && name.allSatisfy(Self.isPlain) ? separated << 32 | (name.count + 4) : 0)
            let hash = name.withUnsafeBufferPointer { Self.hash($0) }
            if let slot = slots.firstSlot(from: hash, where: { _ in false }) {  // at most half the slots are taken
                slots.insert(Int32(truncatingIfNeeded: field + 1), at: slot)
            }
        }
        bytes.append(repeating: 0, count: 16)
        longestName = utf8.map(\.count).max() ?? 0
        self.bytes = bytes
        self.spans = spans
        self.separatedNames = separatedNames
        self.slots = slots
        self.slots.checkInvariants { Self.hash(self.names.utf8(Int($0) - 1)) }
    }

    /// The bytes of name `field` when they are written as they are (see
    /// ``separatedNames``); else `nil`. Valid while the table lives.
    @inline(__always)
    func plainName(_ field: Int) -> UnsafeBufferPointer<UInt8>? {
        guard separatedName(field) != nil else { return nil }
        return names.utf8(field)  // bounds proven: separatedName checked 0 <= field < count
    }

    /// Where compact output's `,"name":` of name `field` starts, and its
    /// length, when the name reads the same as JSON (``plainName(_:)``);
    /// 16 readable bytes follow it. Valid while the table lives.
    @inline(__always)
    func separatedName(_ field: Int) -> (start: UnsafeRawPointer, count: Int)? {
        guard field >= 0, field < count else { return nil }
        let packed = separatedNames[field]  // bounds proven: 0 <= field < count
        guard packed != 0 else { return nil }
        // bounds proven: the offset is of a name written in `bytes` at init
        return (UnsafeRawPointer(bytes.pointer(at: packed >> 32)), packed & 0xFFFF_FFFF)
    }

    /// Name `field` as a string (for messages), or "" when there is no such field.
    func name(_ field: Int) -> String {
        guard field >= 0, field < count else { return "" }
        return String(decoding: names.utf8(field), as: UTF8.self)
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

    /// Whether `name` is one of the table's names (compared on its UTF-8).
    ///
    /// ```swift
    /// MemberKeys(["id"]).contains("id")   // true
    /// ```
    public func contains(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { field(of: $0, hint: -1) >= 0 }
    }

    /// The field whose name is `key`, or -1; `hint` is tried first.
    ///
    /// - Complexity: O(length of `key`) for the hint, then at most
    ///   ``count`` comparisons (each slot holds one of the model's names).
    @inline(__always)
    func field(of key: UnsafeBufferPointer<UInt8>, hint: Int) -> Int {
        if hint >= 0, hint < count, names.matches(key, field: hint) { return hint }
        return search(key)
    }

    /// The field whose name is `key`, or -1, through the hash table.
    @inline(never)  // the path of a key out of order: kept out of member loops
    private func search(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let names = self.names
        guard let slot = slots.firstSlot(from: Self.hash(key), where: { names.matches(key, field: Int($0) - 1) }) else { return -1 }
        return Int(slots[slot]) - 1  // -1 for an empty slot
    }

    /// The names' spans and bytes, read once: a loop over an object's
    /// members holds them in registers, where loads of the table's own
    /// properties would be made again after every store the loop makes.
    @inline(__always)
    var names: Names { Names(spans: UnsafePointer(spans.pointer(at: 0)), bytes: UnsafePointer(bytes.pointer(at: 0)), count: count) }

    /// A table's names as ``names`` reads them: valid while the table lives.
    struct Names {
        let spans: UnsafePointer<Int>
        let bytes: UnsafePointer<UInt8>
        /// The number of names.
        let count: Int

        /// The UTF-8 of name `field`, for `0 <= field < count`.
        @inline(__always)
        func utf8(_ field: Int) -> UnsafeBufferPointer<UInt8> {
            assert(field >= 0 && field < count, "a field outside the table")
            let span = spans[field]  // bounds proven: 0 <= field < count (callers)
            // bounds proven: the span of a name written in `bytes` at init
            return UnsafeBufferPointer(start: bytes + (span >> 32), count: span & 0xFFFF_FFFF)
        }

        /// Whether `key` is name `field`, for `0 <= field < count`.
        @inline(__always)
        func matches(_ key: UnsafeBufferPointer<UInt8>, field: Int) -> Bool {
            let name = utf8(field)
            guard name.count == key.count else { return false }
            // The count known equal, so that the compiler picks the comparison's width from the key alone.
            return bytesEqual(UnsafeBufferPointer(start: name.baseAddress, count: key.count), key)
        }
    }
}
