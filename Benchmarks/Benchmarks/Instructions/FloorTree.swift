import Peregrine

/// The `floor` mode's tree: the values `JSON(parsing:)` returns for a file,
/// built from a plan recorded before the count starts, with only the work
/// Swift's own types require. No byte is scanned, checked or hashed: each
/// string is copied into a `String` (short ASCII ones built in place, the
/// rest without validation), each array is one `[JSON]` of reserved
/// capacity, and each object stands as one `[JSON]` of its values (the
/// same one allocation as a parsed object's value list; its keys, which
/// parsed objects of one shape share, cost nothing here). What this costs,
/// plus a scan, bounds from below any `JSON(parsing:)` that returns these
/// types.
///
///     Instructions floor twitter_public_timeline 11
struct FloorTree {
    private enum Step {
        case scalar(JSON)
        case string(start: Int, count: Int, isASCII: Bool)
        case container(count: Int)
    }

    private var steps: [Step] = []
    private var text: [UInt8] = []

    /// The plan of `value`'s tree.
    init(_ value: JSON) { record(value) }

    private mutating func record(_ value: JSON) {
        switch value {
        case .string(let string):
            let utf8 = Array(string.utf8)
            steps.append(.string(start: text.count, count: utf8.count, isASCII: utf8.allSatisfy { $0 < 0x80 }))
            text += utf8
        case .array(let elements):
            steps.append(.container(count: elements.count))
            elements.forEach { record($0) }
        case .object(let object):
            steps.append(.container(count: object.count))
            object.values.forEach { record($0) }
        case .null, .bool, .number:
            steps.append(.scalar(value))
        }
    }

    /// Builds the tree the plan records.
    func build() -> JSON {
        text.withUnsafeBufferPointer { text in
            var index = 0
            return build(at: &index, text)
        }
    }

    private func build(at index: inout Int, _ text: UnsafeBufferPointer<UInt8>) -> JSON {
        let step = steps[index]
        index += 1
        switch step {
        case .scalar(let value):
            return value
        case .string(let start, let count, let isASCII):
            let bytes = UnsafeBufferPointer(rebasing: text[start..<start + count])
            if isASCII, count <= 15 {
                return .string(String(unsafeUninitializedCapacity: count) { _ = $0.initialize(from: bytes); return count })
            }
            return .string(String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII)))
        case .container(let count):
            guard count > 0 else { return .array([]) }
            var elements: [JSON] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(build(at: &index, text)) }
            return .array(elements)
        }
    }
}
