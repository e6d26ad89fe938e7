import Foundation

extension Binary.Value {
    /// Reads a value from the binary format (shared values come back as
    /// copies at each place that refers to them).
    ///
    /// ```swift
    /// let value = try Binary.Value(decoding: packed, limits: .plainData)
    /// ```
    ///
    /// - Throws: ``Binary/DecodingError`` with the byte offset of the problem.
    public init(decoding bytes: [UInt8], limits: Binary.DecodingLimits = .init()) throws(Binary.DecodingError) {
        self = try bytes.withUnsafeBufferPointer { (buffer) throws(Binary.DecodingError) in
            try BinaryReader.read(buffer, limits: limits, into: ValueBuilder.self)
        }
    }

    /// The value in the binary format.
    ///
    /// ```swift
    /// let packed = try Binary.Value.array([.date(.now), .uuid(UUID())]).encoded()
    /// ```
    ///
    /// - Throws: ``Binary/EncodingError``: `.depthExceeded` when the value
    ///   nests deeper than `maxDepth`; `.invalidValue` for what readers
    ///   reject (a NaN decimal, a date outside years 1 to 9999, a set with two
    ///   equal elements, an object or record naming a member twice).
    public func encoded(maxDepth: Int = 512) throws(Binary.EncodingError) -> [UInt8] {
        var writer = BinaryWriter()
        try writer.value(self, depth: 0, maxDepth: maxDepth)
        return writer.finished()
    }
}

extension BinaryWriter {
    mutating func value(_ value: Binary.Value, depth: Int, maxDepth: Int) throws(Binary.EncodingError) {
        switch value {
        case .null: tag(.null)
        case .bool(let flag): tag(flag ? .true : .false)
        case .number(let number): self.number(number)
        case .string(let string):
            tag(.string)
            self.string(string)
        case .date(let date):
            guard BinaryValueRules.dateSeconds.contains(date.timeIntervalSince1970) else {
                throw .invalidValue("a date of \(date.timeIntervalSince1970) seconds is outside years 1 to 9999")
            }
            tag(.date)
            double(date.timeIntervalSince1970)
        case .data(let data):
            tag(.data)
            bytes(data)
        case .url(let url):
            tag(.url)
            string(url.absoluteString)
        case .uuid(let uuid):
            tag(.uuid)
            withUnsafeBytes(of: uuid.uuid) { raw($0) }
        case .decimal(let decimal):
            guard let text = BinaryValueRules.text(of: decimal) else { throw .invalidValue("a NaN Decimal has no value to write") }
            tag(.decimal)
            string(text)
        case .array(let elements):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            tag(.array)
            count(elements.count)
            for element in elements { try self.value(element, depth: depth + 1, maxDepth: maxDepth) }
        case .set(let elements):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            tag(.set)
            count(elements.count)
            // This writer keeps each string once and shares no value, so two
            // elements are equal (as readers compare them) exactly when their bytes are.
            var written = Set<[UInt8]>()
            for element in elements {
                let start = position
                try self.value(element, depth: depth + 1, maxDepth: maxDepth)
                guard written.insert(bytes(from: start)).inserted else { throw .invalidValue("the set has two equal elements: \(element)") }
            }
        case .object(let members):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            tag(.object)
            try self.members(members, depth: depth, maxDepth: maxDepth)
        case .record(let type, let fields):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            tag(.record)
            string(type)
            try members(fields, depth: depth, maxDepth: maxDepth)
        case .dictionary(let pairs):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            tag(.dictionary)
            count(pairs.count)
            for pair in pairs {
                try self.value(pair.key, depth: depth + 1, maxDepth: maxDepth)
                try self.value(pair.value, depth: depth + 1, maxDepth: maxDepth)
            }
        }
    }

    private mutating func members(_ members: [Binary.Value.Member], depth: Int, maxDepth: Int) throws(Binary.EncodingError) {
        count(members.count)
        var names = Set<Int>()  // table indexes: equal exactly when the names' bytes are
        for member in members {
            let name = stringIndex(member.key)
            guard names.insert(name).inserted else { throw .duplicateKey(member.key) }
            count(name)
            try value(member.value, depth: depth + 1, maxDepth: maxDepth)
        }
    }
}

/// Builds ``Binary/Value``s, keeping every kind the format has.
struct ValueBuilder: BinaryBuilder {
    let strings: [String]

    init(strings: [String], names: BinaryObjectKeys) { self.strings = strings }

    func members(capacity: Int) -> [Binary.Value.Member] {
        var members: [Binary.Value.Member] = []
        members.reserveCapacity(capacity)
        return members
    }

    func append(name: Int, _ value: consuming Binary.Value, to members: inout [Binary.Value.Member]) {
        members.append(Binary.Value.Member(key: strings[name], value: value))  // name < count: checked by the reader
    }

    func null() -> Binary.Value { .null }
    func bool(_ value: Bool) -> Binary.Value { .bool(value) }
    func number(_ value: JSON.Number) -> Binary.Value { .number(value) }
    func string(_ value: String) -> Binary.Value { .string(value) }
    func array(_ elements: [Binary.Value]) -> Binary.Value { .array(elements) }
    func object(_ members: [Binary.Value.Member]) -> Binary.Value { .object(members) }
    func date(_ value: Date) -> Binary.Value { .date(value) }
    func data(_ value: Data) -> Binary.Value { .data(value) }
    func url(_ value: URL) -> Binary.Value { .url(value) }
    func uuid(_ value: UUID) -> Binary.Value { .uuid(value) }
    func decimal(_ value: Decimal) -> Binary.Value { .decimal(value) }
    func set(_ elements: [Binary.Value]) -> Binary.Value { .set(elements) }
    func dictionary(_ pairs: [(key: Binary.Value, value: Binary.Value)]) -> Binary.Value { .dictionary(pairs.map(Binary.Value.Pair.init)) }
    func record(type: String, fields: [Binary.Value.Member]) -> Binary.Value { .record(type: type, fields: fields) }
}
