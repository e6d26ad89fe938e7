import Foundation

/// Numbers for values, equal exactly when the values are equal, so that a
/// set's elements can be checked distinct, as the format requires, by every
/// reader alike.
///
/// Two values are equal when they have the same tag and payload, where a
/// string reference stands for its string, a decimal for its canonical text
/// (`1.50` and `1.5` are one decimal), a shared value for its content and a
/// back-reference for the shared value it names; containers are equal when
/// their elements (and names) are equal in order. Doubles and dates compare
/// by their bits, so `0.0` and `-0.0` are two elements.
///
/// Identities are made bottom up by hash-consing: a value's identity is the
/// number of the key (its tag, payload and its children's identities) in a
/// `Dictionary`, whose hash Swift seeds per process. Strings and data are
/// numbered by their bytes the same way. A set's identity is kept by the
/// position of its tag and a shared value's by its number, so a value is
/// walked again only by the set directly around it: each byte is walked at
/// most twice however sets nest, and a back-reference costs one lookup. The
/// walk recurses as deep as the set's elements nest, which the reader has
/// already held to ``Binary/DecodingLimits/maxDepth``.
///
/// ```swift
/// try reader.checkSet(at: start, elements: elementStarts)
/// ```
final class BinaryValueIdentities {
    private var runs: [[UInt8]: Int] = [:]
    private var keys: [[Int]: Int] = [:]
    /// The identity of each string of the table, by index, once met.
    var strings: [Int: Int] = [:]
    /// The identity of each complete shared value, by number, once met.
    var shared: [Int: Int] = [:]
    /// Every shared value below this number that was complete when it was
    /// passed has its identity in ``shared``.
    var sharedPassed = 0
    /// The identity of each set checked, by the position of its tag, and where it ends.
    var sets: [Int: (identity: Int, end: Int)] = [:]
    /// The values walked so far (for tests of the bound).
    var walked = 0

    /// The identity of a string or data value with these bytes.
    func run(_ bytes: some Collection<UInt8>) -> Int {
        let key = Array(bytes)
        if let identity = runs[key] { return identity }
        runs[key] = runs.count
        return runs.count - 1
    }

    /// The identity of a value whose tag, payload and children's identities are `key`.
    func value(_ key: [Int]) -> Int {
        if let identity = keys[key] { return identity }
        keys[key] = keys.count
        return keys.count - 1
    }
}

extension BinaryReader {
    /// Checks that the set whose tag is at `start`, complete now, holds no
    /// two equal elements (see ``BinaryValueIdentities``); `elements` are
    /// where its elements start.
    mutating func checkSet(at start: Int, elements: [Int]) throws(Binary.DecodingError) {
        let identities = makeIdentities()
        var walker = copy(at: start)
        var key = [Int(Binary.Tag.set.rawValue), elements.count]
        var seen = Set<Int>()
        for element in elements {
            walker = walker.copy(at: element)
            let identity = try walker.identity(in: identities)
            guard seen.insert(identity).inserted else { throw error(.invalidValue, "the set has two equal elements", at: start) }
            key.append(identity)
        }
        identities.sets[start] = (identities.value(key), position)
    }

    /// The identity of the value here, moving past it. The value has been
    /// read before (so it is well formed, and every back-reference in it
    /// names a complete shared value).
    private mutating func identity(in identities: BinaryValueIdentities) throws(Binary.DecodingError) -> Int {
        let start = position
        identities.walked += 1
        let raw = try byte()
        guard let tag = Binary.Tag(rawValue: raw) else { throw error(.unknownTag, "unknown tag", at: start) }  // read before: cannot happen
        var key = [Int(raw)]
        switch tag {
        case .null, .false, .true: break
        case .int, .uint: key.append(Int(truncatingIfNeeded: try varint() as UInt64))
        case .double, .date: key.append(Int(truncatingIfNeeded: try fixed64()))
        case .string, .url, .numberText: key.append(try stringIdentity(in: identities))
        case .decimal:
            let text = strings[try plainStringIndex()]  // the index is checked against the table
            key.append(identities.run((BinaryValueRules.decimal(text)?.description ?? text).utf8))
        case .data: key.append(identities.run(try data(maxLength: limits.maxStringBytes)))
        case .uuid:
            let bytes = try self.bytes(16)
            key.append(identities.run(bytes))
        case .array, .set, .dictionary:
            if tag == .set, let known = identities.sets[start] {
                self = copy(at: known.end)
                return known.identity
            }
            let count = try self.count(bytesEach: 1)
            let elements = tag == .dictionary ? 2 * count : count
            key.append(elements)
            for _ in 0..<elements { key.append(try identity(in: identities)) }
        case .object, .record:
            if tag == .record { key.append(try stringIdentity(in: identities)) }
            let count = try self.count(bytesEach: 2)
            key.append(count)
            for _ in 0..<count {
                key.append(try stringIdentity(in: identities))
                key.append(try identity(in: identities))
            }
        case .shared:
            let identity = try identity(in: identities)
            if let number = sharedNumber(at: start + 1) { identities.shared[number] = identity }
            return identity
        case .reference:
            return try sharedIdentity(try varint(), in: identities)
        }
        return identities.value(key)
    }

    /// The identity of complete shared value `number`. Complete shared
    /// values are walked in increasing order, so the back-references each one
    /// holds (to earlier values, or to values defined inside it) are known
    /// when they are met: no chain of references is followed.
    ///
    /// A value still being read when the values after it were passed (one
    /// that contains the set being checked) is walked on its own once it is
    /// complete: what it refers to was complete before it.
    private func sharedIdentity(_ number: Int, in identities: BinaryValueIdentities) throws(Binary.DecodingError) -> Int {
        if let identity = identities.shared[number] { return identity }
        guard isComplete(shared: number) else { throw error(.badReference, "shared value \(number) is not complete") }  // read before: cannot happen
        let first = number < identities.sharedPassed ? number : identities.sharedPassed
        for earlier in first...number where identities.shared[earlier] == nil && isComplete(shared: earlier) {
            var walker = copy(at: sharedStarts[earlier])  // earlier <= number < count: a shared value begun
            identities.shared[earlier] = try walker.identity(in: identities)
        }
        identities.sharedPassed = max(identities.sharedPassed, number + 1)
        return identities.shared[number] ?? number  // set by the loop above
    }

    /// The number of the shared value whose value starts at `start`.
    private func sharedNumber(at start: Int) -> Int? {
        var low = 0
        var high = sharedStarts.count
        while low < high {
            let middle = (low + high) / 2
            if sharedStarts[middle] < start { low = middle + 1 } else { high = middle }  // middle < count
        }
        return low < sharedStarts.count && sharedStarts[low] == start ? low : nil
    }

    /// The identity of the string a reference here names, by its bytes.
    private mutating func stringIdentity(in identities: BinaryValueIdentities) throws(Binary.DecodingError) -> Int {
        let index = try plainStringIndex()
        if let identity = identities.strings[index] { return identity }
        let identity = identities.run(strings[index].utf8)  // index < count: checked
        identities.strings[index] = identity
        return identity
    }
}
