extension JSON {
    /// The result of subscripting a ``JSON`` value: the value found, or where
    /// the path broke. Chained subscripts never trap, whatever the shape.
    ///
    /// ```swift
    /// let v: JSON = ["statuses": [["user": ["id": 7, "bio": nil]]]]
    /// v["statuses"][0]["user"]["id"].int          // 7
    /// v["statuses"][0]["user"]["bio"].isNull      // true: present and null
    /// v["statuses"][5]["user"]["id"].exists       // false: missing
    /// v["statuses"][5]["user"]["id"].missing?.description
    /// // $.statuses has no element 5 (it has 1)
    /// ```
    ///
    /// Assigning through a subscript sets the value, creating objects along a
    /// path that does not exist yet; assigning to ``value`` `nil` removes it:
    ///
    /// ```swift
    /// var v: JSON = [:]
    /// v["user"]["name"] = "Ann"          // {"user":{"name":"Ann"}}
    /// v["user"]["tags"] = ["a", "b"]
    /// v["user"]["tags"][1] = "c"
    /// v["user"]["name"].value = nil      // removes "name"
    /// ```
    ///
    /// A setter that meets a value of another kind (a key on an array, an
    /// index past the end) changes nothing; `JSON.setValue(_:at:)` with a
    /// `JSON.Pointer` throws instead.
    public struct Lookup: Sendable {
        /// The value found, or `nil` when the path broke. Setting it
        /// replaces the value in the looked-up tree; `nil` removes it.
        public var value: JSON?
        /// The steps from the root to this value.
        public let path: [PathComponent]
        /// Where the path broke, when ``value`` is `nil`.
        public let missing: Missing?

        /// A lookup that found `value` at `path`.
        ///
        /// ```swift
        /// v["user"] = JSON.Lookup(someValue)
        /// ```
        public init(_ value: JSON, path: [PathComponent] = []) {
            self.value = value
            self.path = path
            missing = nil
        }

        private init(path: [PathComponent], missing: Missing) {
            value = nil
            self.path = path
            self.missing = missing
        }

        /// A lookup that found nothing, for the reason `missing` gives.
        package init(missing: Missing) { self.init(path: missing.parent + [missing.step], missing: missing) }

        /// Whether the lookup found a value (`null` included).
        ///
        /// ```swift
        /// v["nope"].exists   // false
        /// ```
        public var exists: Bool { value != nil }

        /// The member named `key`, if this is an object that has it.
        ///
        /// - Complexity: O(1) on average.
        public subscript(key: String) -> Lookup {
            get { step(.key(key)) }
            set {
                switch value {
                case .object(var object):
                    value = nil  // leaves `object` the only owner of its storage
                    object[key] = newValue.value
                    value = .object(object)
                case nil:
                    if let member = newValue.value { value = .object([key: member]) }
                default:
                    break
                }
            }
        }

        /// The element at `position`, if this is an array that long. Setting
        /// the element just past the end appends.
        ///
        /// - Complexity: O(1).
        public subscript(position: Int) -> Lookup {
            get { step(.index(position)) }
            set {
                guard case .array(var elements) = value, position >= 0, position <= elements.count else { return }
                value = nil  // leaves `elements` the only owner of its storage
                switch (position < elements.count, newValue.value) {
                case (true, let element?): elements[position] = element
                case (true, nil): elements.remove(at: position)
                case (false, let element?): elements.append(element)
                case (false, nil): break
                }
                value = .array(elements)
            }
        }

        /// Removes the value from the looked-up tree.
        ///
        /// ```swift
        /// v["user"]["tags"].remove()
        /// ```
        public mutating func remove() { value = nil }

        /// The lookup one step further down.
        package func step(_ component: PathComponent) -> Lookup {
            let path = path + [component]
            guard let value else {
                return Lookup(path: path, missing: missing ?? Missing(parent: self.path, step: component, reason: "is missing"))
            }
            switch (component, value) {
            case (.key(let key), .object(let object)):
                if let member = object[key] { return Lookup(member, path: path) }
            case (.index(let position), .array(let elements)):
                if elements.indices.contains(position) { return Lookup(elements[position], path: path) }
            default:
                break
            }
            let count = value.array?.count ?? value.object?.count ?? 0
            return Lookup(path: path, missing: Missing(parent: self.path, step: component, in: value.kind, count: count))
        }
    }

    /// The member named `key` if this is an object that has it; otherwise a
    /// lookup that says where the path broke. Never traps.
    ///
    /// ```swift
    /// v["statuses"][0]["user"]["id"].int
    /// v["user"]["name"] = "Ann"
    /// ```
    ///
    /// - Complexity: O(1) on average.
    public subscript(key: String) -> Lookup {
        get { Lookup(self)[key] }
        set {
            var root = Lookup(self)
            root[key] = newValue
            self = root.value ?? self
        }
    }

    /// The element at `position` if this is an array that long; otherwise a
    /// lookup that says where the path broke. Never traps.
    ///
    /// ```swift
    /// v[0]["id"].int
    /// ```
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> Lookup {
        get { Lookup(self)[position] }
        set {
            var root = Lookup(self)
            root[position] = newValue
            self = root.value ?? self
        }
    }

}

// Literals, so that assignments through subscripts read naturally:
// `v["name"] = "Ann"`. Any other value: `v["user"] = JSON.Lookup(user)`.

extension JSON.Lookup: ExpressibleByBooleanLiteral {
    /// A lookup holding `true` or `false`, for `v["flag"] = true`.
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
}

extension JSON.Lookup: ExpressibleByIntegerLiteral {
    /// A lookup holding an integer, for `v["count"] = 3`.
    public init(integerLiteral value: Int64) { self.init(JSON(integerLiteral: value)) }
}

extension JSON.Lookup: ExpressibleByFloatLiteral {
    /// A lookup holding a double, for `v["ratio"] = 0.5`.
    public init(floatLiteral value: Double) { self.init(JSON(floatLiteral: value)) }
}

extension JSON.Lookup: ExpressibleByStringLiteral {
    /// A lookup holding a string, for `v["name"] = "Ann"`.
    public init(stringLiteral value: String) { self.init(.string(value)) }
}

extension JSON.Lookup: ExpressibleByArrayLiteral {
    /// A lookup holding an array, for `v["tags"] = ["a", "b"]`.
    public init(arrayLiteral elements: JSON...) { self.init(.array(elements)) }
}

extension JSON.Lookup: ExpressibleByDictionaryLiteral {
    /// A lookup holding an object, for `v["user"] = ["name": "Ann"]`.
    public init(dictionaryLiteral elements: (String, JSON)...) { self.init(.object(JSON.Object(elements))) }
}
