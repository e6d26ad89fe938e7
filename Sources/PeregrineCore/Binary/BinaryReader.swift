import Foundation

/// Reads a file of the binary format with every read bounds-checked: the
/// header and string table when it is created, then primitives on demand.
/// It also keeps the counts the limits need (depth, values, bytes produced,
/// shared values) and checks what the format forbids in values (repeated
/// member names, malformed text values, dates out of range), so that every
/// reader built on it accepts and rejects the same files, at the same offsets.
struct BinaryReader {
    private let input: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    let limits: Binary.DecodingLimits
    /// The string table.
    private(set) var strings: [String] = []
    /// Where each string of the table starts (its UTF-8, after the length).
    private(set) var stringStarts: [Int] = []
    /// The UTF-8 length of each string of the table.
    private(set) var stringLengths: [Int] = []
    /// The member names of the objects and records being read.
    private(set) var names: BinaryObjectKeys
    /// The value-count hint of the header, capped by the bytes in the file.
    private(set) var valueHint = 0
    /// The shared-value hint of the header, capped by the bytes in the file.
    private(set) var sharedHint = 0
    private var depth = 0
    /// The deepest level reached since the innermost open shared value
    /// began, counting the levels a back-reference repeats.
    private var deepest = 0
    private var values = 0
    /// What ``Binary/DecodingLimits/maxOutputBytes`` still allows.
    private var outputLeft: Int
    /// For each shared definition: `nil` while it is being read, then how
    /// many values and output bytes it holds (what a back-reference to it repeats).
    private var sharedSizes: [Size?] = []
    /// The shared values being read, innermost last: their numbers, the
    /// counts and the level when they began, and ``deepest`` outside them.
    private var openShared: [(number: Int, before: Size, level: Int, deepestOutside: Int)] = []
    /// Where each shared definition's value starts (after its tag), in order.
    private(set) var sharedStarts: [Int] = []
    /// The identities of values, made when a set is first checked.
    private(set) var identities: BinaryValueIdentities?

    /// What a shared value holds, or held when it began.
    struct Size {
        var values: Int
        var output: Int
        /// The levels the value nests, its own included, counting what its
        /// back-references repeat: what a back-reference to it adds to the depth.
        var levels = 0
    }
    /// How many back-references have been read.
    private(set) var referenceCount = 0

    /// How many shared values have been defined.
    var sharedCount: Int { sharedSizes.count }

    /// Reads the header and the string table.
    init(_ input: UnsafeBufferPointer<UInt8>, limits: Binary.DecodingLimits) throws(Binary.DecodingError) {
        self.input = input
        self.limits = limits
        outputLeft = limits.maxOutputBytes
        names = BinaryObjectKeys([], input: input, starts: [], lengths: [])
        guard input.starts(with: Binary.magic) else { throw error(.badMagic, "the file does not start with \\x89PGB") }
        position = Binary.magic.count
        let major = try byte()
        _ = try byte()  // every minor version of this major is read; unknown tags stop the read
        guard major == Binary.majorVersion else {
            throw error(.unsupportedVersion, "major version \(major); this reader knows \(Binary.majorVersion)", at: position - 2)
        }
        valueHint = min(try varint(), remaining)
        sharedHint = min(try varint(), remaining)
        let stringCount = try count(bytesEach: 1)
        strings.reserveCapacity(stringCount)
        stringStarts.reserveCapacity(stringCount)
        stringLengths.reserveCapacity(stringCount)
        for _ in 0..<stringCount {
            let start = position
            let bytes = try data(maxLength: limits.maxStringBytes)
            // Decoding repairs ill-formed UTF-8, so the bytes come back the
            // same exactly when they were well-formed (and `String(validating:)`
            // takes a much slower, generic path).
            var string = String(decoding: bytes, as: UTF8.self)
            guard string.withUTF8({ bytesEqual($0, bytes) }) else {
                throw error(.invalidUTF8, "string \(strings.count) of the table is not well-formed UTF-8", at: start)
            }
            strings.append(string)
            stringStarts.append(position - bytes.count)
            stringLengths.append(bytes.count)
        }
        names = BinaryObjectKeys(strings, input: input, starts: stringStarts, lengths: stringLengths)
    }

