import Foundation

extension StreamEncoder {
    /// Writes an array of numbers, strings or Booleans in one loop, skipping
    /// the per-element trip through an unkeyed container.
    func encodeArray<T>(_ kind: FastArray, _ value: T) throws {
        _ = stream.open(object: false)
        let position = stream.depth - 1
        @inline(__always)  // each kind's loop specialised with its element's write
        func write<Element>(_ elements: [Element]?, _ write: (Element) throws -> Void) throws {
            for element in elements ?? [] {
                stream.beginElement(at: position)
                try write(element)
            }
        }
        switch kind {
        case .double: try write(value as? [Double]) { try stream.write($0) }
        case .float: try write(value as? [Float]) { try stream.write($0) }
        case .int: try write(value as? [Int]) { stream.write(JSON.Number($0)) }
        case .int64: try write(value as? [Int64]) { stream.write(JSON.Number($0)) }
        case .string: try write(value as? [String]) { stream.write($0) }
        case .bool: try write(value as? [Bool]) { stream.write($0) }
        case .doubleArray: try write(value as? [[Double]]) { try StreamEncoder(stream: stream).encodeValue($0) }
        }
    }
}

/// A keyed container writing members into an open object of the stream.
/// A key written twice, or a write after the object was closed, turns the
/// stream into a tree, which then takes this container's writes.
struct StreamKeyedContainer<Key: CodingKey>: KeyedNumberEncoding {
    let stream: EncodingStream
    /// The object's place in the stack of open frames, and where it starts in the output.
    let position: Int
    let start: Int

    init(stream: EncodingStream, frame: (position: Int, start: Int)) {
        self.stream = stream
        (position, start) = frame
    }

    var codingPath: [any CodingKey] { stream.codingPath(ofFrameAt: position, start: start) }

    /// Begins member `key` in the stream; `false` when the tree takes it.
    private func begin(_ key: Key) -> Bool {
        guard stream.tree == nil, stream.isOpen(start, at: position) else {
            stream.turnIntoTree()
            return false
        }
        return stream.beginMember(key, at: position, start: start)
    }

    /// Begins a member whose encoding may read its coding path.
    private func beginTracked(_ key: Key) -> Bool {
        guard begin(key) else { return false }
        stream.setCurrentKey(key)
        return true
    }

    /// ``beginTracked(_:)`` for a value that may throw: the member's mark,
    /// to take it back out (``EncodingStream/takeBack(_:at:start:)``);
    /// `nil` when the tree takes it.
    private func beginUndoable(_ key: Key) -> EncodingStream.Mark? {
        guard stream.tree == nil, stream.isOpen(start, at: position) else {
            stream.turnIntoTree()
            return nil
        }
        let mark = stream.mark(at: position)
        guard stream.beginMember(key, at: position, start: start) else { return nil }
        stream.setCurrentKey(key)
        return mark
    }

    /// This container in the tree.
    private var tree: TreeKeyedContainer<Key> {
        let (object, path) = stream.treeObject(start: start, position: position)
        return TreeKeyedContainer(state: stream.state, object: object, codingPath: path)
    }

