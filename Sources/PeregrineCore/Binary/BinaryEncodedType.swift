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
    /// Where ``BinaryEncodedTypeCache`` keeps the name the registry gives
    /// the type, for its records (a number, so that copies of this value
    /// retain nothing).
    let record: Int?

    init(_ type: Any.Type, record: Int?) {
        (kind, isClass) = BinaryTypeKinds.shared.kind(of: type)
        self.record = record
    }

    /// What `type` is, worked out from its identity and conformances.
    static func kind(of type: Any.Type) -> (kind: Kind, isClass: Bool) {
        let identities = Self.identities
        let kind: Kind
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
        return (kind, type is AnyClass)
    }

    /// The identities of the types written with tags of their own.
    private static let identities = (
        date: ObjectIdentifier(Date.self), data: ObjectIdentifier(Data.self), url: ObjectIdentifier(URL.self),
        uuid: ObjectIdentifier(UUID.self), decimal: ObjectIdentifier(Decimal.self)
    )
}
