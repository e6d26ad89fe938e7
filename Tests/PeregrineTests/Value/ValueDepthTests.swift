import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing

/// Owned values are released recursively by Swift, so Peregrine never builds
/// one deeper than `JSON.maxValueDepth` from input, whatever `maxDepth` says;
/// a document holds any depth.
@Suite struct ValueDepthTests {
    let generous = JSON.ParseOptions(maxDepth: 1_000_000)

    func nested(_ depth: Int, object: Bool = false) -> String {
        object
            ? String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            : String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func parsingStopsAtTheDepthAnOwnedValueHolds() throws {
        #expect(try JSON(parsing: nested(JSON.maxValueDepth), options: generous).array != nil)
        for object in [false, true] {
            let error = try #require(throws: JSON.ParseError.self) {
                try JSON(parsing: nested(JSON.maxValueDepth + 1, object: object), options: generous)
            }
            #expect(error.kind == .tooDeep)
            #expect(error.offset == JSON.maxValueDepth * (object ? 5 : 1))
            #expect(error.line == 1 && error.message.contains("\(JSON.maxValueDepth) levels"))
        }
    }

    /// Arrays of two elements and objects of two members, each the first
    /// element or member of the next one up, are built to the same limit
    /// as other containers, past the depth where plain recursion hands over
    /// to the explicit stack.
    @Test func pairsNestToTheSameLimit() throws {
        func pairs(_ depth: Int, object: Bool) -> String {
            object
                ? String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: #","b":0}"#, count: depth)
                : String(repeating: "[", count: depth) + "1" + String(repeating: ",0]", count: depth)
        }
        for object in [false, true] {
            var node = try JSON(parsing: pairs(JSON.maxValueDepth, object: object), options: generous)
            for _ in 1..<JSON.maxValueDepth {
                let (first, second) = object ? (node.object?["a"], node.object?["b"]) : (node.array?.first, node.array?.last)
                #expect(second == 0 && (object ? node.object?.count : node.array?.count) == 2)
                node = try #require(first)
            }
            #expect(node == (object ? ["a": 1, "b": 0] : [1, 0]))
            let error = try #require(throws: JSON.ParseError.self) {
                try JSON(parsing: pairs(JSON.maxValueDepth + 1, object: object), options: generous)
            }
            #expect(error.kind == .tooDeep)
            #expect(error.offset == JSON.maxValueDepth * (object ? 5 : 1))
        }
    }

    @Test func aDocumentHoldsAnyDepthAndGivesOwnedValuesWithinTheLimit() throws {
        let depth = 5_000
        let document = try JSON.Document(parsing: nested(depth), options: generous)
        #expect(document.root.value == nil)
        var node = document.root
        for _ in 0..<(depth - JSON.maxValueDepth - 1) { node = node[0] }
        #expect(node.value == nil)
        node = node[0]
        #expect(node.value != nil)
        #expect(node.exists)
    }

    struct Event: Decodable {
        var payload: JSON
    }

    @Test func aJSONFieldDeeperThanTheLimitIsACodingError() throws {
        let decoder = JSON.Decoder()
        decoder.parseOptions = generous
        let deep = #"{"payload": "# + nested(JSON.maxValueDepth + 1) + "}"
        let error = try #require(throws: DecodingError.self) { try decoder.decode(Event.self, from: Array(deep.utf8)) }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["payload"])
        let fits = #"{"payload": "# + nested(JSON.maxValueDepth - 1) + "}"
        #expect(try decoder.decode(Event.self, from: Array(fits.utf8)).payload.array != nil)
    }

    /// A value at the limit, arrays or objects, is let go on a thread with a
    /// 512 KiB stack (the size of a secondary thread on Apple platforms).
    @Test func aValueAtTheLimitIsReleasedOnASmallStack() throws {
        for object in [false, true] {
            let text = nested(JSON.maxValueDepth, object: object)
            let done = DispatchSemaphore(value: 0)
            let released = LockedFlag()
            let thread = Thread {
                var value = try? JSON(parsing: text, options: generous)
                if value != nil { value = nil; released.set() }
                done.signal()
            }
            thread.stackSize = 512 << 10
            thread.start()
            done.wait()
            #expect(released.value)
        }
    }

    final class LockedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        var value: Bool { lock.withLock { flag } }
        func set() { lock.withLock { flag = true } }
    }
}

/// Binary readers recurse on depth and build owned values: they stop at
/// `JSON.maxValueDepth` too, whatever the limits say.
@Suite struct BinaryValueDepthTests {
    @Test func binaryReadersStopAtTheValueDepth() throws {
        var value = Binary.Value.null
        for _ in 0..<2_000 { value = .array([value]) }
        let bytes = try value.encoded(maxDepth: 10_000)
        let limits = Binary.DecodingLimits(maxDepth: 1_000_000)
        for read in [
            { _ = try Binary.Value(decoding: bytes, limits: limits) },
            { _ = try JSON(binary: bytes, limits: limits) },
        ] as [() throws -> Void] {
            let error = try #require(throws: Binary.DecodingError.self) { try read() }
            #expect(error.kind == .limitExceeded, "\(error)")
            #expect(error.message.contains("1024 levels (JSON.maxValueDepth"), "\(error.message)")
        }
        var fits = Binary.Value.null
        for _ in 0..<(JSON.maxValueDepth - 1) { fits = .array([fits]) }
        #expect(try Binary.Value(decoding: try fits.encoded(maxDepth: 10_000), limits: limits) == fits)
    }
}
