import Foundation
import PeregrineMacros

@JSONCodable
struct SmokeUser: Equatable {
    var id: Int
    @Key("screen_name") var name: String
    var bio: String?
    var scores: [Double]
    var tags: [String: Int]
    var created: Date?
    let kind = "user"
    var friends: [SmokeFriend]
}

@JSONCodable
struct SmokeFriend: Equatable {
    var id: Int64
}

@JSONCodable
final class SmokeBox {
    var width: Double = 1
    var label: String?
}

@JSONCodable
struct SmokeEmpty: Equatable {}
