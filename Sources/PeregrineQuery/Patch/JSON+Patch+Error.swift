extension JSON.Patch {
    /// Why a patch could not be read or applied: what went wrong, the index
    /// of the operation and the pointer it is about.
    ///
    /// ```swift
    /// var v: JSON = ["a": [1]]
    /// let patch = try JSON.Patch(JSON(parsing: #"[{"op": "remove", "path": "/a/3"}]"#))
    /// do { try v.apply(patch) } catch {
    ///     error.kind      // .indexOutOfRange
    ///     error.index     // 0
    ///     error.pointer   // "/a/3"
    ///     print(error)    // operation 0: remove at "/a/3": $.a has no element 3 (it has 1)
    /// }
    /// ```
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The kinds of failure.
        public enum Kind: Sendable, Hashable {
            /// The patch is not an array (``Error/index`` is `nil`).
            case invalidPatch
            /// An operation is not an object; its `op` is missing or
            /// unknown; it lacks `path`, `from` (for `move` and `copy`) or
            /// `value` (for `add`, `replace` and `test`), or `path` or
            /// `from` is not a string; or it removes the whole value.
            case invalidOperation
            /// A `path` or `from` is not a JSON Pointer.
            case invalidPointer
            /// A location does not exist: a missing member, a step into a
            /// value that is not an array or object, or a token that is not
            /// an index into an array (`1e0`, `01`, `-1`). For `add`, the
            /// location's parent must exist.
            case pathNotFound
            /// An array index past the last element (for `add`, past the
            /// position just after it).
            case indexOutOfRange
            /// A `test` found a different value.
            case testFailed
            /// A `move` into one of the moved value's own children.
            case movingIntoOwnChild
            /// The `copy` operations would duplicate more than
            /// ``Limits/maxCopiedBytes`` of JSON text (counting the values
            /// `move`s take deeper, which are measured too).
            case tooLarge
            /// An operation would nest the value deeper than
            /// `JSON.maxValueDepth` levels, the most an owned value holds.
            case tooDeep
        }

        /// What went wrong.
        public let kind: Kind
        /// The position of the operation in the patch, from 0; `nil` when
        /// the patch is not an array.
        public let index: Int?
        /// The `path` or `from` the error is about, as written in the
        /// operation; `nil` when the operation has none that is a string.
        public let pointer: String?
        /// What is wrong, naming the operation and the pointer.
        public let message: String

        init(_ kind: Kind, index: Int?, pointer: String?, message: String) {
            self.kind = kind
            self.index = index
            self.pointer = pointer
            self.message = message
        }

        /// `operation 2: remove at "/a/3": $.a has no element 3 (it has 1)`.
        public var description: String {
            guard let index else { return message }
            return "operation \(index): \(message)"
        }

        /// `text` as a JSON string for a message, cut after 100 Unicode
        /// scalars so that a message stays short whatever the patch holds.
        static func quoted(_ text: String) -> String {
            let (head, isCut) = text.leadingScalars(100)
            return JSON.serializedString(escaping: head) + (isCut ? "…" : "")
        }
    }
}
