import Testing

import Peregrine

/// Object keys as `JSON(parsing:)` builds them through its cache of keys
/// (two slots per fingerprint, keys of up to 16 bytes confirmed by their
/// first and last eight bytes, longer ones by all of them).
struct KeyCacheTests {
    /// Parses objects of `keys` (in a changing order, so that cached keys
    /// hit, miss and change slots) and checks every key and value.
    func expectKeysSurvive(_ keys: [String], objects: Int) throws {
        var text = "["
        for object in 0..<objects {
            let shift = object % keys.count
            let order = Array(keys[shift...] + keys[..<shift])
            let members = order.enumerated().map { index, key in "\"\(key)\":\(object * 1_000 + index)" }
            text += (object == 0 ? "" : ",") + "{" + members.joined(separator: ",") + "}"
        }
        text += "]"
        guard case .array(let elements) = try JSON(parsing: text) else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == objects)
        for (object, element) in elements.enumerated() {
            guard case .object(let members) = element else {
                Issue.record("element \(object) is not an object")
                continue
            }
            let shift = object % keys.count
            #expect(members.keys == Array(keys[shift...] + keys[..<shift]))
            for (index, key) in members.keys.enumerated() {
                #expect(members[key] == .number(JSON.Number(Int64(object * 1_000 + index))))
            }
        }
    }

    @Test func keysThatShareTheirFirstAndLastEightBytesStayApart() throws {
        // 17 bytes and more: the bytes between the first and last eight tell them apart.
        try expectKeysSurvive(
            [
                "aaaaaaaaXaaaaaaaa", "aaaaaaaaYaaaaaaaa", "aaaaaaaaXYaaaaaaaa", "aaaaaaaaYXaaaaaaaa",
                "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaab", "baaaaaaaaaaaaaaa", "aaaaaaa", "aaaaaaaa", "a", "",
                "é", "aé", "\u{1F600}aaaaaaaaaaaaaaaaaaa",
            ], objects: 40)
    }

    @Test(arguments: Array(1...16))
    func keysOfOneLengthThatDifferInOneByteStayApart(length: Int) throws {
        // Up to 16 bytes a key is confirmed by its words alone: each byte must be in them.
        let base = String(repeating: "a", count: length)
        let variants = (0..<length).map { position in
            String(base.prefix(position)) + "b" + String(base.dropFirst(position + 1))
        }
        try expectKeysSurvive([base] + variants, objects: 3)
    }

    @Test func manyDistinctKeys() throws {
        // Far more keys than slots: most share slots and push each other out.
        try expectKeysSurvive((0..<1_500).map { "key\($0)" }, objects: 3)
    }

    /// One parser reading documents of new keys: its cache fills, starts
    /// empty again and fills anew, grows with a larger document while it
    /// holds keys, and every key comes back as its own. Half the keys are
    /// over 16 bytes, which a hit confirms by their whole text.
    @Test func aParserWhoseCacheFillsAndEmptiesKeepsEveryKeyApart() throws {
        var parser = JSON.Parser()
        // A document of n keys is about 10n bytes: 20 keys get 16 slots, 300 keys 128, 1,000 keys 512.
        for (document, count) in [20, 20, 300, 20, 300, 1_000, 20, 1_000, 300, 20, 1_000, 20].enumerated() {
            let keys = (0..<count).map { $0 % 2 == 0 ? "d\(document % 4)k\($0)" : "a longer key, \(document % 4), \($0)" }
            let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
            guard case .object(let object) = try parser.parse(text) else {
                Issue.record("document \(document) is not an object")
                continue
            }
            #expect(object.keys == keys, "document \(document)")
            #expect(keys.indices.allSatisfy { object[keys[$0]] == .number(JSON.Number(Int64($0))) }, "document \(document)")
        }
    }

    @Test func escapedKeysAreDecoded() throws {
        let value = try JSON(parsing: #"[{"a\nb":1,"a\u0041":2},{"a\nb":3,"aA":4}]"#)
        #expect(value[0]["a\nb"].int == 1)
        #expect(value[0]["aA"].int == 2)
        #expect(value[1]["a\nb"].int == 3)
        #expect(value[1]["aA"].int == 4)
    }

    /// A parser keeps the keys it has made for the next document, but only
    /// keys of up to 128 bytes: what it holds between documents is bounded
    /// in bytes. A kept key comes back as the same storage; one not kept is
    /// made again. (Keys over 15 bytes, so that each has storage of its own.)
    @Test func aParserKeepsKeysOfUpTo128BytesBetweenDocuments() throws {
        func storage(_ string: String) -> UnsafeRawPointer? {
            var string = string
            return string.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        var parser = JSON.Parser()
        for length in [16, 127, 128, 129, 4_096] {
            let key = String(repeating: "k", count: length)
            let first = try parser.parse(#"{"\#(key)":1}"#)
            let second = try parser.parse(#"{"\#(key)":2}"#)
            guard case .object(let one) = first, case .object(let other) = second, let a = one.keys.first, let b = other.keys.first else {
                Issue.record("\(length): not objects of one key")
                continue
            }
            #expect(a == key && b == key && one[key] == 1 && other[key] == 2, "\(length)")
            #expect((storage(a) == storage(b)) == (length <= 128), "\(length)-byte key kept: \(storage(a) == storage(b))")
        }
    }
}
