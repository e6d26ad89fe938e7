import Foundation
import Peregrine
@testable import PeregrineCore
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

    /// A container is one reference to the standard library's box: what
    /// lets an opener tell whether a model still holds it, and so when the
    /// storage its container borrows may go (`BorrowedReference`).
    @Test func aKeyedContainerIsOneReference() throws {
        enum Keys: String, CodingKey { case value }
        struct Opener: Decodable {
            let kept: Bool
            init(from decoder: any Decoder) throws { kept = KeptKeyedContainer(try decoder.container(keyedBy: Keys.self)) != nil }
        }
        #expect(try JSON.Decoder().decode(Opener.self, from: #"{"value": 1}"#).kept)
    }

    /// What a container kept past its decode reads stays as long as the
    /// container, and goes once the container is let go and later kept
    /// containers look through the list (`OutlivingContainers`).
    @Test func whatAKeptContainerReadsGoesWithIt() throws {
        final class Probe: Decodable {
            enum Keys: String, CodingKey { case value }
            var container: KeyedDecodingContainer<Keys>?
            weak var state: JSONDecodingState?
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Keys.self)
                state = (decoder as? JSONTapeDecoder)?.state
            }
        }
        let probe = try JSON.Decoder().decode(Probe.self, from: #"{"value": 7}"#)
        #expect(probe.state != nil)
        #expect(try probe.container?.decode(Int.self, forKey: .value) == 7)
        probe.container = nil
        // Each of these keeps one container past its decode, then lets it go.
        // The list is looked through each time it doubles, from at least 16:
        // other tests running at once may hold some, so allow for a few doublings.
        var value = 0
        while probe.state != nil, value < 2_000 {
            let other = try JSON.Decoder().decode(Probe.self, from: #"{"value": \#(value)}"#)
            #expect(try other.container?.decode(Int.self, forKey: .value) == value)
            value += 1
        }
        #expect(probe.state == nil)
    }

    /// Decodes on several threads at once, each keeping containers past
    /// its decode and letting them go, all handed to the one process-wide
    /// `OutlivingContainers`: every kept container still reads its own
    /// object, and (in debug builds, whose borrowed references are
    /// checked) none reads a storage that went.
    @Test func containersKeptOnManyThreadsReadTheirOwnObjects() throws {
        struct Keeper: Decodable {
            enum Keys: String, CodingKey { case value, child }
            let container: KeyedDecodingContainer<Keys>
            let child: [Keeper]
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Keys.self)
                child = try container.decodeIfPresent([Keeper].self, forKey: .child) ?? []
            }
        }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<200 {
                let value = thread * 1_000 + round
                let text = #"{"value": \#(value), "child": [{"value": \#(value + 1)}, {"value": \#(value + 2)}]}"#
                do {
                    let kept = try JSON.Decoder().decode(Keeper.self, from: text)
                    let values = try [kept, kept.child[0], kept.child[1]].map { try $0.container.decode(Int.self, forKey: .value) }
                    if values != [value, value + 1, value + 2] { failures.add("\(values) for \(value)") }
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
    }

    /// What the threads of `containersKeptOnManyThreadsReadTheirOwnObjects` found wrong.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [String] = []
        func add(_ failure: String) { lock.lock(); found.append(failure); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return found }
    }

    /// A decode whose model keeps nothing leaves nothing: its state goes
    /// when it returns, with every container it opened (none is handed to
    /// `OutlivingContainers`, which would keep it until a later look).
    @Test func aDecodeThatKeepsNothingLeavesNothing() throws {
        final class Probe: Decodable {
            enum Keys: String, CodingKey { case value, child }
            weak var state: JSONDecodingState?
            let value: Int
            let child: [Probe]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                value = try container.decode(Int.self, forKey: .value)
                child = try container.decodeIfPresent([Probe].self, forKey: .child) ?? []
                state = (decoder as? JSONTapeDecoder)?.state
            }
        }
        let probe = try JSON.Decoder().decode(Probe.self, from: #"{"value": 1, "child": [{"value": 2}, {"value": 3}]}"#)
        #expect(probe.child.map(\.value) == [2, 3])
        #expect(probe.state == nil)
        // Nested deeper than the 8 containers kept for reuse: the ones made
        // beyond them go too, with the decode (none waits in `OutlivingContainers`).
        let depth = 40
        var text = #"{"value": \#(depth)}"#
        for level in (0..<depth).reversed() { text = #"{"value": \#(level), "child": [\#(text)]}"# }
        var node = try JSON.Decoder().decode(Probe.self, from: text)
        #expect(node.state == nil)
        for level in 0..<depth {
            #expect(node.value == level && node.child.count == 1)
            node = node.child[0]
        }
        #expect(node.value == depth && node.child.isEmpty)
    }

    /// A decoder kept past its decode opens containers that read its
    /// object, with nothing of the finished decode reused.
    @Test func aDecoderKeptPastItsDecodeOpensContainers() throws {
        struct Keeper: Decodable {
            let decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
        }
        enum Keys: String, CodingKey { case a, b }
        let kept = try JSON.Decoder().decode(Keeper.self, from: #"{"a": 1, "b": {"a": 2}}"#)
        let outer = try kept.decoder.container(keyedBy: Keys.self)
        let inner = try outer.nestedContainer(keyedBy: Keys.self, forKey: .b)
        #expect(try inner.decode(Int.self, forKey: .a) == 2)
        #expect(try outer.decode(Int.self, forKey: .a) == 1)
        #expect(try kept.decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .a) == 1)
    }

    /// A model read through one key type, to follow its opener from one
    /// decode to the next on a thread.
    struct Pair: Decodable, Equatable {
        enum Keys: String, CodingKey { case first, second, nested }
        var first: Int
        var second: String
        var nested: [Pair]

        init(first: Int, second: String, nested: [Pair] = []) { (self.first, self.second, self.nested) = (first, second, nested) }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            first = try container.decode(Int.self, forKey: .first)
            second = try container.decode(String.self, forKey: .second)
            nested = try container.decodeIfPresent([Pair].self, forKey: .nested) ?? []
        }
    }

    /// The openers a decode used are its thread's next decode's: the same
    /// opener, whose kept containers read no decode's state in between
    /// (so the last document is not kept alive), until the thread's
    /// buffers are released.
    @Test func theThreadsOpenersServeItsNextDecode() throws {
        let text = #"{"first": 1, "second": "a", "nested": [{"first": 2, "second": "b"}]}"#
        let expected = Pair(first: 1, second: "a", nested: [Pair(first: 2, second: "b")])
        #expect(try JSON.Decoder().decode(Pair.self, from: text) == expected)
        let thread = try #require(DecodingTypeCaches.threads)
        let opener = thread.caches.openers.opener(for: Pair.Keys.self)
        #expect(opener.kept.count == 2, "one container per level, both let go")
        #expect(opener.kept.allSatisfy { $0.storage.isDetached })

        #expect(try JSON.Decoder().decode(Pair.self, from: text.replacingOccurrences(of: "1", with: "5")) == Pair(first: 5, second: "a", nested: [Pair(first: 2, second: "b")]))
        #expect(DecodingTypeCaches.threads === thread)
        #expect(thread.caches.openers.opener(for: Pair.Keys.self) === opener)
        #expect(opener.kept.count == 2, "the kept containers reused, not more made")
        #expect(opener.kept.allSatisfy { $0.storage.isDetached })

        JSON.releaseThreadParseBuffers()
        #expect(DecodingTypeCaches.threads == nil)
        #expect(try JSON.Decoder().decode(Pair.self, from: text) == expected)
    }

    /// A decode that fails ends its use of the thread's openers as one that
    /// succeeds does: the next decode reads its own document.
    @Test func aFailedDecodeLeavesTheOpenersReady() throws {
        #expect(throws: DecodingError.self) {
            try JSON.Decoder().decode(Pair.self, from: #"{"first": 1, "second": "a", "nested": [{"first": "two", "second": "b"}]}"#)
        }
        let opener = try #require(DecodingTypeCaches.threads).caches.openers.opener(for: Pair.Keys.self)
        #expect(opener.kept.allSatisfy { $0.storage.isDetached })
        #expect(try JSON.Decoder().decode(Pair.self, from: #"{"first": 3, "second": "c"}"#) == Pair(first: 3, second: "c"))
    }

    /// A decode inside a model's `init(from:)`, on the same thread and with
    /// the same key type, gets openers of its own: each reads its own document.
    @Test func aDecodeInsideADecodeHasItsOwnOpeners() throws {
        struct Outer: Decodable {
            enum Keys: String, CodingKey { case inner, first }
            let inner: Pair
            let outer: Pair
            /// Whether the thread's slot was empty while this decode had its openers.
            let slotWasEmpty: Bool
            init(from decoder: any Decoder) throws {
                slotWasEmpty = DecodingTypeCaches.threads == nil
                let container = try decoder.container(keyedBy: Keys.self)
                let text = try container.decode(String.self, forKey: .inner)
                inner = try JSON.Decoder().decode(Pair.self, from: text)
                outer = try container.decode(Pair.self, forKey: .first)
            }
        }
        let decoded = try JSON.Decoder().decode(
            Outer.self, from: #"{"inner": "{\"first\": 2, \"second\": \"in\"}", "first": {"first": 1, "second": "out"}}"#)
        #expect(decoded.inner == Pair(first: 2, second: "in"))
        #expect(decoded.outer == Pair(first: 1, second: "out"))
        #expect(decoded.slotWasEmpty)
    }

    /// A container a model keeps past its decode leaves the thread's
    /// openers, and still reads its own object by name while later decodes
    /// on the thread use the key type's names.
    @Test func aContainerKeptPastItsDecodeLeavesTheThreadsOpeners() throws {
        struct Keeper: Decodable {
            let container: KeyedDecodingContainer<Pair.Keys>
            init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Pair.Keys.self) }
        }
        let kept = try JSON.Decoder().decode(Keeper.self, from: #"{"second": "kept", "first": 9}"#)
        let opener = try #require(DecodingTypeCaches.threads).caches.openers.opener(for: Pair.Keys.self)
        #expect(opener.kept.allSatisfy { $0.storage.isDetached })
        for round in 0..<3 {
            #expect(try JSON.Decoder().decode(Pair.self, from: #"{"first": \#(round), "second": "x", "nested": []}"#) == Pair(first: round, second: "x"))
        }
        #expect(try kept.container.decode(Int.self, forKey: .first) == 9)
        #expect(try kept.container.decode(String.self, forKey: .second) == "kept")
        #expect(try kept.container.decodeIfPresent([Pair].self, forKey: .nested) == nil)
    }

    /// Past its decode, a kept container reads through its state's own type
    /// caches, two slots each (the thread's went back at the decode's end):
    /// more key types and array types than slots take turns in them, and
    /// every read is still right.
    @Test func aKeptContainerReadsManyTypesThroughItsStatesOwnCaches() throws {
        struct One: Decodable, Equatable { var a: Int }
        struct Two: Decodable, Equatable { var b: String }
        struct Three: Decodable, Equatable { var c: [Int] }
        enum Keys: String, CodingKey { case one, two, three, ones }
        struct Keeper: Decodable {
            let container: KeyedDecodingContainer<Keys>
            init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Keys.self) }
        }
        let text = #"{"one": {"a": 1}, "two": {"b": "x"}, "three": {"c": [3, 4]}, "ones": [{"a": 5}, {"a": 6}]}"#
        let kept = try JSON.Decoder().decode(Keeper.self, from: text)
        for _ in 0..<3 {
            #expect(try kept.container.decode(One.self, forKey: .one) == One(a: 1))
            #expect(try kept.container.decode(Two.self, forKey: .two) == Two(b: "x"))
            #expect(try kept.container.decode(Three.self, forKey: .three) == Three(c: [3, 4]))
            #expect(try kept.container.decode([One].self, forKey: .ones) == [One(a: 5), One(a: 6)])
        }
    }
}
