import Foundation

extension Binary {
    /// What a file holds, read without building its values: the header,
    /// the string table's size, values by kind, depth, records by type, and
    /// shared values. `peregrine inspect` prints it.
    ///
    /// ```swift
    /// let summary = try Binary.Summary(of: packed)
    /// print(summary.recordTypes)   // ["Pet": 2, "Person": 1]
    /// ```
    public struct Summary: Sendable, Hashable {
        /// The file's version, `major.minor`.
        public let version: String
        /// The header's capacity hints.
        public let valueHint: Int, sharedHint: Int
        /// The strings in the table, and their UTF-8 bytes in all.
        public let stringCount: Int, stringBytes: Int
        /// How many values of each kind the body holds (`"object"`, `"string"`, …).
        public let valueCounts: [String: Int]
        /// The deepest nesting of containers.
        public let depth: Int
        /// Records by type name.
        public let recordTypes: [String: Int]
        /// Shared values defined, and back-references to them.
        public let sharedCount: Int, referenceCount: Int
        /// The file's size in bytes.
        public let byteCount: Int

        /// Reads `bytes` through, within `limits`, and summarises them.
        ///
        /// - Throws: ``Binary/DecodingError`` when the file is not valid.
        public init(of bytes: [UInt8], limits: Binary.DecodingLimits = .init()) throws(Binary.DecodingError) {
            let (reader, tally) = try bytes.withUnsafeBufferPointer { (buffer) throws(Binary.DecodingError) -> (BinaryReader, Tally) in
                var reader = try BinaryReader(buffer, limits: limits)
                var shared: [Int?] = []
                let builder = SummaryBuilder(strings: reader.strings, names: reader.names)
                builder.tally.depth = try reader.value(builder, shared: &shared)
                try reader.finish()
                return (reader, builder.tally)
            }
            version = "\(bytes[4]).\(bytes[5])"  // the reader has read the 6-byte magic and version
            valueHint = reader.valueHint
            sharedHint = reader.sharedHint
            stringCount = reader.strings.count
            stringBytes = reader.strings.reduce(0) { $0 + $1.utf8.count }
            valueCounts = tally.kinds
            depth = tally.depth
            recordTypes = tally.recordTypes
            sharedCount = reader.sharedCount
            referenceCount = reader.referenceCount
            byteCount = bytes.count
        }
    }
}

/// The counts a summary collects while the reader walks the file.
private final class Tally {
    var kinds: [String: Int] = [:]
    var recordTypes: [String: Int] = [:]
    var depth = 0
}

/// Builds each value's nesting depth, and counts kinds and record types.
private struct SummaryBuilder: BinaryBuilder {
    let tally = Tally()

    init(strings: [String], names: BinaryObjectKeys) {}

    /// Members are only counted: their nesting depths.
    func members(capacity: Int) -> [Int] { [] }
    func append(name: Int, _ value: Int, to members: inout [Int]) { members.append(value) }

    private func leaf(_ kind: String) -> Int {
        tally.kinds[kind, default: 0] += 1
        return 0
    }

    private func container(_ kind: String, _ depths: some Sequence<Int>) -> Int {
        tally.kinds[kind, default: 0] += 1
        return 1 + (depths.max() ?? 0)
    }

    func null() -> Int { leaf("null") }
    func bool(_ value: Bool) -> Int { leaf("bool") }
    func number(_ value: JSON.Number) -> Int { leaf("number") }
    func string(_ value: String) -> Int { leaf("string") }
    func array(_ elements: [Int]) -> Int { container("array", elements) }
    func object(_ members: [Int]) -> Int { container("object", members) }
    func date(_ value: Date) -> Int { leaf("date") }
    func data(_ value: Data) -> Int { leaf("data") }
    func url(_ value: URL) -> Int { leaf("url") }
    func uuid(_ value: UUID) -> Int { leaf("uuid") }
    func decimal(_ value: Decimal) -> Int { leaf("decimal") }
    func set(_ elements: [Int]) -> Int { container("set", elements) }
    func dictionary(_ pairs: [(key: Int, value: Int)]) -> Int { container("dictionary", pairs.flatMap { [$0.key, $0.value] }) }
    func record(type: String, fields: [Int]) -> Int {
        tally.recordTypes[type, default: 0] += 1
        return container("record", fields)
    }
}
