/// What a ``ListStorage`` holds besides its elements: how many there are,
/// how many fit, and whatever the list keeps with them.
///
/// ```swift
/// struct Header: ListStorageHeader {
///     var count = 0
///     let capacity: Int
///     init(capacity: Int) { self.capacity = capacity }
///     func copied(count: Int, capacity: Int) -> Header {
///         var header = Header(capacity: capacity)
///         header.count = count
///         return header
///     }
/// }
/// ```
protocol ListStorageHeader {
    /// How many elements are initialized, from the first slot on.
    var count: Int { get set }
    /// How many elements fit.
    var capacity: Int { get }
    /// The header of an empty list with room for `capacity` elements.
    init(capacity: Int)
    /// The header of a copy of this list's first `count` elements into a
    /// list with room for `capacity` (at least `count`): its count is
    /// `count`, its capacity `capacity`, and it keeps what of the rest
    /// still holds for those elements.
    func copied(count: Int, capacity: Int) -> Self
}

/// A header and the elements after it in one allocation, a list's whole
/// memory: the key and value lists of objects are its subclasses, which
/// add what is theirs (a key list's index, the release of a value list).
/// It alone allocates, grows (by doubling), copies, and reads and writes
/// the elements through their addresses: each access to an element is
/// checked against ``count``.
///
/// Its methods are `final`: no call on a list goes through a class's
/// table. The header is read and written in place, through its address
/// (``state``): `ManagedBuffer.header`, a property of a class, is checked
/// for exclusive access at run time, on every read.
///
/// ```swift
/// final class Names: ListStorage<Header, String> {
///     static func make(capacity: Int) -> Names { make(Names.self, capacity: capacity) }
/// }
/// var names = Names.make(capacity: 1)
/// Names.append("a", to: &names)
/// Names.append("b", to: &names)   // moved to a list of 2
/// names[1]                        // "b"
/// ```
class ListStorage<Header: ListStorageHeader, Element>: ManagedBuffer<Header, Element> {
    /// An empty list of the subclass `type` with room for `capacity`
    /// elements (at least one). Subclasses call it from a `make(capacity:)`
    /// of their own: a method that returns `Self` is never inlined, and
    /// lists are made for nearly every object parsed.
    @inline(__always)
    static func make<List: ListStorage<Header, Element>>(_ type: List.Type, capacity: Int) -> List {
        allocate(type, header: Header(capacity: Swift.max(capacity, 1)))
    }

    /// A list of the subclass `type` with room for `header.capacity`
    /// elements (at least one), its header `header`, no element
    /// initialized yet.
    @inline(__always)
    private static func allocate<List: ListStorage<Header, Element>>(_ type: List.Type, header: Header) -> List {
        unsafeDowncast(type.create(minimumCapacity: header.capacity) { _ in header }, to: List.self)
    }

    deinit {
        withUnsafeMutablePointers { header, elements in
            // A drained list has none: no call to release nothing.
            if header.pointee.count > 0 { elements.deinitialize(count: header.pointee.count) }
        }
    }

    /// How far the first element is from the start of a list: the same for
    /// every list of one header and element type, so a reader holding a
    /// list's address finds its elements without a call on it (see
    /// `Serializer.writeScalarOrOpen`). It is the layout the standard
    /// library gives `ManagedBufferPointer`: the object's two words, the
    /// header aligned after them, then the elements aligned; checked by
    /// ``checkStorageInvariants()``.
    static var elementsOffset: Int {
        let objectSize = 2 * MemoryLayout<UnsafeRawPointer>.size
        let headerOffset = roundUp(objectSize, to: MemoryLayout<Header>.alignment)
        return roundUp(headerOffset + MemoryLayout<Header>.size, to: MemoryLayout<Element>.alignment)
    }

    /// `value` rounded up to a multiple of `alignment`, a power of two.
    private static func roundUp(_ value: Int, to alignment: Int) -> Int {
        (value + alignment - 1) & ~(alignment - 1)
    }

    /// The header, read and written in place: `list.state.count`.
    final var state: Header {
        unsafeAddress { UnsafePointer(withUnsafeMutablePointerToHeader { $0 }) }
        unsafeMutableAddress { withUnsafeMutablePointerToHeader { $0 } }
    }

    /// The number of elements.
    final var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// The element in `slot`, which must be below ``count``.
    /// Read in place: `list[slot].hash` copies nothing.
    @inline(__always)
    final subscript(slot: Int) -> Element {
        unsafeAddress {
            withUnsafeMutablePointers { header, elements in
                precondition(UInt(bitPattern: slot) < UInt(bitPattern: header.pointee.count), "list slot out of range")
                return UnsafePointer(elements + slot)  // bounds proven: 0 <= slot < count (checked above)
            }
        }
    }

    /// The first slot from `start` on whose element `matches`, or `nil`.
    @inline(__always)
    final func firstSlot(from start: Int = 0, where matches: (Element) -> Bool) -> Int? {
        withUnsafeMutablePointers { header, elements in
            var slot = Swift.max(start, 0)
            while slot < header.pointee.count {
                if matches(elements[slot]) { return slot }  // bounds proven: 0 <= slot < count
                slot += 1
            }
            return nil
        }
    }