    /// A copy of this reader at `position`, to read values again (with the
    /// primitives that count nothing toward the limits).
    func copy(at position: Int) -> BinaryReader {
        var copy = self
        copy.position = position
        return copy
    }

    /// The identities of values, made on first use.
    mutating func makeIdentities() -> BinaryValueIdentities {
        if let identities { return identities }
        let made = BinaryValueIdentities()
        identities = made
        return made
    }

    /// A copy of this reader with a member-name check of its own: each read
    /// of the body starts from one (a read abandoned part way leaves names behind).
    func copyForBody() -> BinaryReader {
        var copy = self
        copy.names = BinaryObjectKeys(strings, input: input, starts: stringStarts, lengths: stringLengths)
        return copy
    }

    private var remaining: Int { input.count - position }

    func error(_ kind: Binary.DecodingError.Kind, _ message: String, at offset: Int? = nil) -> Binary.DecodingError {
        Binary.DecodingError(kind: kind, offset: offset ?? position, message: message)
    }

    // MARK: Primitives

    @inline(__always)
    mutating func byte() throws(Binary.DecodingError) -> UInt8 {
        guard position < input.count else { throw error(.truncated, "the file ends here") }
        defer { position += 1 }
        return input[position]  // bounds proven above
    }

    /// The next tag, counting the value it starts against ``Binary/DecodingLimits/maxValues``.
    @inline(__always)
    mutating func tag() throws(Binary.DecodingError) -> Binary.Tag {
        let start = position
        let raw = try byte()
        guard let tag = Binary.Tag(rawValue: raw) else { throw error(.unknownTag, "unknown tag 0x\(String(raw, radix: 16))", at: start) }
        try countValues(1, at: start)
        return tag
    }

    /// The next value when it is a double or a signed integer (what arrays
    /// and objects hold most), read and counted as ``tag()`` and the
    /// payload's own read would; `nil`, with nothing read, for any other
    /// value (and for a double cut short, which the full read reports).
    @inline(__always)
    mutating func plainNumber() throws(Binary.DecodingError) -> JSON.Number? {
        guard let (tag, bits) = try plainNumberBits() else { return nil }
        return tag == .double ? JSON.Number(Double(bitPattern: bits)) : JSON.Number(Int64(bitPattern: bits))
    }

    /// What ``plainNumber()`` reads, as the tape holds it: the tag
    /// (``Binary/Tag/double`` or ``Binary/Tag/int``) and the 64 bits of the
    /// `Double` or the `Int64`.
    @inline(__always)
    mutating func plainNumberBits() throws(Binary.DecodingError) -> (tag: Binary.Tag, bits: UInt64)? {
        guard position < input.count else { return nil }
        let raw = input[position]  // bounds proven: position < count
        if raw == Binary.Tag.double.rawValue {
            guard input.count - position > 8 else { return nil }
            try countValues(1, at: position)
            let bits = UnsafeRawBufferPointer(input).loadUnaligned(fromByteOffset: position + 1, as: UInt64.self)  // bounds proven: 9 bytes remain
            position += 9
            return (.double, UInt64(littleEndian: bits))
        }
        guard raw == Binary.Tag.int.rawValue else { return nil }
        try countValues(1, at: position)
        position += 1
        return (.int, UInt64(bitPattern: try zigzag()))
    }

    /// A varint; one or two bytes (values below 16,384, the most common)
    /// are read inline.
    @inline(__always)
    mutating func varint() throws(Binary.DecodingError) -> UInt64 {
        if position < input.count {
            let first = input[position]  // bounds proven: position < count
            if first < 0x80 {
                position += 1
                return UInt64(first)
            }
            // A minimal two-byte varint ends with a byte from 1 to 127.
            if position + 1 < input.count, input[position + 1] &- 1 < 0x7F {  // bounds proven: position + 1 < count
                let value = UInt64(first & 0x7F) | UInt64(input[position + 1]) << 7  // bounds proven: position + 1 < count
                position += 2
                return value
            }
        }
        return try longVarint()
    }

