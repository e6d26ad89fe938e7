/// What stands before a value of a binary tape that a generated decoder
/// reads through: nothing, or a shared value (reached directly or through a
/// back-reference) with the class instance decoded from it already, if any.
@usableFromInline
enum BinaryWrapper {
    case none
    case shared(Int, instance: AnyObject?)
}

extension BinaryDecodingState {
    /// What stands at `index` before the `type` a generated decoder reads
    /// there, read as the `Decodable` path reads it: a shared value or a
    /// back-reference to one (with the instance decoded from it, if any), or a
    /// record, checked against the name the registry gives `type`.
    ///
    /// - Throws: a type mismatch for a record of another registered name.
    @usableFromInline
    func wrapper(of type: Any.Type, at index: Int) throws -> BinaryWrapper {
        let entry = tape[index]
        switch entry.tag {
        case .shared, .reference:
            let shared = entry.tag == .shared ? index : Int(truncatingIfNeeded: entry.payload)
            return .shared(shared, instance: instance(sharedAt: shared))
        case .record:
            if let expected = registry.name(of: type) {
                let found = strings[Int(truncatingIfNeeded: entry.payload >> 32)]
                guard found == expected else {
                    throw failure(.typeMismatch(type), at: index, "expected a record of type \(expected), found one of type \(found)")
                }
            }
            return .none
        default:
            return .none
        }
    }

    /// For each of `keys`, the tape index of its member in the object or
    /// record at `index` (behind any shared value; left -1 when missing),
    /// written into `slots`: the member lookup of a generated decoder.
    /// Returns the object's tape index.
    ///
    /// Each member's name is a table index, whose field in the model
    /// ``modelFields`` knows once it has been matched by its bytes; a file
    /// names no member of an object twice, so each slot is written at most once.
    ///
    /// - Complexity: O(members), one probe each once their names are known.
    func findMembers(of index: Int, keys: MemberKeys, into slots: UnsafeMutableRawBufferPointer) throws -> Int {
        let (object, objectEntry) = resolved(index)
        guard objectEntry.tag == .object || objectEntry.tag == .record else {
            throw mismatch([String: Any].self, at: object, expected: "an object")
        }
        try checkStack(at: object)
        let stride = MemoryLayout<Int>.stride
        let fields = min(keys.count, slots.count / stride)
        assert((0..<fields).allSatisfy { slots.load(fromByteOffset: $0 * stride, as: Int.self) == -1 }, "slots not all -1")
        let end = Int(truncatingIfNeeded: objectEntry.end)
        let known = modelFields
        let model = known.model(of: keys)
        tape.withUnsafeBufferPointer { tape in
            guard end <= tape.count else { return }
            var member = object + 1
            while member < end {
                let entry = tape[member]  // bounds proven: member < end <= tape.count
                var field = known.field(of: entry.key, in: model)
                if field == BinaryModelFields.unknown {
                    field = self.field(ofName: Int(truncatingIfNeeded: entry.key), in: keys)
                    known.remember(field, of: entry.key, in: model)
                }
                if field >= 0, field < fields { slots.storeBytes(of: member, toByteOffset: field * stride, as: Int.self) }
                member = Int(truncatingIfNeeded: entry.end)  // past member: each entry ends after itself
            }
        }
        return object
    }

    /// The field of `keys` named by string `name` of the table (-1 for none), by its bytes.
    private func field(ofName name: Int, in keys: MemberKeys) -> Int {
        let length = lengths[name]
        guard length <= keys.longestName else { return -1 }
        let start = stringStarts[name]
        return input.withUnsafeBufferPointer { input in
            keys.field(of: UnsafeBufferPointer(rebasing: input[start..<start + length]), hint: -1)  // bounds proven: the reader took the string from these bytes
        }
    }
}
