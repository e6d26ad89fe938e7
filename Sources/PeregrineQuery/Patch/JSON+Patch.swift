extension JSON {
    /// An RFC 6902 JSON Patch: operations that change a JSON value, applied
    /// in order and all or nothing.
    ///
    /// ```swift
    /// var config = try JSON(parsing: #"{"name": "edge", "ports": [80]}"#)
    /// let patch = try JSON.Patch(JSON(parsing: """
    ///     [{"op": "test", "path": "/name", "value": "edge"},
    ///      {"op": "add", "path": "/ports/-", "value": 443},
    ///      {"op": "remove", "path": "/name"}]
    ///     """))
    /// try config.apply(patch)          // {"ports":[80,443]}
    /// ```
    ///
    /// A patch is read from a JSON array of operation objects
    /// (`JSON.Patch(json)`), built from ``Operation`` values, or computed
    /// as the difference of two values (``init(from:to:)``). Apply it with
    /// ``JSON/apply(_:limits:)`` or ``JSON/applying(_:limits:)``; a failing
    /// operation throws a ``Error`` naming its index and pointer and leaves
    /// the value as it was.
    public struct Patch: Sendable, Hashable, CustomStringConvertible {
        /// The operations, in the order they are applied.
        public var operations: [Operation]

        /// A patch of these operations.
        ///
        /// ```swift
        /// let patch = JSON.Patch([.replace(path: try JSON.Pointer("/a"), value: 2)])
        /// ```
        public init(_ operations: [Operation]) {
            self.operations = operations
        }

        /// Reads a patch from its JSON form: an array of operation objects,
        /// each with `op` and `path`, `from` for `move` and `copy`, `value`
        /// for `add`, `replace` and `test`. Other members are ignored, as
        /// RFC 6902 asks.
        ///
        /// ```swift
        /// let patch = try JSON.Patch(JSON(parsing: #"[{"op": "remove", "path": "/a"}]"#))
        /// ```
        ///
        /// The parser keeps the last of repeated members by default, so
        /// `{"op": "add", "op": "remove", …}` is a `remove`; parse with
        /// `JSON.ParseOptions.DuplicateKeyPolicy.reject` to refuse such an operation.
        ///
        /// - Throws: ``Error`` of kind ``Error/Kind/invalidPatch`` when `json`
        ///   is not an array, ``Error/Kind/invalidOperation`` or
        ///   ``Error/Kind/invalidPointer`` (with the operation's index) for
        ///   a malformed operation.
        public init(_ json: JSON) throws(Error) {
            guard case .array(let elements) = json else {
                throw Error(.invalidPatch, index: nil, pointer: nil, message: "a JSON Patch is an array of operations, not \(json.kind.description)")
            }
            var operations: [Operation] = []
            operations.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                operations.append(try Operation(element, index: index))
            }
            self.operations = operations
        }

        /// The patch as JSON: an array of operation objects.
        ///
        /// ```swift
        /// JSON.Patch(from: ["a": 1], to: ["a": 2]).json   // [{"op":"replace","path":"/a","value":2}]
        /// ```
        public var json: JSON { .array(operations.map(\.json)) }

        /// The patch as compact JSON text.
        ///
        /// ```swift
        /// print(JSON.Patch(from: [1], to: [1, 2]))   // [{"op":"add","path":"/1","value":2}]
        /// ```
        public var description: String { json.description }
    }
}

extension JSON.Patch {
    /// One operation of a patch (RFC 6902 §4).
    ///
    /// ```swift
    /// let move = JSON.Patch.Operation.move(from: try JSON.Pointer("/a"), path: try JSON.Pointer("/b"))
    /// ```
    public enum Operation: Sendable, Hashable {
        /// Adds `value` at `path`: a new member (or a new value for an
        /// existing one, which keeps its position), or an element inserted
        /// before the one at that index (`-` appends). `""` replaces the whole value.
        case add(path: JSON.Pointer, value: JSON)
        /// Removes the member or element at `path`, which must exist.
        case remove(path: JSON.Pointer)
        /// Replaces the value at `path`, which must exist.
        case replace(path: JSON.Pointer, value: JSON)
        /// Removes the value at `from` and adds it at `path`; `from` must
        /// not be a proper prefix of `path` (a value cannot move into itself).
        case move(from: JSON.Pointer, path: JSON.Pointer)
        /// Adds a copy of the value at `from` at `path`.
        case copy(from: JSON.Pointer, path: JSON.Pointer)
        /// Checks that the value at `path` equals `value`: numbers by value
        /// (`1` equals `1.0`), strings by Unicode scalars, arrays element
        /// by element, objects by their members in any order.
        case test(path: JSON.Pointer, value: JSON)

        /// The `op` member: `add`, `remove`…
        var name: String {
            switch self {
            case .add: return "add"
            case .remove: return "remove"
            case .replace: return "replace"
            case .move: return "move"
            case .copy: return "copy"
            case .test: return "test"
            }
        }

        /// The operation as a JSON object: `op`, then `from`, `path` and `value` as it has them.
        var json: JSON {
            var object = JSON.Object(minimumCapacity: 3)
            object["op"] = .string(name)
            switch self {
            case .add(let path, let value), .replace(let path, let value), .test(let path, let value):
                object["path"] = .string(path.description)
                object["value"] = value
            case .remove(let path):
                object["path"] = .string(path.description)
            case .move(let from, let path), .copy(let from, let path):
                object["from"] = .string(from.description)
                object["path"] = .string(path.description)
            }
            return .object(object)
        }

        /// Reads the operation at `index` of a patch from its JSON object.
        init(_ json: JSON, index: Int) throws(JSON.Patch.Error) {
            guard case .object(let object) = json else {
                throw JSON.Patch.Error(.invalidOperation, index: index, pointer: nil, message: "an operation is an object, not \(json.kind.description)")
            }
            let pathText = object["path"]?.string
            func failure(_ message: String) -> JSON.Patch.Error {
                JSON.Patch.Error(.invalidOperation, index: index, pointer: pathText, message: message)
            }
            func pointer(_ name: String) throws(JSON.Patch.Error) -> JSON.Pointer {
                guard let member = object[name] else { throw failure("\"\(name)\" is missing") }
                guard case .string(let text) = member else { throw failure("\"\(name)\" is \(member.kind.description), not a string") }
                do throws(JSON.QueryError) {
                    return try JSON.Pointer(text)
                } catch {
                    throw JSON.Patch.Error(
                        .invalidPointer, index: index, pointer: text,
                        message: "\(name) \(JSON.Patch.Error.quoted(text)) is not a JSON Pointer: \(error.message) (at offset \(error.offset))")
                }
            }
            func value() throws(JSON.Patch.Error) -> JSON {
                guard let value = object["value"] else { throw failure("\"value\" is missing") }
                return value
            }
            guard let op = object["op"] else { throw failure("\"op\" is missing") }
            switch op {
            case "add": self = .add(path: try pointer("path"), value: try value())
            case "remove": self = .remove(path: try pointer("path"))
            case "replace": self = .replace(path: try pointer("path"), value: try value())
            case "move": self = .move(from: try pointer("from"), path: try pointer("path"))
            case "copy": self = .copy(from: try pointer("from"), path: try pointer("path"))
            case "test": self = .test(path: try pointer("path"), value: try value())
            case .string(let name): throw failure("unknown op \(JSON.Patch.Error.quoted(name))")
            default: throw failure("\"op\" is \(op.kind.description), not a string")
            }
        }
    }
}
