/// The UTF-8 names of the values of a one-byte coding key type (the cases
/// of a `CodingKey` enum), each asked of `stringValue` once and kept: a
/// keyed container's lookup then reads a key's name here, without calling
/// `stringValue` through the protocol and releasing the `String` it
/// returns, on every `decode(_:forKey:)`.
///
/// A value of one byte holds no reference, so its byte is the value; its
/// name is taken to follow from the value alone, as `CodingKey` intends
/// (a key type whose `stringValue` changes between calls for one value
/// would see its first answer for the rest of the decode). One table
/// serves one key type (``JSONKeyedContainerOpener``), so it holds at most
/// 256 names, all of them the model's.
///
/// ```swift
/// let names = KeyNameTable(for: CodingKeys.self)   // nil unless keys are one byte
/// let id = names?.name(of: CodingKeys.id)   // the UTF-8 of "id"
/// ```
final class KeyNameTable {
    /// Per byte value: where its name starts in ``bytes`` (high 32 bits)
    /// and its length (low 32 bits); -1 while not yet asked.
    @exclusivity(unchecked) private var spans = GrowingBuffer<Int>(capacity: 256)
    /// The names asked so far, one after another.
    @exclusivity(unchecked) private var bytes = GrowingBuffer<UInt8>(capacity: 256)

    /// A table for the values of `Key`, or `nil` when they are not one byte.
    init?<Key: CodingKey>(for key: Key.Type) {
        guard MemoryLayout<Key>.size == 1 else { return nil }
        spans.append(repeating: -1, count: 256)
    }

    /// The UTF-8 of `key`'s name; `key` must be of the type the table was
    /// made for. The bytes are valid until the table is next asked for a
    /// name it does not have yet: read them at once.
    @inline(__always)
    func name<Key: CodingKey>(of key: Key) -> UnsafeBufferPointer<UInt8> {
        assert(MemoryLayout<Key>.size == 1, "a key type of more than one byte")
        let value = Int(unsafeBitCast(key, to: UInt8.self))  // one byte, no reference: the byte is the value
        var span = spans[value]  // bounds proven: value < 256 = spans.count
        if span < 0 { span = add(key, at: value) }
        // bounds proven: the span of a name written in `bytes` by `add`
        return UnsafeBufferPointer(start: bytes.pointer(at: span >> 32), count: span & 0xFFFF_FFFF)
    }

    /// Asks `key` its name, keeps it for `value`, and returns its span.
    @inline(never)  // once per key value
    private func add<Key: CodingKey>(_ key: Key, at value: Int) -> Int {
        var name = key.stringValue
        let start = bytes.count
        // The model's names, at most 256 of them: far below 4 GiB (packed in 32 bits each).
        precondition(start < 1 << 32 && name.utf8.count < 1 << 32, "key names beyond 4 GiB")
        name.withUTF8 { bytes.append($0) }
        let span = start << 32 | name.utf8.count
        spans[value] = span  // bounds proven: value < 256 = spans.count
        return span
    }
}
