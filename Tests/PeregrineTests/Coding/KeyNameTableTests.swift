import Foundation
import Peregrine
@testable import PeregrineCore
import Testing

/// Keyed containers of one-byte key types read each key's name from a
/// table (`KeyNameTable`) that asks `stringValue` once per key value: the
/// names stay right for every value, after the table has grown, under
/// `.convertFromSnakeCase`, beside keys of other sizes and for `super`.
@Suite struct KeyNameTableTests {
    /// A one-byte key that is not an enum: its name follows from its byte.
    struct ByteKey: CodingKey {
        let byte: UInt8
        init(_ byte: UInt8) { self.byte = byte }
        /// Long names, so that 256 of them outgrow the table's first buffer many times.
        var stringValue: String { "member_number_\(byte)_" + String(repeating: "x", count: Int(byte % 7)) }
        init?(stringValue: String) { nil }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Asks for all 256 keys in a scrambled order, then again in order,
    /// then each third one a third time: the object has every fourth.
    struct AllBytes: Decodable {
        var values: [Int?] = []
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ByteKey.self)
            let keys = (0..<256).map { ByteKey(UInt8($0 * 101 % 256)) } + (0...255).map { ByteKey(UInt8($0)) }
                + stride(from: 0, through: 255, by: 3).map { ByteKey(UInt8($0)) }
            for key in keys { values.append(try container.decodeIfPresent(Int.self, forKey: key)) }
        }
    }

    @Test func everyValueOfAOneByteKeyFindsItsMember() throws {
        // 64 members with unique names: found by the cursor lookups, whose names come from the table.
        let members = stride(from: 0, through: 255, by: 4).map { byte in "\"\(ByteKey(UInt8(byte)).stringValue)\": \(byte * 3)" }
        let text = "{" + members.reversed().joined(separator: ", ") + "}"
        let decoded = try JSON.Decoder().decode(AllBytes.self, from: text)
        let asked = (0..<256).map { $0 * 101 % 256 } + Array(0...255) + Array(stride(from: 0, through: 255, by: 3))
        let expected = asked.map { $0 % 4 == 0 ? $0 * 3 : nil }
        #expect(decoded.values == expected)
        #expect(try JSONDecoder().decode(AllBytes.self, from: Data(text.utf8)).values == expected)
    }

    /// A model whose keys are an enum of one byte, one of two bytes (300
    /// cases: no table) and `super`, read under `.convertFromSnakeCase`.
    final class Wide: Decodable {
        enum Small: String, CodingKey { case userName, userId }
        enum Large: CodingKey {
            // 300 cases: two bytes, so no table; `last` is case 299.
            case c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19
            case c20, c21, c22, c23, c24, c25, c26, c27, c28, c29, c30, c31, c32, c33, c34, c35, c36, c37, c38, c39
            case c40, c41, c42, c43, c44, c45, c46, c47, c48, c49, c50, c51, c52, c53, c54, c55, c56, c57, c58, c59
            case c60, c61, c62, c63, c64, c65, c66, c67, c68, c69, c70, c71, c72, c73, c74, c75, c76, c77, c78, c79
            case c80, c81, c82, c83, c84, c85, c86, c87, c88, c89, c90, c91, c92, c93, c94, c95, c96, c97, c98, c99
            case d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19
            case d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39
            case d40, d41, d42, d43, d44, d45, d46, d47, d48, d49, d50, d51, d52, d53, d54, d55, d56, d57, d58, d59
            case d60, d61, d62, d63, d64, d65, d66, d67, d68, d69, d70, d71, d72, d73, d74, d75, d76, d77, d78, d79
            case d80, d81, d82, d83, d84, d85, d86, d87, d88, d89, d90, d91, d92, d93, d94, d95, d96, d97, d98, d99
            case e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16, e17, e18, e19
            case e20, e21, e22, e23, e24, e25, e26, e27, e28, e29, e30, e31, e32, e33, e34, e35, e36, e37, e38, e39
            case e40, e41, e42, e43, e44, e45, e46, e47, e48, e49, e50, e51, e52, e53, e54, e55, e56, e57, e58, e59
            case e60, e61, e62, e63, e64, e65, e66, e67, e68, e69, e70, e71, e72, e73, e74, e75, e76, e77, e78, e79
            case e80, e81, e82, e83, e84, e85, e86, e87, e88, e89, e90, e91, e92, e93, e94, e95, e96, e97, e98, last
        }
        let name: String
        let id: Int
        let last: Bool
        let inherited: String

        init(from decoder: any Decoder) throws {
            let small = try decoder.container(keyedBy: Small.self)
            let large = try decoder.container(keyedBy: Large.self)
            name = try small.decode(String.self, forKey: .userName)
            last = try large.decode(Bool.self, forKey: .last)
            id = try small.decode(Int.self, forKey: .userId)
            inherited = try String(from: small.superDecoder())
        }
    }

    @Test func keysOfOtherSizesAndSuperAreFoundByName() throws {
        #expect(MemoryLayout<Wide.Small>.size == 1)
        #expect(MemoryLayout<Wide.Large>.size == 2)
        let text = #"{"super": "base", "last": true, "user_id": 7, "user_name": "ann"}"#
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let wide = try decoder.decode(Wide.self, from: text)
        #expect((wide.name, wide.id, wide.last, wide.inherited) == ("ann", 7, true, "base"))
    }

    @Test func aMissingKeyIsReportedUnderItsName() throws {
        let text = #"{"userName": "ann"}"#
        #expect {
            try JSON.Decoder().decode(Wide.self, from: text)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "last" && context.codingPath.isEmpty
        }
    }
}