    /// Whether an element `matches` one before it (the earlier one first):
    /// O(count²), for short lists.
    @inline(__always)
    final func hasRepeat(where matches: (Element, Element) -> Bool) -> Bool {
        withUnsafeMutablePointers { header, elements in
            var position = 1
            while position < header.pointee.count {
                for earlier in 0..<position where matches(elements[earlier], elements[position]) { return true }  // bounds proven: earlier < position < count
                position += 1
            }
            return false
        }
    }

    /// Appends `element` to `list`, which only the caller holds, first
    /// moving the elements to a list twice as large when it is full.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    static func append<List: ListStorage<Header, Element>>(_ element: consuming Element, to list: inout List) {
        let (count, capacity) = list.withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.capacity) }
        if count >= capacity {
            list = copy(list, capacity: capacity * 2)
        }
        let slot = list.withUnsafeMutablePointers { header, elements in
            header.pointee.count = count &+ 1  // count < capacity: no overflow
            return elements + count  // bounds proven: count < capacity (made so above)
        }
        slot.initialize(to: element)  // outside the closure, so that `element` is moved in
    }

    /// A list of the subclass `List` holding the first `count` of `list`'s
    /// elements (all by default), with room for `capacity` (at least
    /// `count`), its header what ``ListStorageHeader/copied(count:capacity:)``
    /// keeps of `list`'s. Subclasses forward a `copy(capacity:count:)` of
    /// their own to it, as they do `make`: Swift 6.3 miscompiled a method
    /// here returning `Self` (a specialization allocated the base class) and
    /// crashed compiling it without whole-module optimization.
    static func copy<List: ListStorage<Header, Element>>(_ list: List, capacity: Int, count: Int? = nil) -> List {
        let header = list.withUnsafeMutablePointerToHeader { header in
            let count = Swift.min(count ?? header.pointee.count, header.pointee.count)
            return header.pointee.copied(count: count, capacity: Swift.max(capacity, count, 1))
        }
        let copy = allocate(List.self, header: header)
        list.withUnsafeMutablePointerToElements { elements in
            copy.withUnsafeMutablePointerToElements { copied in
                copied.initialize(from: elements, count: header.count)  // bounds proven: count <= both lists' capacities
            }
        }
        copy.checkStorageInvariants()
        return copy
    }

    /// Puts `element` in `slot` (below ``count``) and returns the element
    /// that was there; the list must be held by the caller alone.
    final func exchange(_ element: consuming Element, at slot: Int) -> Element {
        let address = withUnsafeMutablePointers { header, elements in
            precondition(UInt(bitPattern: slot) < UInt(bitPattern: header.pointee.count), "list slot out of range")
            return elements + slot  // bounds proven: 0 <= slot < count (checked above)
        }
        let old = address.move()
        address.initialize(to: element)
        return old
    }

    /// Removes and returns the last element; the list must be held by the
    /// caller alone and not be empty.
    final func removeLast() -> Element {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            precondition(count > 0, "removing from an empty list")
            header.pointee.count = count - 1
            return (elements + count - 1).move()  // bounds proven: 0 <= count - 1 < count (checked above)
        }
    }

    /// The elements, handed to a subclass's `deinit` that releases them
    /// itself, in order, one ``Drain/next()`` at a time: once the drain
    /// ends the list counts none, and releases none when it goes.
    final func drain() -> Drain {
        withUnsafeMutablePointers { header, elements in Drain(header, elements) }
    }

    /// The elements of a list being drained, each to be moved out by
    /// ``next()``: a drain must be taken to its end (debug builds check),
    /// as the list counts none after it.
    struct Drain: ~Copyable {
        /// The header of the list, whose count is set to 0 at the end.
        private let header: UnsafeMutablePointer<Header>
        /// The next element to move out.
        private var cursor: UnsafeMutablePointer<Element>
        /// Just past the last element.
        private let end: UnsafeMutablePointer<Element>

        fileprivate init(_ header: UnsafeMutablePointer<Header>, _ elements: UnsafeMutablePointer<Element>) {
            self.header = header
            cursor = elements
            end = elements + header.pointee.count  // bounds proven: the count initialized elements
        }

        /// The next element, moved out; `nil` after the last one.
        @inline(__always)
        mutating func next() -> Element? {
            guard cursor < end else { return nil }
            defer { cursor += 1 }
            return cursor.move()  // bounds proven: cursor < end, initialized and not moved yet
        }

        deinit {
            assert(cursor == end, "a list's elements drained to the end")
            // Set last, just before the list's own `deinit` reads it: Swift
            // then knows it is 0 there, and leaves out the release of the rest.
            header.pointee.count = 0
        }
    }

    /// Stops the program when the list's memory is wrong: debug builds only
    /// (release builds compile nothing). The list has room for one element
    /// at least, holds 0...capacity of them, its allocation fits the
    /// capacity, and the elements start ``elementsOffset`` bytes into it.
    /// Called after a copy; subclasses check it with what is theirs.
    ///
    /// ```swift
    /// list.checkStorageInvariants()
    /// ```
    @inline(__always)
    final func checkStorageInvariants() {
        #if DEBUG
        let (count, capacity) = withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.capacity) }
        precondition(capacity >= 1, "a list has room for one element at least")
        precondition(count >= 0 && count <= capacity, "a list holds 0...capacity elements")
        precondition(capacity <= self.capacity, "the allocation holds the capacity")
        let offset = withUnsafeMutablePointerToElements { UnsafeRawPointer($0) - UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
        precondition(offset == Self.elementsOffset, "the elements start at the offset readers use")
        #endif
    }
}
