import Foundation
import Peregrine
import PeregrineMacros

/// Every one-direction option on one model (`OneDirectionTests`).
@JSONCodable
struct OneWay: Equatable {
    var id: Int
    @DecodedOnly var password: String
    @EncodedOnly var version: Int = 2
    @EncodedUnless(\[String].isEmpty) var tags: [String]
    @EncodedUnless({ (count: Int) in count == 0 }) var likes: Int
    @NilAsNull var nickname: String?
    var bio: String?
    @NilAsNull @CodedBy(LosslessStringCoder<Int>.self) var code: Int?
    @NilAsNull @Key("meta.note") var note: String?
}

/// `@NilAsNull` on the type: every optional property writes `null`.
@NilAsNull
@JSONCodable
struct AllNulls: Equatable {
    var a: Int?
    var b: [String]?
    var c: Int
}

/// A type whose members sit two objects below the object that holds it.
@JSONCodable(at: "data.info")
struct Rooted: Equatable {
    var id: Int
    var name: String?
}

/// A naming and a root together.
@JSONCodable(keys: .snakeCase, at: "data")
struct RootedPage: Equatable {
    var nextCursor: String?
    var items: [Rooted]
}

/// A class that is not final, rooted below the object that holds it.
@JSONCodable(at: "data")
class RootedAccount {
    var id: Int = 0
    var owner: String?

    init(id: Int, owner: String?) {
        self.id = id
        self.owner = owner
    }
}

/// The members of an address, flattened into the object of whatever holds it.
@JSONCodable
struct Address: Equatable {
    var city: String
    @Key("post_code") var zip: String?
}

/// A model with a flattened property between its own (`FlatteningTests`).
@JSONCodable
struct Customer: Equatable {
    var name: String
    @Flattened var address: Address
    var vip: Bool
}

/// Two flattened properties and key paths in the same model.
@JSONCodable
struct Shipment: Equatable {
    @Key("meta.id") var id: Int
    @Flattened var from: Address
    @Flattened var parcel: Parcel

    @JSONCodable
    struct Parcel: Equatable {
        var weight: Double
        @Key("box.fragile") var fragile: Bool?
    }
}
