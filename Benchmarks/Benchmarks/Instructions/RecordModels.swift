import Foundation
import PeregrineMacros

/// The record of the generated arrays that `Scripts/compare.sh` measures
/// peak memory on (`{"id":…,"name":…,"tags":[…],…}`), as a `Codable` type.
struct ArrayRecord: Codable {
    var id: Int
    var name: String
    var tags: [String]
    var score: Double
    var active: Bool
    var nested: Nested

    struct Nested: Codable {
        var x: Int
        var y: [Int]
    }
}

/// ``ArrayRecord`` as a `@JSONCodable` type.
@JSONCodable
struct GeneratedArrayRecord {
    var id: Int
    var name: String
    var tags: [String]
    var score: Double
    var active: Bool
    var nested: GeneratedArrayRecordNested
}

/// ``ArrayRecord/Nested`` as a `@JSONCodable` type.
@JSONCodable
struct GeneratedArrayRecordNested {
    var x: Int
    var y: [Int]
}
