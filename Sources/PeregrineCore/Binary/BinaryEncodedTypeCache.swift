import Foundation

/// The ``BinaryEncodedType`` of each type met in one encode, found again
/// by the type's identity in an open-addressing table (a dictionary would
/// hash the identity with SipHash on every value).
struct BinaryEncodedTypeCache: ~Copyable {
    /// A type met and what is known of it.
    struct Entry: TableSlot {
        var key: ObjectIdentifier?
        var type: BinaryEncodedType?

        static var empty: Entry { Entry(key: nil, type: nil) }
        var isEmpty: Bool { key == nil }
    }

    private var entries = SlotTable<Entry>(size: 64)
    /// The names the registry gives the types met, by ``BinaryEncodedType/record``.
    private var recordNames: [String] = []

    /// What is known of `type`, worked out on its first use.
    @inline(__always)
    mutating func lookUp(_ type: Any.Type, registry: Binary.TypeRegistry) -> BinaryEncodedType {
        let key = ObjectIdentifier(type)
        let slot = entries.firstSlot(from: Self.hash(key)) { $0.key == key }
        if let slot, let known = entries[slot].type { return known }
        var record: Int?
        if let name = registry.name(of: type) {
            record = recordNames.count
            recordNames.append(name)
        }
        let traits = BinaryEncodedType(type, record: record)
        guard let slot else { return traits }  // none: the table is at most half full
        if entries[slot].isEmpty { entries.insert(Entry(key: key, type: traits), at: slot) } else { entries[slot].type = traits }
        entries.checkSlot(slot) { Self.hash($0.key) }
        if entries.isOverHalfFull { entries.grow { Self.hash($0.key) } }
        return traits
    }

    /// The name of ``BinaryEncodedType/record`` `record` ("" if there is none).
    func recordName(_ record: Int) -> String {
        record >= 0 && record < recordNames.count ? recordNames[record] : ""
    }

    private static func hash(_ key: ObjectIdentifier?) -> Int {
        let bits = UInt64(UInt(bitPattern: key.map { Int(bitPattern: $0) } ?? 0))
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}

/// The kind of every type any ``Binary/Encoder`` call has met, kept for the
/// life of the process: the conformance checks that work a kind out cost
/// tens of thousands of instructions when the answer is no.
final class BinaryTypeKinds: @unchecked Sendable {
    static let shared = BinaryTypeKinds()

    /// Guards ``kinds``.
    private let lock = NSLock()
    private var kinds: [ObjectIdentifier: (kind: BinaryEncodedType.Kind, isClass: Bool)] = [:]

    /// What `type` is.
    func kind(of type: Any.Type) -> (kind: BinaryEncodedType.Kind, isClass: Bool) {
        let key = ObjectIdentifier(type)
        lock.lock()
        defer { lock.unlock() }
        if let known = kinds[key] { return known }
        let kind = BinaryEncodedType.kind(of: type)
        kinds[key] = kind
        return kind
    }
}
