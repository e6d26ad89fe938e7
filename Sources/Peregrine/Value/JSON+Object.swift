import OrderedCollections

extension JSON {
    /// The members of a JSON object: string keys to values, in insertion order.
    ///
    /// Lookup by key is O(1) on average. Keys compare by their Unicode scalars
    /// (RFC 8259 §8.3), so a precomposed and a decomposed `"é"` are two keys.
    /// Setting an existing key replaces its value and keeps its position, which
    /// is how the parser applies "last duplicate wins".
    ///
    /// ```swift
    /// var object: JSON.Object = ["b": 1, "a": 2]
    /// object["c"] = "three"
    /// object.keys           // ["b", "a", "c"]
    /// object["a"]           // Optional(2)
    /// ```
    ///
    /// Two objects are equal when they have the same keys with equal values;
    /// member order does not matter for equality (it does for writing).
    public struct Object: Sendable {
        @usableFromInline
        var members: OrderedDictionary<ScalarKey, JSON>

        /// Creates an empty object.
        ///
        /// ```swift
        /// var object = JSON.Object()
        /// ```
        @inlinable
        public init() { members = [:] }

        /// Creates an empty object with room for `minimumCapacity` members.
        ///
        /// ```swift
        /// var object = JSON.Object(minimumCapacity: 16)
        /// ```
        @inlinable
        public init(minimumCapacity: Int) {
            members = OrderedDictionary(minimumCapacity: minimumCapacity)
        }

        /// Creates an object from key-value pairs; a repeated key keeps its first
        /// position and takes its last value.
        ///
        /// ```swift
        /// let object = JSON.Object([("a", 1), ("a", 2)])   // {"a":2}
        /// ```
        @inlinable
        public init(_ pairs: some Sequence<(String, JSON)>) {
            members = [:]
            for (key, value) in pairs { members[ScalarKey(key)] = value }
        }

        /// The number of members.
        ///
        /// - Complexity: O(1)
        @inlinable
        public var count: Int { members.count }

        /// Whether the object has no members.
        ///
        /// ```swift
        /// JSON.Object().isEmpty   // true
        /// ```
        @inlinable
        public var isEmpty: Bool { members.isEmpty }

        /// The keys in insertion order.
        ///
        /// ```swift
        /// let keys: [String] = object.keys
        /// ```
        /// - Complexity: O(n)
        @inlinable
        public var keys: [String] { members.keys.map(\.string) }

        /// The values in insertion order.
        ///
        /// ```swift
        /// let values: [JSON] = object.values
        /// ```
        /// - Complexity: O(n)
        @inlinable
        public var values: [JSON] { Array(members.values) }

        /// The value for `key`, or `nil` when the object has no such member.
        /// Assigning `nil` removes the member.
        ///
        /// ```swift
        /// object["name"] = "Peregrine"
        /// object["name"] = nil
        /// ```
        /// - Complexity: O(1) on average for reading and replacing; removing is O(n).
        @inlinable
        public subscript(key: String) -> JSON? {
            get { members[ScalarKey(key)] }
            set { members[ScalarKey(key)] = newValue }
        }
    }
}

extension JSON.Object {
    /// An object key that compares and hashes by Unicode scalars rather than
    /// by Swift's canonical equivalence.
    @usableFromInline
    struct ScalarKey: Hashable, Sendable {
        @usableFromInline
        let string: String

        @inlinable
        init(_ string: String) { self.string = string }

        @inlinable
        static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool {
            var left = lhs.string
            var right = rhs.string
            return left.withUTF8 { a in right.withUTF8 { b in a.count == b.count && a.elementsEqual(b) } }
        }

        @inlinable
        func hash(into hasher: inout Hasher) {
            var string = string
            string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}

extension JSON.Object: Sequence {
    /// A member of an object.
    public typealias Element = (key: String, value: JSON)

    /// Iterates over the members in insertion order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline
        var base: OrderedDictionary<ScalarKey, JSON>.Iterator

        @inlinable
        init(base: OrderedDictionary<ScalarKey, JSON>.Iterator) { self.base = base }

        /// The next member, or `nil` after the last one.
        @inlinable
        public mutating func next() -> Element? {
            base.next().map { (key: $0.key.string, value: $0.value) }
        }
    }

    /// Returns an iterator over the members in insertion order.
    ///
    /// ```swift
    /// for (key, value) in object { print(key, value) }
    /// ```
    @inlinable
    public func makeIterator() -> Iterator { Iterator(base: members.makeIterator()) }

    /// The number of members.
    ///
    /// ```swift
    /// var keys: [String] = []
    /// keys.reserveCapacity(object.underestimatedCount)
    /// ```
    @inlinable
    public var underestimatedCount: Int { members.count }
}

extension JSON.Object: ExpressibleByDictionaryLiteral {
    /// Creates an object from a literal; a repeated key takes its last value.
    ///
    /// ```swift
    /// let object: JSON.Object = ["id": 1, "ok": true]
    /// ```
    @inlinable
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}
