import Foundation

/// The ``BinaryEncodedType`` of each type met in one encode, found again
/// by the type's identity in an open-addressing table (a dictionary would
/// hash the identity with SipHash on every value).
struct BinaryEncodedTypeCache {
    private var keys: [ObjectIdentifier?] = Array(repeating: nil, count: 64)
    private var types: [BinaryEncodedType?] = Array(repeating: nil, count: 64)
    private var count = 0
    /// The names the registry gives the types met, by ``BinaryEncodedType/record``.
    private var recordNames: [String] = []

    /// What is known of `type`, worked out on its first use.
    @inline(__always)
    mutating func lookUp(_ type: Any.Type, registry: Binary.TypeRegistry) -> BinaryEncodedType {
        let key = ObjectIdentifier(type)
        let mask = keys.count - 1
        var slot = Self.slot(of: key, mask: mask)
        while let found = keys[slot] {
            if found == key, let known = types[slot] { return known }
            slot = (slot + 1) & mask
        }
        var record: Int?
        if let name = registry.name(of: type) {
            record = recordNames.count
            recordNames.append(name)
        }
        let traits = BinaryEncodedType(type, record: record)
        keys[slot] = key
        types[slot] = traits
        count += 1
        if 2 * count > keys.count { grow() }
        return traits
    }

    /// The name of ``BinaryEncodedType/record`` `record` ("" if there is none).
    func recordName(_ record: Int) -> String {
        record >= 0 && record < recordNames.count ? recordNames[record] : ""
    }

    private static func slot(of key: ObjectIdentifier, mask: Int) -> Int {
        let bits = UInt64(UInt(bitPattern: key))
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldTypes = types
        keys = Array(repeating: nil, count: oldKeys.count * 2)
        types = Array(repeating: nil, count: oldKeys.count * 2)
        let mask = keys.count - 1
        for (key, traits) in zip(oldKeys, oldTypes) {
            guard let key else { continue }
            var slot = Self.slot(of: key, mask: mask)
            while keys[slot] != nil { slot = (slot + 1) & mask }
            keys[slot] = key
            types[slot] = traits
        }
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
