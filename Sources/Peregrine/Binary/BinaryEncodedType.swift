import Foundation

/// What ``BinaryValueEncoder`` needs to know about a type before it writes
/// a value of it: whether the format has a tag of its own for it, whether
/// its instances are shared, and the record name it is registered under.
struct BinaryEncodedType {
    enum Kind {
        case plain, date, data, url, uuid, decimal, set, dictionary
        case array(FastArray)
    }

    let kind: Kind
    /// Whether the type is a class: its instances are written once, as shared values.
    let isClass: Bool
    /// The name the registry gives the type, for its records.
    let recordName: String?

    init(_ type: Any.Type, registry: Binary.TypeRegistry) {
        let identities = Self.identities
        switch ObjectIdentifier(type) {
        case identities.date: kind = .date
        case identities.data: kind = .data
        case identities.url: kind = .url
        case identities.uuid: kind = .uuid
        case identities.decimal: kind = .decimal
        default:
            if let array = FastArray(type) {
                kind = .array(array)
            } else if type is any BinarySetCoding.Type {
                kind = .set
            } else if type is any BinaryDictionaryCoding.Type {
                kind = .dictionary
            } else {
                kind = .plain
            }
        }
        isClass = type is AnyClass
        recordName = registry.name(of: type)
    }

    /// The identities of the types written with tags of their own.
    private static let identities = (
        date: ObjectIdentifier(Date.self), data: ObjectIdentifier(Data.self), url: ObjectIdentifier(URL.self),
        uuid: ObjectIdentifier(UUID.self), decimal: ObjectIdentifier(Decimal.self)
    )
}

/// The ``BinaryEncodedType`` of each type met in one encode, found again
/// by the type's identity in an open-addressing table (a dictionary would
/// hash the identity with SipHash on every value).
struct BinaryEncodedTypeCache {
    private var keys: [ObjectIdentifier?] = Array(repeating: nil, count: 64)
    private var types: [BinaryEncodedType?] = Array(repeating: nil, count: 64)
    private var count = 0

    /// What is known of `type`, worked out on its first use.
    mutating func lookUp(_ type: Any.Type, registry: Binary.TypeRegistry) -> BinaryEncodedType {
        let key = ObjectIdentifier(type)
        let mask = keys.count - 1
        var slot = Self.slot(of: key, mask: mask)
        while let found = keys[slot] {
            if found == key, let known = types[slot] { return known }
            slot = (slot + 1) & mask
        }
        let traits = BinaryEncodedType(type, registry: registry)
        keys[slot] = key
        types[slot] = traits
        count += 1
        if 2 * count > keys.count { grow() }
        return traits
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
