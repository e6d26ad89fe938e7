import Foundation
import PeregrineMacros
import Testing

@Test func smoke() throws {
    let text = #"{"id": 1, "screen_name": "Ada", "scores": [1, 2.5], "tags": {"a": 1}, "friends": [{"id": 2}]}"#
    let user = try JSON.Decoder().decode(SmokeUser.self, from: text)
    #expect(user.name == "Ada")
    let codable = try JSONDecoder().decode(SmokeUser.self, from: Data(text.utf8))
    #expect(user == codable)
    let bytes: [UInt8] = try JSON.Encoder().encode(user)
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"id":1,"screen_name":"Ada","scores":[1,2.5],"tags":{"a":1},"kind":"user","friends":[{"id":2}]}"#)
}
