import Foundation
import Peregrine
import Testing
import TestSupport

/// `Binary.Decoder` on broken and hostile files: every failure is a
/// `Binary.DecodingError` with its kind and byte offset, never a trap.
struct BinaryCodableHostileTests {
    typealias Models = BinaryModels

    /// A file around `body`: header with no hints, then `strings`.
    private func file(strings: [String] = [], _ body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x47, 0x42, 1, 0, 0, 0, UInt8(strings.count)]
        for string in strings { bytes += [UInt8(string.utf8.count)] + Array(string.utf8) }
        return bytes + body
    }

    /// Decoding `bytes` as `T` fails with `kind` at `offset` (and `path` in the message).
    private func expectFailure<T: Decodable>(
        _ type: T.Type, _ bytes: [UInt8], _ kind: Binary.DecodingError.Kind, at offset: Int, path: String? = nil,
        decoder: Binary.Decoder = .init(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        do {
            let value = try decoder.decode(type, from: bytes)
            Issue.record("decoded \(value)", sourceLocation: sourceLocation)
        } catch let caught as DecodingError {
            guard let error = caught.binaryError else {
                Issue.record("no Binary.DecodingError under \(caught)", sourceLocation: sourceLocation)
                return
            }
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
            if let path { #expect(error.message.hasPrefix(path + ":"), "\(error)", sourceLocation: sourceLocation) }
        } catch {
            Issue.record("not a DecodingError: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Whether `kind` is about the file's structure (what the tape checks
    /// before any model reads it) rather than about one value.
    private func isStructural(_ kind: Binary.DecodingError.Kind) -> Bool {
        switch kind {
        case .badMagic, .unsupportedVersion, .truncated, .invalidVarint, .invalidUTF8, .unknownTag, .badStringIndex, .badReference,
            .recordNotAllowed, .limitExceeded, .outputTooLarge, .duplicateKey, .trailingBytes:
            return true
        case .typeMismatch, .invalidValue, .keyNotFound, .valueNotFound:
            return false
        }
    }

    private var sample: [UInt8] {
        get throws {
            let node = Models.Node("shared")
            var encoder = Binary.Encoder()
            encoder.registry.register(Models.Point.self, as: "Point")
            struct Sample: Codable {
                var rich = Models.Rich()
                var nested = Models.Nested()
                var graph: Models.Graph
                var points = [Models.Point(x: 1, y: -1), Models.Point(x: 300, y: 70_000)]
            }
            return try encoder.encode(Sample(graph: Models.Graph(first: node, second: node, all: [node])))
        }
    }

    // MARK: Broken files

    @Test func truncationAtEveryByteThrows() throws {
        let bytes = try sample
        for end in 0..<bytes.count {
            let prefix = Array(bytes[..<end])
            var underlying: Binary.DecodingError?
            do {
                _ = try Binary.Decoder().decode(Models.Rich.self, from: prefix)
                Issue.record("decoded a prefix of \(end) bytes")
            } catch let error as DecodingError {
                // Broken structure is corrupted data, with the reader's kind and offset underneath.
                guard case .dataCorrupted = error, let binary = error.binaryError else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(isStructural(binary.kind) && binary.offset <= end, "\(binary)")
                underlying = binary
            }
            // The graph reader checks the same structure first, and fails alike.
            let graph = try #require(throws: Binary.DecodingError.self, "\(end)") { try Binary.Decoder().decodeGraph(from: prefix) }
            #expect(graph.kind == underlying?.kind && graph.offset == underlying?.offset, "\(graph) vs \(String(describing: underlying))")
        }
    }

    @Test func flippedBytesNeverTrapAndFailAsTheReaderDoes() throws {
        let bytes = try sample
        var generator = SeededGenerator(seed: 23)
        var registry = Binary.TypeRegistry()
        registry.register(Models.Point.self, as: "Point")
        var decoder = Binary.Decoder()
        decoder.registry = registry
        for _ in 0..<4_000 {
            var broken = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                broken[Int.random(in: 0..<broken.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            }
            _ = try? decoder.decode(Models.Graph.self, from: broken)
            _ = try? decoder.decode(Models.Rich.self, from: broken)
            let graphError: Binary.DecodingError?
            do {
                _ = try decoder.decodeGraph(from: broken)
                graphError = nil
            } catch let error as Binary.DecodingError {
                graphError = error
            } catch {
                // A registered type's own init(from:) may throw its own errors.
                continue
            }
            // Where the generic reader finds the file invalid, the tape finds the
            // same (every check of the format is the reader's, made in the same order).
            do {
                _ = try Binary.Value(decoding: broken)
                if let graphError { #expect(!isStructural(graphError.kind), "\(graphError)") }
            } catch {
                #expect(graphError?.kind == error.kind && graphError?.offset == error.offset, "\(error) vs \(String(describing: graphError))")
            }
        }
    }

    @Test func structuralErrorsMatchTheReader() {
        // The same files the reader's tests use, through the decoder.
        let cases: [(bytes: [UInt8], kind: Binary.DecodingError.Kind, offset: Int)] = [
            ([0x89, 0x50, 0x47, 0x43, 1, 0, 0, 0, 0, 0], .badMagic, 0),
            ([0x89, 0x50, 0x47, 0x42, 2, 0, 0, 0, 0, 0], .unsupportedVersion, 4),
            (file([0x40]), .unknownTag, 9),
            (file([0x00, 0x00]), .trailingBytes, 10),
            (file(strings: ["a"], [0x07, 1]), .badStringIndex, 12),
            (file([0x03, 0x80, 0x00]), .invalidVarint, 10),
            (file([0x08, 0x05, 0x00]), .truncated, 10),
            (file([0x0B, 0x05, 0x00]), .truncated, 11),
            (file([0x0D, 1, 2, 3]), .truncated, 10),
            (file([0x12, 0x08, 0x01, 0x13, 0x00]), .badReference, 13),
            (file([0x08, 0x01, 0x13, 0x00]), .badReference, 12),
        ]
        for (bytes, kind, offset) in cases {
            expectFailure([Int].self, bytes, kind, at: offset)
        }
    }

    // MARK: Models that do not fit

    @Test func typeMismatchesHaveTheirKindOffsetAndPath() throws {
        // {"x": "one", "y": 2}: the string is at offset 9 + table (1+1, 1+1, 1+3) + object tag, count, key = 20.
        let point = file(strings: ["x", "y", "one"], [0x09, 0x02, 0x00, 0x07, 0x02, 0x01, 0x03, 0x04])
        expectFailure(Models.Point.self, point, .typeMismatch, at: 20, path: "$.x")
        // A member that is not there: reported at its object.
        let missing = file(strings: ["x"], [0x09, 0x01, 0x00, 0x03, 0x02])
        expectFailure(Models.Point.self, missing, .keyNotFound, at: 11, path: "$")
        // null where a value is needed.
        let null = file(strings: ["x", "y"], [0x09, 0x02, 0x00, 0x03, 0x02, 0x01, 0x00])
        expectFailure(Models.Point.self, null, .valueNotFound, at: 19, path: "$.y")
        // An array where an object is needed, deeper down.
        let nested = file(strings: ["inner"], [0x09, 0x01, 0x00, 0x08, 0x00])
        expectFailure([String: Models.Point].self, nested, .typeMismatch, at: 18, path: "$.inner")
        // An array where an object is needed, at the root.
        expectFailure(Models.Point.self, try Binary.Encoder().encode([1]), .typeMismatch, at: 9)
    }

    @Test func integersMustFitExactly() throws {
        let big = try Binary.Encoder().encode([300, -1, Int.max])
        expectFailure([Int8].self, big, .invalidValue, at: 11, path: "$[0]")
        expectFailure([UInt].self, big, .invalidValue, at: 14, path: "$[1]")
        expectFailure([Int32].self, big, .invalidValue, at: 16, path: "$[2]")
        #expect(try Binary.Decoder().decode([Int64].self, from: big) == [300, -1, Int64.max])
        let huge: [UInt8] = try Binary.Encoder().encode([UInt64.max])
        expectFailure([Int].self, huge, .invalidValue, at: 11)
        #expect(try Binary.Decoder().decode([UInt64].self, from: huge) == [.max])
        let fraction: [UInt8] = try Binary.Encoder().encode([1.5])
        expectFailure([Int].self, fraction, .typeMismatch, at: 11)
        // Whole doubles, as files converted from JSON may hold them, are integers.
        #expect(try Binary.Decoder().decode([Int].self, from: Binary.Encoder().encode([2.0])) == [2])
        let tooBig: [UInt8] = try Binary.Encoder().encode([1e300])
        expectFailure([Float].self, tooBig, .invalidValue, at: 11)
        expectFailure([Int].self, tooBig, .invalidValue, at: 11)
    }

    @Test func richValuesMustHoldTheirTypes() {
        expectFailure(URL.self, file(strings: [""], [0x0C, 0x00]), .invalidValue, at: 10)
        expectFailure(Decimal.self, file(strings: ["abc"], [0x0E, 0x00]), .invalidValue, at: 13)
        // A string is a date's JSON form, so it must be ISO 8601; an array is no date at all.
        expectFailure(Date.self, file(strings: ["x"], [0x07, 0x00]), .invalidValue, at: 11)
        expectFailure(Date.self, file([0x08, 0x00]), .typeMismatch, at: 9)
        expectFailure(Data.self, file(strings: ["%"], [0x07, 0x00]), .invalidValue, at: 11)
    }

    // MARK: Hostile files

    @Test func aReferenceBombStopsAtMaxValues() throws {
        // shared 0 = [null, null]; shared k = [ref k-1, ref k-1]: 2^k values once expanded.
        var body: [UInt8] = [0x08, 41, 0x12, 0x08, 0x02, 0x00, 0x00]
        for level in 1...40 { body += [0x12, 0x08, 0x02, 0x13, UInt8(level - 1), 0x13, UInt8(level - 1)] }
        indirect enum Tree: Decodable {
            case leaf
            case node([Tree])

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                self = container.decodeNil() ? .leaf : .node(try container.decode([Tree].self))
            }
        }
        do {
            _ = try Binary.Decoder().decode(Tree.self, from: file(body))
            Issue.record("expanded a reference bomb")
        } catch let error as DecodingError {
            #expect(error.binaryError?.kind == .limitExceeded, "\(error)")
        } catch {
            Issue.record("\(error)")
        }
        // A smaller one within the limits decodes; below them it does not.
        var small: [UInt8] = [0x08, 6, 0x12, 0x08, 0x02, 0x00, 0x00]
        for level in 1...5 { small += [0x12, 0x08, 0x02, 0x13, UInt8(level - 1), 0x13, UInt8(level - 1)] }
        #expect(throws: Never.self) { try Binary.Decoder().decode(Tree.self, from: file(small)) }
        var strict = Binary.Decoder()
        strict.limits.maxValues = 50
        let error = try #require(throws: DecodingError.self) { try strict.decode(Tree.self, from: file(small)) }
        #expect(error.kindName == "dataCorrupted")
        #expect(error.pathStrings == [])
        #expect(error.binaryError?.kind == .limitExceeded, "\(error)")
        // Every tag counts, and a reference counts again what its shared value
        // counted: 37 values before level 3, whose first reference (its number at
        // offset 34) repeats level 2's 21 and passes 50.
        #expect(error.binaryError?.offset == 34, "\(error)")
    }

    @Test func plainDataRefusesRecords() throws {
        var encoder = Binary.Encoder()
        encoder.registry.register(Models.Point.self, as: "Point")
        let bytes: [UInt8] = try encoder.encode(Models.Point(x: 1, y: 2))
        var decoder = Binary.Decoder()
        decoder.limits = .plainData
        // Header (9 bytes), then the table "Point", "x", "y" (10).
        expectFailure(Models.Point.self, bytes, .recordNotAllowed, at: 19, decoder: decoder)
        let graph = try #require(throws: Binary.DecodingError.self) { try decoder.decodeGraph(from: bytes) }
        #expect(graph.kind == .recordNotAllowed)
        #expect(graph.offset == 19)
        #expect(try Binary.Decoder().decode(Models.Point.self, from: bytes) == Models.Point(x: 1, y: 2))
    }

    @Test func headerHintsAreOnlyHints() throws {
        // A file that announces no values but holds many is read all the same.
        var bytes: [UInt8] = try Binary.Encoder().encode(Array(0..<200))
        #expect(bytes[6...7] == [0xC9, 0x01])  // 201 values
        bytes.replaceSubrange(6...7, with: [0])
        #expect(try Binary.Decoder().decode([Int].self, from: bytes) == Array(0..<200))
    }
}