    /// A varint of three bytes or more: one 8-byte load when eight bytes
    /// remain and the varint ends within them with a nonzero last byte (so
    /// it is minimal and fits 56 bits); otherwise byte by byte, which also
    /// gives the errors.
    private mutating func longVarint() throws(Binary.DecodingError) -> UInt64 {
        if input.count - position >= 8 {
            let word = UInt64(littleEndian: UnsafeRawBufferPointer(input).loadUnaligned(fromByteOffset: position, as: UInt64.self))  // bounds proven: 8 bytes remain
            let ends = ~word & 0x8080_8080_8080_8080
            if ends != 0 {
                let length = (ends.trailingZeroBitCount + 1) >> 3
                let bits = UInt64(length) << 3
                let last = (word >> (bits - 8)) & 0xFF
                if last != 0 {
                    var value = word & 0x7F7F_7F7F_7F7F_7F7F
                    if length < 8 { value &= (1 << bits) - 1 }
                    // Packs the 7-bit groups: pairs into 14 bits, then 28, then 56.
                    value = (value & 0x007F_007F_007F_007F) | (value & 0x7F00_7F00_7F00_7F00) >> 1
                    value = (value & 0x0000_3FFF_0000_3FFF) | (value & 0x3FFF_0000_3FFF_0000) >> 2
                    value = (value & 0x0000_0000_0FFF_FFFF) | (value & 0x0FFF_FFFF_0000_0000) >> 4
                    position += length
                    return value
                }
            }
        }
        return try varintByBytes()
    }

