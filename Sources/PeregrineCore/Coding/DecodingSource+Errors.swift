/// Coding paths, descriptions and errors, built the same way for every
/// source from what the source tells: the parent index, the key of each
/// step, how its containers read, and where a value is in its input.
extension DecodingSource {
    /// The coding path of the value at tape index `target`.
    ///
    /// - Complexity: O(depth), once the parent index is built (the first
    ///   time a path is asked for: an error, a report, a model that reads it).
    func codingPath(to target: Int) -> [any CodingKey] {
        var keys = pathPrefix
        for (container, child) in parents.ancestry(of: target) {
            if let key = pathKey(in: container, to: child) { keys.append(key) }
        }
        return keys
    }

    /// How many characters of a string or number an error shows.
    private var excerptLength: Int { String.quotedScalars }

    /// The most Unicode scalars of a member name that a step of a coding
    /// path holds (a longer one is cut, ending in `…`), so that a path, and
    /// every error and report entry that carries one, costs O(depth)
    /// whatever the names in the input.
    var pathNameLength: Int { JSON.PathComponent.maxNameScalars }

    /// How the value at `index` reads in an error: `string "12a"`, `number 1.5`, `null`…
    func describe(_ index: Int) -> String {
        switch value(at: index) {
        case (_, .null): return "null"
        case (_, .bool(let flag)): return "\(flag)"
        case (let value, .int), (let value, .uint), (let value, .double), (let value, .numberText):
            let text = numberText(at: value, maxBytes: excerptLength + 1)
            return "number \(text.utf8.count > excerptLength ? text.prefix(excerptLength) + "…" : text)"
        case (let value, .string):
            // O(excerpt), not O(string): only the start of a long string is
            // read, at least excerptLength + 1 scalars (12 bytes is the most
            // a scalar's escape takes: a surrogate pair).
            let (text, isWhole) = stringExcerpt(at: value, maxBytes: 12 * (excerptLength + 1))
            let shown = text.excerpt(scalars: excerptLength, isPrefix: !isWhole)
            return "string \(JSON.serializedString(escaping: shown))"
        case (let value, .array), (let value, .object), (let value, .other): return describeStructure(value)
        }
    }

    /// A value of another kind than `expected` (for `null`, a missing value).
    @inline(never)  // the cold path: kept out of the generic decode functions
    func mismatch(_ type: Any.Type, at value: Int, expected: String) -> DecodingError {
        let message = "expected \(expected), found \(describe(value))"
        if case .null = self.value(at: value).value { return failure(.valueNotFound(type), at: value, message) }
        return failure(.typeMismatch(type), at: value, message)
    }

    /// The error of a container at `index` opened with too little stack left.
    @inline(never)  // the cold path
    func stackExhausted(at index: Int, _ exhausted: StackReserve.Exhausted) -> DecodingError {
        invalidValue(at: index, "the value nests deeper than this thread's stack can decode (\(exhausted.left) bytes left): "
            + "decode it on a thread with a larger stack, or lower maxDepth")
    }

    /// A value of the right kind that cannot be represented.
    func invalidValue(at value: Int, _ message: String) -> DecodingError {
        failure(.invalidValue, at: value, message)
    }

    /// No member named `key` in the object at `object`, and why, when the
    /// key strategy renamed the member the input names so.
    func keyNotFound(_ key: any CodingKey, in object: Int) -> DecodingError {
        let message = "no value for key \(JSON.serializedString(escaping: key.stringValue))"
        let note = renamingNote(for: key.stringValue, in: object)
        return failure(.keyNotFound(key), at: object, note.map { message + "; " + $0 } ?? message)
    }

    /// No element `position` in the container at `container`, for a `type`:
    /// the path ends with the missing position, as Foundation's does.
    func elementNotFound(_ type: Any.Type, in container: Int, position: Int) -> DecodingError {
        failure(.valueNotFound(type), at: container, "the array has no element \(position)", then: IndexKey(intValue: position))
    }

    /// The `DecodingError` of `failure` about the value at `index`, its
    /// coding path (followed by `last`, if any) and position leading the message.
    ///
    /// Inside a case of an untagged enum, with no report being made, the
    /// error has the message alone: the case's attempt catches every error
    /// and drops it (``attemptCase(at:_:)``), and a path would cost O(depth)
    /// per failed case, O(values × depth) in all for nested untagged values.
    @inline(never)  // the cold path
    func failure(_ failure: DecodingFailure, at index: Int, _ message: String, then last: (any CodingKey)? = nil) -> DecodingError {
        let full: DecodingError.Context
        if untagged.openCases > 0, ReportCollector.current == nil {
            full = DecodingError.Context(codingPath: [], debugDescription: message)
        } else {
            let path = codingPath(to: index)
            let context = errorContext(at: index, path: path, message, failure)
            full = last.map { DecodingError.Context(codingPath: path + [$0], debugDescription: context.debugDescription, underlyingError: context.underlyingError) } ?? context
        }
        switch failure {
        case .typeMismatch(let type): return .typeMismatch(type, full)
        case .valueNotFound(let type): return .valueNotFound(type, full)
        case .keyNotFound(let key): return .keyNotFound(key, full)
        case .invalidValue: return .dataCorrupted(full)
        }
    }
}

/// Which `DecodingError` a failure of a ``DecodingSource`` becomes.
enum DecodingFailure {
    case typeMismatch(Any.Type)
    case valueNotFound(Any.Type)
    case keyNotFound(any CodingKey)
    /// `dataCorrupted`: a value of the right kind that cannot be represented.
    case invalidValue
}

/// `$.statuses[3].user.id` for a coding path, each name cut as in errors
/// (``JSON/PathComponent/excerpt``): a model may put a key of any length
/// into a path (the key of a `[Int: T]` that is no number).
func jsonPath(_ codingPath: [any CodingKey]) -> String {
    JSON.PathComponent.text(
        of: codingPath.map { key in
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                return .index(index)
            }
            return JSON.PathComponent.key(key.stringValue).excerpt
        })
}
