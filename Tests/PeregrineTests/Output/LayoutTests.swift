import Foundation
import Testing

@testable import PeregrineCore

/// Every writer of JSON text lays it out through one `JSONLayout`: a model
/// encoded by `JSON.Encoder`, the value parsed from its text and the
/// document parsed from it write the same bytes, compact or pretty, with
/// nested, empty and sorted containers.
@Suite struct LayoutTests {
    struct Model: Codable {
        var name = "a \"quoted\" name"
        var numbers = [1, -2, 3]
        var nested = ["zeta": [Int](), "alpha": [7, 8], "mid": [9]]
        var empty: [String: [Int]] = [:]
        var deeper = [["b": [["c": true]]]]
        var flag = false
    }

    @Test(arguments: [
        ([.sortedKeys], [.sortedKeys]),
        ([.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted]),
    ] as [(JSON.Encoder.OutputFormatting, JSON.SerializationOptions)])
    func valuesDocumentsAndEncodersLayOutAlike(formatting: JSON.Encoder.OutputFormatting, options: JSON.SerializationOptions) throws {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = formatting
        let encoded: [UInt8] = try encoder.encode(Model())
        #expect(try JSON(parsing: encoded).serialized(options: options) == encoded)
        #expect(try JSON.Document(parsing: encoded).serialized(options: options) == encoded)
    }

    @Test func prettyLayoutIsWhatItSays() throws {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let text = String(decoding: try encoder.encode(["b": [1], "a": []]) as [UInt8], as: UTF8.self)
        #expect(text == "{\n  \"a\": [],\n  \"b\": [\n    1\n  ]\n}")
    }
}