    private mutating func varintByBytes() throws(Binary.DecodingError) -> UInt64 {
        let start = position
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 63 || byte <= 1 else { throw error(.invalidVarint, "the varint overflows 64 bits", at: start) }
            value |= UInt64(byte & 0x7F) << shift
            guard byte & 0x80 != 0 else {
                guard byte != 0 || shift == 0 else { throw error(.invalidVarint, "the varint is not minimal", at: start) }
                return value
            }
            shift += 7
        }
    }

    /// A varint that must fit an `Int`.
    @inline(__always)
    mutating func varint() throws(Binary.DecodingError) -> Int {
        let start = position
        guard let value = Int(exactly: try varint() as UInt64) else { throw error(.invalidVarint, "the number does not fit an Int", at: start) }
        return value
    }

    @inline(__always)
    mutating func zigzag() throws(Binary.DecodingError) -> Int64 {
        let raw: UInt64 = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    @inline(__always)
    mutating func fixed64() throws(Binary.DecodingError) -> UInt64 {
        guard remaining >= 8 else { throw error(.truncated, "8 bytes needed, \(remaining) left") }
        defer { position += 8 }
        return UInt64(littleEndian: UnsafeRawBufferPointer(input).loadUnaligned(fromByteOffset: position, as: UInt64.self))  // bounds proven above
    }

    @inline(__always)
    mutating func double() throws(Binary.DecodingError) -> Double { Double(bitPattern: try fixed64()) }

    /// `count` raw bytes; a negative count, like one past the end, is ``Binary/DecodingError/Kind/truncated``.
    mutating func bytes(_ count: Int) throws(Binary.DecodingError) -> UnsafeBufferPointer<UInt8> {
        guard count >= 0, count <= remaining else { throw error(.truncated, "\(count) bytes needed, \(remaining) left") }
        defer { position += count }
        return UnsafeBufferPointer(rebasing: input[position..<position + count])  // bounds proven: 0 <= count <= remaining (guard above)
    }

    /// A length-prefixed run of bytes of at most `maxLength`.
    mutating func data(maxLength: Int) throws(Binary.DecodingError) -> UnsafeBufferPointer<UInt8> {
        let start = position
        let length: Int = try varint()
        guard length <= maxLength else {
            throw error(.limitExceeded, "\(length) bytes is more than maxStringBytes (\(maxLength))", at: start)
        }
        return try bytes(length)
    }

    /// A count of elements each taking at least `bytesEach` bytes, checked
    /// against the bytes left and ``Binary/DecodingLimits/maxCount``.
    @inline(__always)
    mutating func count(bytesEach: Int) throws(Binary.DecodingError) -> Int {
        let start = position
        let count: Int = try varint()
        guard count <= limits.maxCount else { throw error(.limitExceeded, "\(count) elements is more than maxCount (\(limits.maxCount))", at: start) }
        guard count <= remaining / bytesEach else {
            throw error(.truncated, "\(count) elements of at least \(bytesEach) bytes each, \(remaining) bytes left", at: start)
        }
        return count
    }

    /// A string reference.
    mutating func string() throws(Binary.DecodingError) -> String {
        strings[try stringIndex()]  // bounds proven: stringIndex checks it
    }

    /// A string reference, as its index in the table; the string counts
    /// toward ``Binary/DecodingLimits/maxOutputBytes``.
    @inline(__always)
    mutating func stringIndex() throws(Binary.DecodingError) -> Int {
        let start = position
        let index = try plainStringIndex()
        try produce(stringLengths[index], at: start)  // index < count: checked by plainStringIndex
        return index
    }

    /// A string reference, as its index in the table, counting nothing
    /// toward the limits (for values read again).
    @inline(__always)
    mutating func plainStringIndex() throws(Binary.DecodingError) -> Int {
        let start = position
        let index: Int = try varint()
        // stringLengths has one entry per string: checked against it, the length is read without a second check.
        guard index < stringLengths.count else { throw badStringIndex(index, at: start) }
        return index
    }

    @inline(never)  // the cold path, out of the readers' loops
    private func badStringIndex(_ index: Int, at start: Int) -> Binary.DecodingError {
        error(.badStringIndex, "string \(index) of a table of \(strings.count)", at: start)
    }

    /// A member name: a string reference, noted as a name of the innermost
    /// object or record being read.
    @inline(__always)
    mutating func memberName() throws(Binary.DecodingError) -> Int {
        let index = try stringIndex()
        names.note(index)
        return index
    }

    /// Checks that the object or record whose tag is at `start`, whose
    /// names began at `namesStart` (``BinaryObjectKeys/namesStart`` when it
    /// began), named no member twice.
    @inline(__always)
    mutating func endMembers(from namesStart: Int, at start: Int) throws(Binary.DecodingError) {
        guard let repeated = names.repeatedName(from: namesStart) else { return }
        throw duplicateKey(repeated, at: start)
    }

    /// The error for an object or record, whose tag is at `start`, that names `name` (a first index) twice.
    func duplicateKey(_ name: Int, at start: Int) -> Binary.DecodingError {
        error(.duplicateKey, "two members are named \(JSON.serializedString(escaping: strings[name]))", at: start)  // a first index: in the table
    }

    /// A data value's bytes, which count toward ``Binary/DecodingLimits/maxOutputBytes``.
    mutating func dataValue() throws(Binary.DecodingError) -> UnsafeBufferPointer<UInt8> {
        let start = position
        let bytes = try data(maxLength: limits.maxStringBytes)
        try produce(bytes.count, at: start)
        return bytes
    }

    // MARK: Values kept as text, and dates

    /// The number text (a string reference) of the value whose tag is at
    /// `start`: the table index and the number.
    mutating func numberText(at start: Int) throws(Binary.DecodingError) -> (index: Int, number: JSON.Number) {
        let index = try stringIndex()
        guard let number = BinaryValueRules.number(strings[index]) else {  // index < count: checked by stringIndex
            throw error(.invalidValue, "\(JSON.serializedString(escaping: strings[index])) is not a JSON number", at: start)
        }
        return (index, number)
    }

    /// The decimal (a string reference) of the value whose tag is at `start`.
    mutating func decimal(at start: Int) throws(Binary.DecodingError) -> (index: Int, decimal: Decimal) {
        let index = try stringIndex()
        guard let decimal = BinaryValueRules.decimal(strings[index]) else {  // index < count: checked by stringIndex
            throw error(.invalidValue, "\(JSON.serializedString(escaping: strings[index])) is not a decimal: -?digits[.digits], within Decimal's range", at: start)
        }
        return (index, decimal)
    }

    /// The URL (a string reference) of the value whose tag is at `start`.
    mutating func url(at start: Int) throws(Binary.DecodingError) -> (index: Int, url: URL) {
        let index = try stringIndex()
        guard let url = URL(string: strings[index]) else {  // index < count: checked by stringIndex
            throw error(.invalidValue, "\(JSON.serializedString(escaping: strings[index])) is not a URL", at: start)
        }
        return (index, url)
    }

    /// The seconds of the date whose tag is at `start`.
    mutating func date(at start: Int) throws(Binary.DecodingError) -> Double {
        let seconds = try double()
        guard BinaryValueRules.dateSeconds.contains(seconds) else {
            throw error(.invalidValue, "a date of \(seconds) seconds is outside years 1 to 9999", at: start)
        }
        return seconds
    }

    // MARK: Limits

    /// Enters the container, record or shared value whose tag is at `start`.
    /// Whatever `maxDepth` allows, nothing nests deeper than
    /// ``JSON/maxValueDepth``: readers recurse on depth, and the values they
    /// build are released recursively.
    @inline(__always)
    mutating func enter(at start: Int) throws(Binary.DecodingError) {
        guard depth < depthLimit else { throw tooDeep(at: start) }
        depth += 1
        deepest = max(deepest, depth)
    }

    /// The most levels a value may nest: `maxDepth`, and never more than an owned value holds.
    private var depthLimit: Int { min(limits.maxDepth, JSON.maxValueDepth) }

    @inline(never)
    private func tooDeep(at start: Int, throughReference: Bool = false) -> Binary.DecodingError {
        let name = depthLimit == limits.maxDepth ? "maxDepth" : "JSON.maxValueDepth, the most a value holds"
        let how = throughReference ? ", counting the levels a back-reference repeats" : ""
        return error(.limitExceeded, "nesting deeper than \(depthLimit) levels (\(name))\(how)", at: start)
    }

    mutating func leave() { depth -= 1 }

    /// Counts `count` bytes of strings or data produced toward ``Binary/DecodingLimits/maxOutputBytes``.
    @inline(__always)
    private mutating func produce(_ count: Int, at offset: Int) throws(Binary.DecodingError) {
        guard count <= outputLeft else { throw outputTooLarge(at: offset) }
        outputLeft &-= count  // count <= outputLeft: no overflow
    }

    @inline(never)  // the cold path, out of the readers' loops
    private func outputTooLarge(at offset: Int) -> Binary.DecodingError {
        error(.outputTooLarge, "more than maxOutputBytes (\(limits.maxOutputBytes)) bytes of strings and data, counting repeats", at: offset)
    }

    @inline(__always)
    private mutating func countValues(_ count: Int, at offset: Int) throws(Binary.DecodingError) {
        let (total, overflow) = values.addingReportingOverflow(count)
        guard !overflow, total <= limits.maxValues else {
            throw error(.limitExceeded, "more than maxValues (\(limits.maxValues)) values, counting what back-references repeat", at: offset)
        }
        values = total
    }

    /// Starts the shared value whose tag is at `start`; returns its number.
    mutating func beginShared(at start: Int) throws(Binary.DecodingError) -> Int {
        let level = depth
        let deepestOutside = deepest
        try enter(at: start)
        deepest = depth
        sharedSizes.append(nil)
        sharedStarts.append(start + 1)
        openShared.append((sharedSizes.count - 1, Size(values: values, output: outputLeft), level, deepestOutside))
        return sharedSizes.count - 1
    }

    /// Marks the innermost shared value being read complete.
    mutating func endShared() {
        leave()
        guard let (number, before, level, deepestOutside) = openShared.popLast() else { return }
        let size = Size(values: values - before.values, output: before.output - outputLeft, levels: deepest - level)
        sharedSizes[number] = size  // number < count: from beginShared
        deepest = max(deepestOutside, deepest)
    }

    /// Whether shared value `number` has been read to its end.
    func isComplete(shared number: Int) -> Bool { number < sharedSizes.count && sharedSizes[number] != nil }

    /// A back-reference: the number of a complete shared value, whose values
    /// count again toward ``Binary/DecodingLimits/maxValues``.
    mutating func reference() throws(Binary.DecodingError) -> Int {
        let start = position
        let number: Int = try varint()
        guard number < sharedSizes.count, let size = sharedSizes[number] else {
            let why = number < sharedSizes.count ? "is still being read (a cycle)" : "is not defined yet"
            throw error(.badReference, "shared value \(number) \(why)", at: start)
        }
        // The value repeated nests as deep as where it was defined: depth
        // through back-references counts as depth (`[s1]` with `s1 = [ref s0]`, …).
        guard size.levels <= depthLimit - depth else { throw tooDeep(at: start, throughReference: true) }
        deepest = max(deepest, depth + size.levels)
        try countValues(size.values, at: start)
        try produce(size.output, at: start)
        referenceCount += 1
        return number
    }

    /// Checks that the root value ended the file.
    func finish() throws(Binary.DecodingError) {
        guard remaining == 0 else { throw error(.trailingBytes, "\(remaining) bytes after the root value") }
    }
}
