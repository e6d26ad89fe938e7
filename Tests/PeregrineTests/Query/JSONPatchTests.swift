import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing

/// RFC 6902 JSON Patch on owned values: each operation, all-or-nothing,
/// errors with their kind, index and pointer, the copy limit, and changes
/// made in place.
@Suite struct JSONPatchTests {
    func patch(_ text: String) throws -> JSON.Patch {
        try JSON.Patch(JSON(parsing: text))
    }

    func value(_ text: String) throws -> JSON {
        try JSON(parsing: text)
    }

    /// The error applying `patchText` to `valueText` throws; the value must be left byte for byte as it was.
    func failure(
        _ patchText: String, on valueText: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> JSON.Patch.Error {
        var value = try value(valueText)
        let before = try value.serialized()
        let error = try #require(throws: JSON.Patch.Error.self, sourceLocation: sourceLocation) {
            try value.apply(patch(patchText))
        }
        #expect(try value.serialized() == before, "the value changed", sourceLocation: sourceLocation)
        return error
    }

    @Test func addKeepsAnExistingMembersPlaceAndAppendsANewOne() throws {
        let patched = try value(#"{"a": 1, "b": 2}"#).applying(patch(#"[{"op": "add", "path": "/a", "value": 9}, {"op": "add", "path": "/c", "value": 3}]"#))
        #expect(try patched.serializedString() == #"{"a":9,"b":2,"c":3}"#)
        let replaced = try value(#"{"a": 1, "b": 2}"#).applying(patch(#"[{"op": "replace", "path": "/a", "value": [true]}]"#))
        #expect(try replaced.serializedString() == #"{"a":[true],"b":2}"#)
    }

    @Test func addInsertsIntoArraysAndDashAppends() throws {
        let patched = try value("[1, 2]").applying(patch("""
            [{"op": "add", "path": "/0", "value": 0}, {"op": "add", "path": "/-", "value": 3},
             {"op": "add", "path": "/4", "value": 4}, {"op": "add", "path": "/2", "value": [1.5]}]
            """))
        #expect(try patched.serializedString() == "[0,1,[1.5],2,3,4]")
    }

    @Test func moveRemovesThenAdds() throws {
        // RFC 6902 A.7: the index is read after the removal.
        let moved = try value(#"["all", "grass", "cows", "eat"]"#).applying(patch(#"[{"op": "move", "from": "/1", "path": "/3"}]"#))
        #expect(moved == ["all", "cows", "eat", "grass"])
        // A moved member goes to the end of its new object.
        let member = try value(#"{"a": 1, "b": {"x": 0}, "c": 3}"#).applying(patch(#"[{"op": "move", "from": "/a", "path": "/b/y"}]"#))
        #expect(try member.serializedString() == #"{"b":{"x":0,"y":1},"c":3}"#)
        // Moving to the same place changes nothing, not even the order.
        let same = try value(#"{"a": 1, "b": 2}"#).applying(patch(#"[{"op": "move", "from": "/a", "path": "/a"}]"#))
        #expect(try same.serializedString() == #"{"a":1,"b":2}"#)
    }

    @Test func copiesAreIndependentValues() throws {
        let patched = try value(#"{"a": {"list": [1]}}"#).applying(patch("""
            [{"op": "copy", "from": "/a", "path": "/b"}, {"op": "add", "path": "/b/list/-", "value": 2},
             {"op": "copy", "from": "/a/list", "path": "/a/list/-"}]
            """))
        #expect(try patched.serializedString() == #"{"a":{"list":[1,[1]]},"b":{"list":[1,2]}}"#)
    }

    @Test func testComparesNumbersByValueAndObjectsInAnyOrder() throws {
        let document = try value(#"{"n": 1, "d": 1.0, "big": 12345678901234567890, "o": {"x": [0.5], "y": null}}"#)
        let passing = try patch("""
            [{"op": "test", "path": "/n", "value": 1.0}, {"op": "test", "path": "/d", "value": 1},
             {"op": "test", "path": "/n", "value": 1e0}, {"op": "test", "path": "/big", "value": 12345678901234567890},
             {"op": "test", "path": "/o", "value": {"y": null, "x": [5e-1]}}, {"op": "test", "path": "", "value": \(document)}]
            """)
        #expect(try document.applying(passing) == document)
        let failed = try failure(#"[{"op": "test", "path": "/n", "value": "1"}]"#, on: #"{"n": 1}"#)
        #expect(failed.kind == .testFailed && failed.index == 0 && failed.pointer == "/n")
        #expect(failed.description == #"operation 0: test at "/n": found 1 (a number), not a string"#)
        let differs = try failure(#"[{"op": "test", "path": "/n", "value": 2}]"#, on: #"{"n": 1}"#)
        #expect(differs.description == #"operation 0: test at "/n": found 1, not 2"#)
        // Numbers that a Double cannot tell apart are still different.
        let close = try failure(#"[{"op": "test", "path": "/0", "value": 9007199254740993}]"#, on: "[9007199254740992]")
        #expect(close.kind == .testFailed)
    }

    /// A failed `test` shows the value found (and the one given, when of the
    /// same kind), cut after 40 scalars as decoding errors cut what they quote.
    @Test func aFailedTestShowsTheValueFound() throws {
        let long = String(repeating: "ab", count: 30)
        let document = #"{"s": "\#(long)", "list": [\#((0..<100).map(String.init).joined(separator: ", "))], "o": {"k": null}, "f": false, "z": null}"#
        let cases: [(path: String, given: String, message: String)] = [
            ("/s", #""x""#, #"found "\#(String(long.prefix(40)))…", not "x""#),
            ("/list", "[1]", "found [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,1…, not [1]"),
            ("/o", #"{"k": 1}"#, #"found {"k":null}, not {"k":1}"#),
            ("/list", "{}", "found [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,1… (an array), not an object"),
            ("/f", "0", "found false, not a number"),
            ("/z", "[]", "found null, not an array"),
        ]
        for (path, given, message) in cases {
            let error = try failure(#"[{"op": "test", "path": "\#(path)", "value": \#(given)}]"#, on: document)
            #expect(error.kind == .testFailed && error.index == 0 && error.pointer == path)
            #expect(error.description == #"operation 0: test at "\#(path)": \#(message)"#)
        }
    }

    /// A failure undoes every operation before it: additions, removals,
    /// replacements and moves, in objects large enough to be indexed and in arrays.
    @Test func aFailingOperationLeavesTheValueExactlyAsItWas() throws {
        let members = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let text = #"{\#(members), "list": [0, 1, 2, 3], "nested": {"a": [{"b": 1}]}}"#
        let operations = """
            {"op": "remove", "path": "/k3"}, {"op": "add", "path": "/k5", "value": "x"}, {"op": "add", "path": "/new", "value": 1},
            {"op": "remove", "path": "/list/1"}, {"op": "add", "path": "/list/0", "value": 9}, {"op": "add", "path": "/list/-", "value": 8},
            {"op": "move", "from": "/k0", "path": "/list/2"}, {"op": "move", "from": "/list/0", "path": "/nested/a/0/c"},
            {"op": "replace", "path": "/nested/a/0/b", "value": 2}, {"op": "copy", "from": "/nested", "path": "/k39"},
            {"op": "move", "from": "/k20", "path": "/k21"}, {"op": "replace", "path": "", "value": {"k1": []}},
            {"op": "add", "path": "/k1/-", "value": 1}
            """
        for failing in [#"{"op": "test", "path": "/k1", "value": 1}"#, #"{"op": "remove", "path": "/nope"}"#] {
            let error = try failure("[\(operations), \(failing)]", on: text)
            #expect(error.index == 13)
        }
        // Without the failing operation the changes are made.
        let patched = try value(text).applying(patch("[\(operations)]"))
        #expect(patched == ["k1": [1]])
    }

    @Test func patchesRoundTripThroughJSON() throws {
        let text = """
            [{"op":"add","path":"/a~1b","value":[1]},{"op":"remove","path":"/x/0"},{"op":"replace","path":"","value":null},\
            {"op":"move","from":"/m~0","path":"/n"},{"op":"copy","from":"/c","path":"/d/-"},{"op":"test","path":"/t","value":{"k":1.5}}]
            """
        let read = try patch(text)
        #expect(read.description == text)
        #expect(try JSON.Patch(read.json) == read)
        #expect(read.operations[0] == .add(path: JSON.Pointer(tokens: ["a/b"]), value: [1]))
        // Members other than op, path, from and value are ignored (RFC 6902 §4).
        #expect(try patch(#"[{"op": "remove", "path": "/a", "value": 1, "extra": true}]"#).operations == [.remove(path: JSON.Pointer("/a"))])
    }

    @Test func malformedPatchesNameTheOperation() throws {
        let cases: [(String, JSON.Patch.Error.Kind, Int?, String?, String)] = [
            (#"{"op": "add"}"#, .invalidPatch, nil, nil, "a JSON Patch is an array of operations, not an object"),
            (#"[{"op": "test", "path": "", "value": 1}, 7]"#, .invalidOperation, 1, nil, "operation 1: an operation is an object, not a number"),
            (#"[{"path": "/a"}]"#, .invalidOperation, 0, "/a", #"operation 0: "op" is missing"#),
            (#"[{"op": 1, "path": "/a"}]"#, .invalidOperation, 0, "/a", #"operation 0: "op" is a number, not a string"#),
            (#"[{"op": "spam", "path": "/a"}]"#, .invalidOperation, 0, "/a", #"operation 0: unknown op "spam""#),
            (#"[{"op": "ADD", "path": "/a", "value": 1}]"#, .invalidOperation, 0, "/a", #"operation 0: unknown op "ADD""#),
            (#"[{"op": "add", "value": 1}]"#, .invalidOperation, 0, nil, #"operation 0: "path" is missing"#),
            (#"[{"op": "remove", "path": null}]"#, .invalidOperation, 0, nil, #"operation 0: "path" is null, not a string"#),
            (#"[{"op": "remove", "path": "a"}]"#, .invalidPointer, 0, "a", #"operation 0: path "a" is not a JSON Pointer: a JSON Pointer starts with "/" (at offset 0)"#),
            (#"[{"op": "copy", "from": "/a~2", "path": "/b"}]"#, .invalidPointer, 0, "/a~2", #"operation 0: from "/a~2" is not a JSON Pointer: "~" must be followed by "0" or "1" (at offset 2)"#),
            (#"[{"op": "move", "path": "/b"}]"#, .invalidOperation, 0, "/b", #"operation 0: "from" is missing"#),
            (#"[{"op": "replace", "path": "/b"}]"#, .invalidOperation, 0, "/b", #"operation 0: "value" is missing"#),
        ]
        for (text, kind, index, pointer, description) in cases {
            let error = try #require(throws: JSON.Patch.Error.self) { try patch(text) }
            #expect(error.kind == kind, "\(text)")
            #expect(error.index == index, "\(text)")
            #expect(error.pointer == pointer, "\(text)")
            #expect(error.description == description, "\(text)")
        }
        // `"value": null` is a value.
        #expect(try patch(#"[{"op": "add", "path": "/a", "value": null}]"#).operations == [.add(path: JSON.Pointer("/a"), value: nil)])
        // A long pointer is cut short in the message, and kept whole in the error.
        let long = "/" + String(repeating: "é", count: 500)
        let error = try failure(#"[{"op": "remove", "path": "\#(long)"}]"#, on: "{}")
        #expect(error.pointer == long)
        #expect(error.message.hasPrefix(#"remove at "/"# + String(repeating: "é", count: 99) + #""…: $ has no member"#))
    }

    @Test func failuresNameTheKindIndexAndPointer() throws {
        let document = #"{"a": [1], "s": "x", "o": {"k": 1}}"#
        let cases: [(String, JSON.Patch.Error.Kind, String, String)] = [
            (#"{"op": "remove", "path": "/a/3"}"#, .indexOutOfRange, "/a/3", #"remove at "/a/3": $.a has no element 3 (it has 1)"#),
            (#"{"op": "add", "path": "/a/2", "value": 0}"#, .indexOutOfRange, "/a/2", #"add at "/a/2": $.a has no element 2 (it has 1)"#),
            (#"{"op": "replace", "path": "/a/-", "value": 0}"#, .indexOutOfRange, "/a/-", #"replace at "/a/-": $.a has no element 1 (it has 1)"#),
            (#"{"op": "add", "path": "/a/01", "value": 0}"#, .pathNotFound, "/a/01", #"add at "/a/01": $.a is an array, and 01 is not an index"#),
            (#"{"op": "add", "path": "/x/y", "value": 0}"#, .pathNotFound, "/x/y", #"add at "/x/y": $ has no member "x""#),
            (#"{"op": "add", "path": "/s/y", "value": 0}"#, .pathNotFound, "/s/y", #"add at "/s/y": $.s is a string, not an object"#),
            (#"{"op": "replace", "path": "/o/j", "value": 0}"#, .pathNotFound, "/o/j", #"replace at "/o/j": $.o has no member "j""#),
            (#"{"op": "copy", "from": "/o/j", "path": "/b"}"#, .pathNotFound, "/o/j", #"copy from "/o/j": $.o has no member "j""#),
            (#"{"op": "move", "from": "/o", "path": "/o/k/x"}"#, .movingIntoOwnChild, "/o", #"move from "/o": cannot move a value into its own child "/o/k/x""#),
            (#"{"op": "move", "from": "", "path": "/b"}"#, .movingIntoOwnChild, "", #"move from "": cannot move a value into its own child "/b""#),
            (#"{"op": "move", "from": "/o/j", "path": "/o/j"}"#, .pathNotFound, "/o/j", #"move from "/o/j": $.o has no member "j""#),
            (#"{"op": "move", "from": "/o/k", "path": "/z/k"}"#, .pathNotFound, "/z/k", #"move at "/z/k": $ has no member "z""#),
            (#"{"op": "remove", "path": ""}"#, .invalidOperation, "", #"remove at "": the whole value cannot be removed"#),
            (#"{"op": "test", "path": "/a/0/x", "value": 1}"#, .pathNotFound, "/a/0/x", #"test at "/a/0/x": $.a[0] is a number, not an object"#),
        ]
        for (operation, kind, pointer, message) in cases {
            let error = try failure(#"[{"op": "test", "path": "/s", "value": "x"}, \#(operation)]"#, on: document)
            #expect(error.kind == kind, "\(operation)")
            #expect(error.index == 1, "\(operation)")
            #expect(error.pointer == pointer, "\(operation)")
            #expect(error.message == message, "\(operation)")
            #expect(error.description == "operation 1: \(message)", "\(operation)")
        }
    }

    /// Each copy of the whole value into itself doubles it: the copies
    /// stop at the limit, measuring at most about the limit in all.
    @Test func copiesThatDoubleTheValueStopAtTheLimit() throws {
        #expect(JSON.Patch.Limits().maxCopiedBytes == 16 << 20)
        let doubling = try patch("[" + Array(repeating: #"{"op": "copy", "from": "", "path": "/-"}"#, count: 64).joined(separator: ",") + "]")
        func attack(limit: Int) throws -> (error: JSON.Patch.Error, work: Int) {
            var value: JSON = [1]
            let counter = WorkCounter()
            let error = try #require(throws: JSON.Patch.Error.self) {
                try WorkCounter.$current.withValue(counter) { try value.apply(doubling, limits: .init(maxCopiedBytes: limit)) }
            }
            #expect(value == [1])
            return (error, counter.units)
        }
        // Copy i duplicates 2^(i+1) - 1 bytes (`[1]` is 3): the copies pass
        // 2^16 bytes at the 15th and 2^19 at the 18th.
        let small = try attack(limit: 1 << 16)
        #expect(small.error.kind == .tooLarge && small.error.index == 14 && small.error.pointer == "")
        #expect(small.error.description == #"operation 14: copy from "": the copies would duplicate more than 65536 bytes (Limits.maxCopiedBytes)"#)
        let large = try attack(limit: 1 << 19)
        #expect(large.error.index == 17)
        // Work grows with the limit, not with the 2^64 bytes asked for.
        #expect(small.work <= 2 << 16 && large.work <= 2 << 19, "\(small.work) \(large.work)")
        #expect(large.work <= 10 * small.work, "\(small.work) \(large.work)")
        // Within the limit the copies are made.
        let fits = JSON.Patch(Array(doubling.operations.prefix(14)))
        let copied = try ([1] as JSON).applying(fits, limits: .init(maxCopiedBytes: 1 << 16))
        #expect(copied.compactSize(atMost: .max) == (1 << 16) - 1)
    }

    /// The containers on the way to a change are changed in place, not
    /// copied: an array and objects deep in the value (below an array and
    /// objects) keep their storage.
    @Test func changesAreMadeInPlace() throws {
        func storage(_ value: JSON) -> [UnsafeRawPointer?] {
            [
                value["a"][0]["b"]["list"].array?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                value["a"][0]["b"].object?.valueList.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) },
                value["m"]["n"].object?.valueList.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) },
            ]
        }
        // The list is built in place: a copy kept elsewhere would share its storage.
        var value: JSON = ["a": [["b": ["list": .array((0..<1_000).map { JSON.number(JSON.Number($0)) }), "other": 1, "c": 0]], 2], "m": ["n": ["k": 1, "l": 2]]]
        let before = storage(value)
        #expect(!before.contains(nil))
        // Nothing grows the list past its 1,000 elements or adds members to "b" or "n".
        try value.apply(patch("""
            [{"op": "replace", "path": "/a/0/b/list/5", "value": "x"}, {"op": "test", "path": "/a/0/b/list/5", "value": "x"},
             {"op": "remove", "path": "/a/0/b/list/999"}, {"op": "add", "path": "/a/0/b/list/999", "value": 1},
             {"op": "move", "from": "/a/0/b/list/0", "path": "/a/0/b/list/-"}, {"op": "copy", "from": "/a/1", "path": "/a/0/b/other"},
             {"op": "replace", "path": "/a/0/b/c", "value": 3}, {"op": "replace", "path": "/m/n/k", "value": 3}]
            """))
        try value.setValue(true, at: JSON.Pointer("/a/0/b/list/7"))
        try value.removeValue(at: JSON.Pointer("/a/0/b/list/8"))
        value.merge(patch: ["m": ["n": ["l": 5], "o": 1]])
        #expect(storage(value) == before)
        #expect(value["a"][0]["b"]["list"][4].value == "x" && value["a"][0]["b"]["list"].array?.count == 999)
        #expect(value["a"][0]["b"]["other"].value == 2 && value["a"][0]["b"]["c"].value == 3)
        #expect(value["m"].value == ["n": ["k": 3, "l": 5], "o": 1])
        // A failure undoes in place too.
        let failing = try patch("""
            [{"op": "remove", "path": "/a/0/b/list/3"}, {"op": "replace", "path": "/a/0/b/other", "value": 7},
             {"op": "replace", "path": "/m/n/l", "value": 7}, {"op": "test", "path": "/a/0/b/c", "value": 9}]
            """)
        #expect(throws: JSON.Patch.Error.self) { try value.apply(failing) }
        #expect(storage(value) == before)
        #expect(value["a"][0]["b"]["list"][3].value == 4 && value["a"][0]["b"]["other"].value == 2 && value["m"]["n"]["l"].value == 5)
    }

    @Test func applyingLeavesTheOriginalAlone() throws {
        let original: JSON = ["list": [1, 2], "o": ["k": 1]]
        let patched = try original.applying(patch(#"[{"op": "remove", "path": "/list/0"}, {"op": "add", "path": "/o/j", "value": 2}]"#))
        #expect(original == ["list": [1, 2], "o": ["k": 1]])
        #expect(patched == ["list": [2], "o": ["k": 1, "j": 2]])
    }

    /// Values nested as deep as an owned value goes are patched without recursion.
    @Test func deepValuesArePatched() throws {
        let depth = JSON.maxValueDepth - 1
        var value = JSON.array([])
        for _ in 0..<depth { value = .array([value]) }
        let deepest = "/" + Array(repeating: "0", count: depth).joined(separator: "/")
        try value.apply(patch(#"[{"op": "add", "path": "\#(deepest)/-", "value": 1}, {"op": "test", "path": "\#(deepest)/0", "value": 1}]"#))
        #expect(try value.value(at: JSON.Pointer(deepest)) == [1])
        let error = try #require(throws: JSON.Patch.Error.self) {
            try value.apply(patch(#"[{"op": "remove", "path": "\#(deepest)/0"}, {"op": "remove", "path": "\#(deepest)/0/0"}]"#))
        }
        #expect(error.kind == .indexOutOfRange && error.index == 1)
        #expect(try value.value(at: JSON.Pointer(deepest)) == [1])
    }
}
