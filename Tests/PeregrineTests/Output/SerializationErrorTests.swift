import Testing

@testable import PeregrineCore

/// A value that cannot be written says where in it the problem is: the
/// non-finite number, or the container nested too deep, by the same path
/// from a value, a document, a document's node and a piecewise write.
@Suite struct SerializationErrorTests {
    /// The error of each way of writing `text` (read as JSON5), which must all agree.
    static func errors(_ text: String, options: JSON.SerializationOptions = []) throws -> [JSON.SerializationError] {
        let value = try JSON(parsing: text, options: .json5)
        let document = try JSON.Document(parsing: text, options: .json5)
        let writes: [() throws -> Void] = [
            { _ = try value.serialized(options: options) },
            { try value.serialize(options: options) { _ in } },
            { _ = try document.serialized(options: options) },
            { try document.serialize(options: options) { _ in } },
        ]
        return try writes.map { write in try #require(throws: JSON.SerializationError.self) { try write() } }
    }

    @Test(arguments: [
        ("Infinity", "$", "Infinity"),
        ("[1, 2, NaN]", "$[2]", "NaN"),
        ("{a: [1, {b: -Infinity}]}", "$.a[1].b", "-Infinity"),
        // After a container written whole, and past an object's members.
        ("[[1], {x: 1, y: [2]}, NaN]", "$[2]", "NaN"),
        ("[[1], 2, [], {}, 3, NaN, 4]", "$[5]", "NaN"),
        ("{a: {b: 1}, c: 2, d: [], e: Infinity}", "$.e", "Infinity"),
        ("{a: {b: [1, [2, 3]], c: 4}, d: [NaN]}", "$.d[0]", "NaN"),
        ("{'a b': [NaN]}", #"$["a b"][0]"#, "NaN"),
        // A repeated key is written once, with its last value.
        ("{a: 1, b: 2, a: NaN}", "$.a", "NaN"),
    ])
    func aNonFiniteNumberIsFoundByItsPath(text: String, path: String, number: String) throws {
        for error in try Self.errors(text) {
            #expect(error.kind == .nonFiniteNumber)
            #expect(JSON.PathComponent.text(of: error.path) == path, "\(text)")
            #expect(error.message == "\(number) cannot be written as JSON")
            #expect(error.description == "\(path): \(number) cannot be written as JSON")
        }
    }

    /// Sorted output meets the members in key order: the first non-finite
    /// number it writes is the one named, from a value and from a document.
    @Test func sortedOutputNamesTheFirstMemberItWrites() throws {
        let text = "{z: NaN, b: {y: 1, x: [Infinity]}, a: 1}"
        #expect(try Self.errors(text).map(\.path) == Array(repeating: [.key("z")], count: 4))
        #expect(try Self.errors(text, options: [.sortedKeys]).map(\.path) == Array(repeating: [.key("b"), .key("x"), .index(0)], count: 4))
        #expect(try Self.errors(text, options: [.sortedKeys, .prettyPrinted]).map(\.path) == Array(repeating: [.key("b"), .key("x"), .index(0)], count: 4))
    }

    /// An object some of whose members were removed writes the others; the
    /// path names the member by its key, not its slot.
    @Test func anObjectWithRemovedMembersNamesTheRightOne() throws {
        var object = JSON.Object()
        for position in 0..<20 { object["k\(position)"] = .number(.init(position)) }
        object["bad"] = .number(.init(Double.nan))
        for position in 0..<10 { _ = object.removeMember(forKey: "k\(position)", compacting: false) }
        for options: JSON.SerializationOptions in [[], [.sortedKeys]] {
            let error = try #require(throws: JSON.SerializationError.self) { try JSON.array([1, .object(object)]).serialized(options: options) }
            #expect(error.path == [.index(1), .key("bad")])
        }
    }

    /// A document's node is written from its own root: the path starts there.
    @Test func aNodesPathStartsAtTheNode() throws {
        let document = try JSON.Document(parsing: "{a: {b: [1, NaN]}}", options: .json5)
        let error = try #require(throws: JSON.SerializationError.self) { try document.root["a"].serialized() }
        #expect(error.path == [.key("b"), .index(1)])
    }

    /// The container one level too deep is the one named, empty or not.
    @Test func aContainerTooDeepIsFoundByItsPath() throws {
        for error in try Self.errors("[1, {a: [[2]]}]", options: [.maxDepth(3)]) {
            #expect(error.kind == .tooDeep)
            #expect(error.description == "$[1].a[0]: arrays and objects are nested deeper than 3 levels")
        }
        for error in try Self.errors("{a: [1, {}], b: 2}", options: [.maxDepth(2)]) {
            #expect(error.path == [.key("a"), .index(1)])
        }
    }
}
