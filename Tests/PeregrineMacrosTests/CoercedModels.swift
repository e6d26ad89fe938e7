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