    mutating func encodeNil(forKey key: Key) throws { guard begin(key) else { var tree = tree; return try tree.encodeNil(forKey: key) }; stream.writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { guard begin(key) else { var tree = tree; return try tree.encode(value, forKey: key) }; stream.write(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { guard begin(key) else { var tree = tree; return try tree.encode(value, forKey: key) }; stream.write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard let mark = beginUndoable(key) else { var tree = tree; return try tree.encode(value, forKey: key) }
        do { try stream.write(value) } catch { stream.takeBack(mark, at: position, start: start); throw error }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        guard let mark = beginUndoable(key) else { var tree = tree; return try tree.encode(value, forKey: key) }
        do { try stream.write(value) } catch { stream.takeBack(mark, at: position, start: start); throw error }
    }

    @inline(__always)
    func encodeNumber(_ number: JSON.Number, forKey key: Key) throws {
        guard begin(key) else { return try tree.encodeNumber(number, forKey: key) }
        stream.write(number)
    }

    /// A value that throws leaves no member (see ``EncodingStream/takeBack(_:at:start:)``).
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let mark = beginUndoable(key) else { var tree = tree; return try tree.encode(value, forKey: key) }
        do { try StreamEncoder(stream: stream).encodeValue(value) } catch { stream.takeBack(mark, at: position, start: start); throw error }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        guard beginTracked(key) else { var tree = tree; return tree.nestedContainer(keyedBy: keyType, forKey: key) }
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, frame: stream.open(object: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard beginTracked(key) else { var tree = tree; return tree.nestedUnkeyedContainer(forKey: key) }
        return StreamUnkeyedContainer(stream: stream, frame: stream.open(object: false))
    }

    mutating func superEncoder() -> any Encoder {
        stream.turnIntoTree()
        var tree = tree
        return tree.superEncoder()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        stream.turnIntoTree()
        var tree = tree
        return tree.superEncoder(forKey: key)
    }
}

/// An unkeyed container writing elements into an open array of the stream;
/// three words, so it stays inline in its existential. A write after the
/// array was closed turns the stream into a tree, which then takes them.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer, NumberEncoding {
    let stream: EncodingStream
    /// The array's place in the stack of open frames, and where it starts in the output.
    let position: Int
    let start: Int

    init(stream: EncodingStream, frame: (position: Int, start: Int)) {
        self.stream = stream
        (position, start) = frame
    }

    var codingPath: [any CodingKey] { stream.codingPath(ofFrameAt: position, start: start) }

    var count: Int {
        if stream.tree != nil { return tree.count }
        return stream.isOpen(start, at: position) ? stream.frames[position].count : 0  // bounds proven: open (checked first)
    }

    /// Begins the next element in the stream; `false` when the tree takes it.
    private func begin() -> Bool {
        guard stream.tree == nil, stream.isOpen(start, at: position) else {
            stream.turnIntoTree()
            return false
        }
        stream.close(to: position + 1)
        stream.beginElement(at: position)
        return true
    }

    /// ``begin()`` for a value that may throw: the element's mark, to take
    /// it back out (``EncodingStream/takeBack(_:at:start:)``); `nil` when
    /// the tree takes it.
    private func beginUndoable() -> EncodingStream.Mark? {
        guard stream.tree == nil, stream.isOpen(start, at: position) else {
            stream.turnIntoTree()
            return nil
        }
        let mark = stream.mark(at: position)
        stream.beginElement(at: position)
        return mark
    }

    /// This container in the tree.
    private var tree: TreeUnkeyedContainer {
        let (array, path) = stream.treeArray(start: start, position: position)
        return TreeUnkeyedContainer(state: stream.state, array: array, codingPath: path)
    }

    mutating func encodeNil() throws { guard begin() else { var tree = tree; return try tree.encodeNil() }; stream.writeNull() }
    mutating func encode(_ value: Bool) throws { guard begin() else { var tree = tree; return try tree.encode(value) }; stream.write(value) }
    mutating func encode(_ value: String) throws { guard begin() else { var tree = tree; return try tree.encode(value) }; stream.write(value) }
    mutating func encode(_ value: Double) throws {
        guard let mark = beginUndoable() else { var tree = tree; return try tree.encode(value) }
        do { try stream.write(value) } catch { stream.takeBack(mark, at: position, start: start); throw error }
    }
    mutating func encode(_ value: Float) throws {
        guard let mark = beginUndoable() else { var tree = tree; return try tree.encode(value) }
        do { try stream.write(value) } catch { stream.takeBack(mark, at: position, start: start); throw error }
    }

    @inline(__always)
    func encodeNumber(_ number: JSON.Number) throws {
        guard begin() else { return try tree.encodeNumber(number) }
        stream.write(number)
    }

    /// A value that throws leaves no element (see ``EncodingStream/takeBack(_:at:start:)``).
    mutating func encode<T: Encodable>(_ value: T) throws {
        guard let mark = beginUndoable() else { var tree = tree; return try tree.encode(value) }
        do { try StreamEncoder(stream: stream).encodeValue(value) } catch { stream.takeBack(mark, at: position, start: start); throw error }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        guard begin() else { var tree = tree; return tree.nestedContainer(keyedBy: keyType) }
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, frame: stream.open(object: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard begin() else { var tree = tree; return tree.nestedUnkeyedContainer() }
        return StreamUnkeyedContainer(stream: stream, frame: stream.open(object: false))
    }

    mutating func superEncoder() -> any Encoder {
        stream.turnIntoTree()
        var tree = tree
        return tree.superEncoder()
    }
}
