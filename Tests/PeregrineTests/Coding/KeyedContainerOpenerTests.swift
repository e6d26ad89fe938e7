import Foundation
import Peregrine
import Testing

/// Keyed containers opened through the decode's openers, one per key type
/// (`KeyedContainerOpeners`): each container keeps its own object and key
/// type, whichever opened before it and whichever is still open.
@Suite struct KeyedContainerOpenerTests {
    /// Reads one object through two key types, alternating, and a nested
    /// object of its own type while its container is still open.
    struct TwoKeyTypes: Decodable, Equatable {
        enum Names: String, CodingKey { case name, child }
        enum Numbers: String, CodingKey { case number }
        var name: String
        var number: Int
        var child: [TwoKeyTypes]

        init(name: String, number: Int, child: [TwoKeyTypes]) {
            (self.name, self.number, self.child) = (name, number, child)
        }

        init(from decoder: any Decoder) throws {
            let names = try decoder.container(keyedBy: Names.self)
            let numbers = try decoder.container(keyedBy: Numbers.self)
            child = try names.decode([TwoKeyTypes].self, forKey: .child)
            // Both containers still read this object after the children's closed.
            number = try numbers.decode(Int.self, forKey: .number)
            name = try names.decode(String.self, forKey: .name)
        }
    }

    @Test func containersOfEachKeyTypeKeepTheirObject() throws {
        let text = #"{"name": "a", "number": 1, "child": [{"child": [], "number": 2, "name": "b"}, {"name": "c", "number": 3, "child": [{"name": "d", "number": 4, "child": []}]}]}"#
        let expected = TwoKeyTypes(
            name: "a", number: 1,
            child: [
                TwoKeyTypes(name: "b", number: 2, child: []),
                TwoKeyTypes(name: "c", number: 3, child: [TwoKeyTypes(name: "d", number: 4, child: [])]),
            ])
        #expect(try JSON.Decoder().decode(TwoKeyTypes.self, from: text) == expected)
        #expect(try JSONDecoder().decode(TwoKeyTypes.self, from: Data(text.utf8)) == expected)
    }

    @Test func aContainerKeptPastItsDecodeStillReadsItsObject() throws {
        struct Keeper: Decodable {
            enum Keys: String, CodingKey { case value }
            let container: KeyedDecodingContainer<Keys>
            init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Keys.self) }
        }
        let kept = try JSON.Decoder().decode([Keeper].self, from: #"[{"value": 1}, {"value": 2}, {"value": "three"}]"#)
        #expect(try kept[0].container.decode(Int.self, forKey: .value) == 1)
        #expect(try kept[1].container.decode(Int.self, forKey: .value) == 2)
        #expect(kept[1].container.codingPath.map(\.stringValue) == ["Index 1"])
        #expect(throws: DecodingError.self) { try kept[2].container.decode(Int.self, forKey: .value) }
        do {
            _ = try kept[2].container.decode(Int.self, forKey: .value)
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 2", "value"])
        }
    }

    /// Containers are reused once their model lets them go (the openers keep
    /// eight per key type): a chain deeper than that, each level reading its
    /// own container after its child's decode, and siblings after it.
    @Test func containersStillOpenAreNotReused() throws {
        let depth = 20
        var text = #"{"name": "leaf", "number": \#(depth), "child": []}"#
        for level in (0..<depth).reversed() {
            text = #"{"name": "n\#(level)", "child": [\#(text), {"name": "s\#(level)", "number": -1, "child": []}], "number": \#(level)}"#
        }
        var node = try JSON.Decoder().decode(TwoKeyTypes.self, from: text)
        #expect(node == (try JSONDecoder().decode(TwoKeyTypes.self, from: Data(text.utf8))))
        for level in 0..<depth {
            #expect(node.name == "n\(level)" && node.number == level && node.child.count == 2)
            #expect(node.child[1] == TwoKeyTypes(name: "s\(level)", number: -1, child: []))
            node = node.child[0]
        }
        #expect(node == TwoKeyTypes(name: "leaf", number: depth, child: []))
    }
}
