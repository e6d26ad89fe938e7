import Foundation
import Peregrine
import PeregrineMacros

/// `@Coerced` properties beside strict ones (`CoercionTests`).
@JSONCodable
struct Lossless: Equatable {
    @Coerced var enabled: Bool
    @Coerced var count: Int
    @Coerced var price: Double
    @Coerced var label: String
    @Coerced var code: String?
    @Coerced var ids: [Int]
    @Coerced @Key("meta.flag") var flag: Bool?
    @LossyDecoding @Coerced @Defaulted(0) var rank: Int
    var strict: Int
}

/// `@Coerced` on a model: the coercions reach its members.
@JSONCodable
struct CoercedHolder: Equatable {
    @Coerced var inner: Inner
    var plain: Inner?

    @JSONCodable
    struct Inner: Equatable {
        var size: Int
        var on: Bool
    }
}

/// `@Coerced` on the type (`CoercionTests`): every property of a type
/// coercions apply to is coerced; one with a coder of its own, a lossy
/// collection, a model and a generic parameter's value stay as they are.
@Coerced
@JSONCodable
struct CoercedRow<Extra: Equatable>: Equatable {
    var id: Int
    var enabled: Bool
    var price: Double?
    var label: String
    var flags: [Bool]
    var scores: [String: Int]
    @Key("meta.count") var count: Int
    @Defaulted(5) var retries: Int
    @CodedBy(LosslessStringCoder<Int>.self) var code: Int
    @LossyDecoding var tags: [Int]
    var inner: CoercedHolder.Inner
    var extra: Extra?
}

/// `@Coerced` on a final class.
@Coerced
@JSONCodable
final class CoercedRecord: Equatable {
    var count: Int
    var on: Bool?

    init(count: Int, on: Bool?) {
        self.count = count
        self.on = on
    }

    static func == (left: CoercedRecord, right: CoercedRecord) -> Bool { left.count == right.count && left.on == right.on }
}
