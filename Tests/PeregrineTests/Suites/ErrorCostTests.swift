import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// SECURITY.md: "every error, thrown or caught, costs O(depth + excerpt),
/// never O(input)": a coding path's steps are cut as excerpts are, and so
/// are the tags and raw values an enum's error quotes.
@Suite struct ErrorCostTests {
    static let longKey = String(repeating: "k", count: 256 * 1024)

    /// Each dropped element of a `@Lossy` array under a 256 KiB member name
    /// is reported with the name cut to 256 scalars, not copied whole.
    @Test func aLongMemberNameIsCutInEveryReportedPath() throws {
        let json = #"{""# + Self.longKey + #"":[1,"x",2,"y",3]}"#
        let (value, report) = try JSON.Decoder().decodeWithReport([String: Lossy<Int>].self, from: json)
        #expect(value[Self.longKey]?.wrappedValue == [1, 2, 3])
        #expect(report.events.count == 2)
        let cut = String(repeating: "k", count: 256) + "…"
        for (event, index) in zip(report.events, [1, 3]) {
            #expect(event.path == #"$[""# + cut + #""][\#(index)]"#, "\(event.path.prefix(300))")
            #expect(event.description.utf8.count < 1_000)
        }
    }

    /// The same cut in a thrown error's coding path and message, on the
    /// JSON and the binary coders, for a name escaped in the input too.
    @Test func aLongMemberNameIsCutInAThrownError() throws {
        let escaped = String(repeating: #"\u006b"#, count: 100_000)
        for json in [#"{""# + Self.longKey + #"":"x"}"#, #"{""# + escaped + #"":"x"}"#] {
            let error = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([String: Int].self, from: json) }
            guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); continue }
            let step = try #require(context.codingPath.first?.stringValue)
            #expect(step == String(repeating: "k", count: 256) + "…")
            #expect(context.debugDescription.utf8.count < 1_000)
        }
        let binary = try JSON.object([Self.longKey: "x"]).binaryEncoded()
        let error = try #require(throws: DecodingError.self) { try Binary.Decoder().decode([String: Int].self, from: binary) }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.first?.stringValue == String(repeating: "k", count: 256) + "…")
    }

    /// A name of at most 256 scalars is whole in a path, with its key
    /// strategy applied as before.
    @Test func aNameWithinTheCutIsWhole() throws {
        let name = String(repeating: "é", count: 256)
        let json = #"{""# + name + #"":"x"}"#
        let error = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([String: Int].self, from: json) }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.first?.stringValue == name)
    }

    /// `JSON.PathComponent.excerpt` cuts a name as the decoder cuts the
    /// steps of its paths, and cutting again changes nothing.
    @Test func aPathStepIsCutAsTheDecoderCutsIt() {
        let cut = JSON.PathComponent.key(String(repeating: "k", count: 256) + "…")
        #expect(JSON.PathComponent.key(Self.longKey).excerpt == cut)
        #expect(cut.excerpt == cut)
        #expect(JSON.PathComponent.key("short").excerpt == .key("short"))
        #expect(JSON.PathComponent.index(3).excerpt == .index(3))
        // A path a model put together (the keys of an `[Int: T]` that are no
        // numbers are whole) reads cut in a message.
        let text = jsonPath([AnyCodingKey(stringValue: Self.longKey), IndexKey(intValue: 2)])
        #expect(text == #"$[""# + String(repeating: "k", count: 256) + #"…"][2]"#)
    }

    /// A repeated name is quoted cut in the duplicate-key error.
    @Test func aRepeatedLongNameIsCutInTheDuplicateKeyError() throws {
        let json = #"{""# + Self.longKey + #"": 1, ""# + Self.longKey + #"": 2}"#
        let error = try #require(parseError(json, options: .init(duplicateKeys: .reject)))
        #expect(error.kind == .duplicateKey && error.offset == Self.longKey.utf8.count + 8)
        #expect(error.message == #"duplicate key ""# + String(repeating: "k", count: 256) + #"…", first at 1:2"#)
    }

    @Test func excerptsCountScalarsNotCharacters() {
        let marks = "a" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(marks.count == 1)
        #expect(marks.excerpt(scalars: 40) == "a" + String(repeating: "\u{301}", count: 39) + "…")
        #expect("abc".excerpt(scalars: 3) == "abc")
        #expect("abcd".excerpt(scalars: 3) == "abc…")
        #expect("".excerpt(scalars: 0) == "")
        #expect("a".excerpt(scalars: 0) == "…")
    }
}
