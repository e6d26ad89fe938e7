import Foundation
import Peregrine
import Testing

@Suite struct ValueTests {
    @Test func literalsBuildTheExpectedCases() {
        let value: JSON = ["a": [1, true, nil], "b": 2.5, "c": "text"]
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["a"] == .array([.number(1), .bool(true), .null]))
        #expect(object["b"] == .number(.init(2.5)))
        #expect(object["c"] == .string("text"))
        #expect(object["missing"] == nil)
    }

    /// Empty containers and every kind of scalar, as elements and as member
    /// values, at the top and nested, build the values they spell.
    @Test func parsedEmptiesAndScalarsInEveryPlace() throws {
        let text = #"{"a":[],"b":{},"c":[[],{},[1,"x",true,false,null,2.5,18446744073709551615,[]]],"d":{"e":{},"f":"y","g":-3}}"#
        let expected: JSON = [
            "a": [], "b": .object(JSON.Object()),
            "c": [[], .object(JSON.Object()), [1, "x", true, false, nil, 2.5, .number(.init(UInt64.max)), []]],
            "d": ["e": .object(JSON.Object()), "f": "y", "g": -3],
        ]
        #expect(try JSON(parsing: text) == expected)
        #expect(try JSON(parsing: "[]") == [])
        #expect(try JSON(parsing: "{}") == .object(JSON.Object()))
        #expect(try JSON(parsing: text).description == text)
    }

    /// Arrays of two elements (built by a literal) hold any kind of element,
    /// nest in each other, and sit beside arrays of other lengths and in
    /// objects, and build the values they spell.
    @Test func pairsOfEveryKindBuildTheValuesTheySpell() throws {
        let text = #"[[1,"a"],[{"k":[2,3]},[]],[[4,5],[6,[7,8]]],[null,true],[9],[1,2,3],{"p":[false,-1.5]},[[],{}]]"#
        let expected: JSON = [
            [1, "a"], [["k": [2, 3]], []], [[4, 5], [6, [7, 8]]], [nil, true], [9], [1, 2, 3],
            ["p": [false, -1.5]], [[], .object(JSON.Object())],
        ]
        #expect(try JSON(parsing: text) == expected)
        #expect(try JSON(parsing: text).description == text)
        #expect(try JSON(parsing: "[1,2]") == [1, 2])
    }

    /// Arrays whose first element is a point (an array of two numbers, as
    /// coordinates are) hold points of integers and doubles and any other
    /// element after it, and build the values they spell: the numbers keep
    /// their kinds (`1` an integer, `1.0` a double), numbers no `Int64` or
    /// `Double` holds and points of other elements are built as elsewhere.
    @Test func arraysOfPointsBuildTheValuesTheySpell() throws {
        let text = #"[[[1,2.5],[-3,4],[5.0,6.0],[18446744073709551615,1],[1,"x"],[[1,2],3],[1,2,3],{"p":[1,2]},7,[],[0.5,-7]]]"#
        let expected: JSON = [[
            [1, 2.5], [-3, 4], [5.0, 6.0], [.number(.init(UInt64.max)), 1], [1, "x"], [[1, 2], 3], [1, 2, 3], ["p": [1, 2]], 7, [],
            [0.5, -7],
        ]]
        let parsed = try JSON(parsing: text)
        #expect(parsed == expected)
        #expect(parsed.description == text)
        // A point as the first element at every depth up to the recursion limit and past it.
        for depth in [1, 62, 63, 64, 65, 200] {
            let nested = String(repeating: "[", count: depth) + "[1,2.5],[3,4]" + String(repeating: "]", count: depth)
            #expect(try JSON(parsing: nested).description == nested)
        }
        // Lossless numbers are decimals, never points' doubles.
        let exact = "[[1.00000000000000000001,2],[3,4.5]]"
        let lossless = try JSON(parsing: exact, options: .init(numbers: .lossless))
        #expect(lossless.description == exact)
        #expect(lossless.array?.first?.array?.first?.number?.decimalText == "1.00000000000000000001")
    }

    /// Objects of two members (built by a literal) nest, hold pairs and
    /// containers, and keep the duplicate-key policy: the last of two equal
    /// names wins by default, the first under `.firstWins`, names compared
    /// once decoded.
    @Test func twoMemberObjectsBuildTheValuesTheySpell() throws {
        let text = #"[{"a":{"b":1,"c":[2,3]},"d":[]},{"e":{},"f":null},{"g":"x","h":{"i":true,"j":[{"k":1,"l":2}]}}]"#
        let expected: JSON = [
            ["a": ["b": 1, "c": [2, 3]], "d": []], ["e": .object(JSON.Object()), "f": nil],
            ["g": "x", "h": ["i": true, "j": [["k": 1, "l": 2]]]],
        ]
        #expect(try JSON(parsing: text) == expected)
        #expect(try JSON(parsing: text).description == text)
        let repeated = #"{"a":1,"\u0061":2}"#
        #expect(try JSON(parsing: repeated) == ["a": 2])
        #expect(try JSON(parsing: repeated).object?.count == 1)
        #expect(try JSON(parsing: repeated, options: .init(duplicateKeys: .firstWins)) == ["a": 1])
        let error = try #require(throws: JSON.ParseError.self) {
            try JSON(parsing: repeated, options: .init(duplicateKeys: .reject))
        }
        #expect(error.kind == .duplicateKey && error.offset == 7)
    }

    @Test func descriptionIsCompactJSON() {
        let value: JSON = ["a": [1, true, nil], "s": "q\"", "d": 1.0]
        #expect(value.description == #"{"a":[1,true,null],"s":"q\"","d":1.0}"#)
        #expect(JSON.number(.init(Double.nan)).description == "NaN")
        #expect(JSON.Number(-0.0).description == "-0.0")
    }

    @Test func objectsCompareRegardlessOfOrder() throws {
        let a = try JSON(parsing: #"{"x": 1, "y": [1, {"z": null}]}"#)
        let b = try JSON(parsing: #"{"y": [1, {"z": null}], "x": 1}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        #expect(try JSON(parsing: "[1, 2]") != JSON(parsing: "[2, 1]"))
        #expect(try JSON(parsing: #"{"x": 1}"#) != JSON(parsing: #"{"x": 1, "y": 1}"#))
    }

    @Test func numbersCompareByKindAndValue() {
        #expect(JSON.Number(1) == JSON.Number(UInt64(1)))
        #expect(JSON.Number(1) != JSON.Number(1.0))
        #expect(JSON.Number(Double.nan) == JSON.Number(Double.nan))
        #expect(JSON.Number(0.0) == JSON.Number(-0.0))
        #expect(JSON.Number(0.0).hashValue == JSON.Number(-0.0).hashValue)
        #expect(JSON.Number(UInt64.max).int == nil)
        #expect(JSON.Number(-1).uint64 == nil)
    }

    /// Strings and keys compare by Unicode scalars (RFC 8259 §8.3), not by
    /// Swift's canonical equivalence.
    @Test func stringsCompareByScalars() throws {
        let precomposed = "\u{E9}"
        let decomposed = "e\u{301}"
        #expect(precomposed == decomposed)  // Swift's String equality
        #expect(JSON.string(precomposed) != JSON.string(decomposed))
        let object = try JSON(parsing: "{\"\(precomposed)\": 1, \"\(decomposed)\": 2}")
        guard case .object(let members) = object else { Issue.record("not an object"); return }
        #expect(members.count == 2)
        #expect(members[precomposed] == 1)
        #expect(members[decomposed] == 2)
    }

    @Test func lastDuplicateWinsAndKeepsFirstPosition() throws {
        let value = try JSON(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(try value.serializedString() == #"{"a":3,"b":2}"#)
        let document = try JSON.Document(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(document.root["a"].int == 3)
    }

    @Test func objectAPI() {
        var object: JSON.Object = ["b": 1]
        object["a"] = "x"
        object["b"] = 2
        #expect(object.keys == ["b", "a"])
        #expect(object.values == [2, "x"])
        #expect(object.map(\.key) == ["b", "a"])
        object["b"] = nil
        #expect(object.keys == ["a"])
        #expect(!object.isEmpty && object.count == 1)
        #expect(JSON.Object([("k", 1), ("k", 2)]) == ["k": 2])
    }

    static let text = #"{"list": [1, "two", 3.5, null, true], "nested": {"k": "v"}}"#

    @Test func parsesEveryInputType() throws {
        let expected = try JSON(parsing: Self.text)
        let bytes = Array(Self.text.utf8)
        #expect(try JSON(parsing: bytes) == expected)
        #expect(try JSON(parsing: Data(bytes)) == expected)
        #expect(try JSON(parsing: Substring("xx" + Self.text + "yy").dropFirst(2).dropLast(2)) == expected)
        #expect(try bytes.withUnsafeBytes { try JSON(parsing: $0) } == expected)
        #expect(try JSON(parsing: ContiguousArray(bytes)) == expected)
        #expect(try JSON.Document(parsing: bytes).root.value == expected)
        #expect(try JSON.Document(parsing: Self.text).root.value == expected)
        #expect(try JSON.Document(parsing: Data(bytes)).root.value == expected)
        #expect(try JSON.Document(parsing: Substring(Self.text)).root.value == expected)
    }

    @Test func acceptsNoncharactersNULAndAByteOrderMark() throws {
        #expect(try JSON(parsing: #"["\u0000", "\uFFFF", "\uDBFF\uDFFF"]"#) == ["\u{0}", "\u{FFFF}", "\u{10FFFF}"])
        #expect(try JSON(parsing: [0x22, 0xEF, 0xBF, 0xBF, 0x22]) == "\u{FFFF}")
        #expect(try JSON(parsing: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) == [:])
    }

    @Test func decodesEveryEscape() throws {
        #expect(try JSON(parsing: #""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00""#) == "\"\\/\u{8}\u{C}\n\r\tAé€😀")
    }
}
