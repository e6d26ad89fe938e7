import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// SECURITY.md's limits, each in a test named after the promise it checks:
/// the limit's default and `.secure` value as documented, and input just
/// past it failing with the documented error kind at the documented place
/// (input at the limit passing). The other promises of SECURITY.md name
/// their tests there.
@Suite struct SecurityPromiseTests {
    /// Parses `text` with `options`; the error's kind and offset, or `nil` when it parsed.
    static func failure(_ text: String, _ options: JSON.ParseOptions) -> (JSON.ParseError.Kind, Int)? {
        parseError(text, options: options).map { ($0.kind, $0.offset) }
    }

    static func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }

    // MARK: Text

    @Test("maxDepth: 512 by default, 64 under .secure; one level more is tooDeep at the first container past it")
    func maxDepthIsEnforced() throws {
        #expect(JSON.ParseOptions().maxDepth == 512 && JSON.ParseOptions.secure.maxDepth == 64)
        #expect(Self.failure(Self.nested(512), .init()) == nil)
        #expect(Self.failure(Self.nested(513), .init()).map { $0.0 == .tooDeep && $0.1 == 512 } == true)
        #expect(Self.failure(Self.nested(65), .secure).map { $0.0 == .tooDeep && $0.1 == 64 } == true)
    }

    @Test("JSON.maxValueDepth: no owned value is built deeper than 1,024 levels, whatever maxDepth allows")
    func ownedValuesStopAtMaxValueDepth() throws {
        let lifted = JSON.ParseOptions(maxDepth: 1_000_000)
        #expect(JSON.maxValueDepth == 1_024)
        #expect(Self.failure(Self.nested(1_024), lifted) == nil)
        #expect(Self.failure(Self.nested(1_025), lifted).map { $0.0 == .tooDeep && $0.1 == 1_024 } == true)
        // A document is flat: any depth is safe for it.
        #expect(try JSON.Document(parsing: Self.nested(5_000), options: lifted).root.count == 1)
    }

    @Test("maxInputBytes: unlimited by default, 16 MiB under .secure; longer input is inputTooLarge")
    func maxInputBytesIsEnforced() throws {
        #expect(JSON.ParseOptions().maxInputBytes == .max && JSON.ParseOptions.secure.maxInputBytes == 16 << 20)
        #expect(Self.failure("[1,2]", .init(maxInputBytes: 5)) == nil)
        #expect(Self.failure("[1,2] ", .init(maxInputBytes: 5)).map { $0.0 == .inputTooLarge } == true)
    }

    @Test("maxStringBytes: unlimited by default, 1 MiB under .secure; a longer string, as written, is stringTooLong at its start")
    func maxStringBytesIsEnforced() throws {
        #expect(JSON.ParseOptions().maxStringBytes == .max && JSON.ParseOptions.secure.maxStringBytes == 1 << 20)
        #expect(Self.failure(#"["abcd"]"#, .init(maxStringBytes: 4)) == nil)
        #expect(Self.failure(#"["abcde"]"#, .init(maxStringBytes: 4)).map { $0.0 == .stringTooLong && $0.1 == 1 } == true)
        // As written: an escape counts its bytes in the input.
        #expect(Self.failure(#"["\u0061"]"#, .init(maxStringBytes: 4)).map { $0.0 == .stringTooLong } == true)
    }

    @Test("maxObjectMembers: unlimited by default, 10,000 under .secure; one member more is tooManyMembers")
    func maxObjectMembersIsEnforced() throws {
        #expect(JSON.ParseOptions().maxObjectMembers == .max && JSON.ParseOptions.secure.maxObjectMembers == 10_000)
        #expect(Self.failure(#"{"a":1,"b":2}"#, .init(maxObjectMembers: 2)) == nil)
        #expect(Self.failure(#"{"a":1,"b":2,"c":3}"#, .init(maxObjectMembers: 2)).map { $0.0 == .tooManyMembers } == true)
    }

    @Test("maxDecompressedBytes: 256 MiB by default; gzip input inflating past it is decompressedTooLarge")
    func maxDecompressedBytesIsEnforced() throws {
        #expect(JSON.ParseOptions().maxDecompressedBytes == 256 << 20)
        let packed = try JSON.array(Array(repeating: 0, count: 1_000)).serialized(options: [.gzip])
        #expect(throws: Never.self) { try JSON(parsing: packed, options: .init(maxDecompressedBytes: 2_001)) }
        let error = try #require(throws: JSON.ParseError.self) { try JSON(parsing: packed, options: .init(maxDecompressedBytes: 2_000)) }
        #expect(error.kind == .decompressedTooLarge)
        // `.secure` stops inflating at its maxInputBytes.
        let secure = JSON.ParseOptions(maxInputBytes: 100)
        #expect(try #require(throws: JSON.ParseError.self) { try JSON(parsing: packed, options: secure) }.kind == .inputTooLarge)
    }

    @Test("duplicateKeys: last wins by default, .reject under .secure names the key at its second place")
    func duplicateKeysAreRejectedUnderSecure() throws {
        #expect(try JSON(parsing: #"{"a":1,"a":2}"#) == ["a": 2])
        let error = try #require(throws: JSON.ParseError.self) { try JSON(parsing: #"{"a":1,"a":2}"#, options: .secure) }
        #expect(error.kind == .duplicateKey && error.offset == 7)
    }

    @Test("rejectNUL: off by default, on under .secure; \\u0000 is nulCharacter at its escape")
    func nulIsRejectedUnderSecure() throws {
        #expect(try JSON(parsing: #"["a\u0000"]"#) == ["a\u{0}"])
        #expect(Self.failure(#"["a\u0000"]"#, .secure).map { $0.0 == .nulCharacter && $0.1 == 3 } == true)
    }

    @Test("rejectNoncharacters: off by default, on under .secure; U+FDD0 is noncharacter at its escape")
    func noncharactersAreRejectedUnderSecure() throws {
        let noncharacter = try #require(Unicode.Scalar(0xFDD0))
        #expect(try JSON(parsing: #"["\ufdd0"]"#) == .array([.string(String(noncharacter))]))
        #expect(Self.failure(#"["\ufdd0"]"#, .secure).map { $0.0 == .noncharacter && $0.1 == 2 } == true)
    }

    // MARK: Binary

    /// A file around `body`: the header with no hints and no strings.
    static func file(_ body: [UInt8]) -> [UInt8] { [0x89, 0x50, 0x47, 0x42, 1, 0, 0, 0, 0] + body }

    static func binaryFailure(_ bytes: [UInt8], _ limits: Binary.DecodingLimits) -> Binary.DecodingError.Kind? {
        do {
            _ = try Binary.Value(decoding: bytes, limits: limits)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test("Binary maxDepth: 512 by default and never past JSON.maxValueDepth; deeper is limitExceeded")
    func binaryMaxDepthIsEnforced() {
        #expect(Binary.DecodingLimits().maxDepth == 512)
        let deep = Self.file(Array(repeating: [0x08, 0x01], count: 40).flatMap { $0 } + [0x00])
        #expect(Self.binaryFailure(deep, .init(maxDepth: 40)) == nil)
        #expect(Self.binaryFailure(deep, .init(maxDepth: 39)) == .limitExceeded)
        let deeper = Self.file(Array(repeating: [0x08, 0x01], count: 1_025).flatMap { $0 } + [0x00])
        #expect(Self.binaryFailure(deeper, .init(maxDepth: 1_000_000)) == .limitExceeded)
    }

    @Test("Binary maxValues: values read, counting what back-references repeat; more is limitExceeded")
    func binaryMaxValuesIsEnforced() {
        #expect(Binary.DecodingLimits().maxValues == 50_000_000)
        // [shared [null, null], ref 0]: the root, the shared value and its
        // three, the reference and the three it repeats.
        let shared = Self.file([0x08, 0x02, 0x12, 0x08, 0x02, 0x00, 0x00, 0x13, 0x00])
        #expect(Self.binaryFailure(shared, .init(maxValues: 9)) == nil)
        #expect(Self.binaryFailure(shared, .init(maxValues: 8)) == .limitExceeded)
    }

    @Test("Binary maxStringBytes and maxCount: a longer string or a larger declared count is limitExceeded before any allocation")
    func binaryDeclaredSizesAreCheckedFirst() {
        #expect(Binary.DecodingLimits().maxStringBytes == 256 << 20 && Binary.DecodingLimits().maxCount == 50_000_000)
        // An array declaring 2^62 elements in 19 bytes.
        let declared = Self.file([0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40])
        #expect(Self.binaryFailure(declared, .init()) == .limitExceeded)
        // A data value of 4 bytes under maxStringBytes 3.
        let data = Self.file([0x0B, 0x04, 1, 2, 3, 4])
        #expect(Self.binaryFailure(data, .init(maxStringBytes: 4)) == nil)
        #expect(Self.binaryFailure(data, .init(maxStringBytes: 3)) == .limitExceeded)
    }

    @Test("Binary maxOutputBytes: strings and data produced, every repeat counted; more is outputTooLarge")
    func binaryMaxOutputBytesIsEnforced() {
        #expect(Binary.DecodingLimits().maxOutputBytes == 256 << 20)
        // [shared data(4 bytes), ref 0, ref 0]: 12 bytes produced.
        let repeated = Self.file([0x08, 0x03, 0x12, 0x0B, 0x04, 1, 2, 3, 4, 0x13, 0x00, 0x13, 0x00])
        #expect(Self.binaryFailure(repeated, .init(maxOutputBytes: 12)) == nil)
        #expect(Self.binaryFailure(repeated, .init(maxOutputBytes: 11)) == .outputTooLarge)
    }

    @Test("Binary plainData: typed records are refused with recordNotAllowed")
    func plainDataRefusesRecords() throws {
        let record = try Binary.Value.record(type: "T", fields: []).encoded()
        #expect(Self.binaryFailure(record, .init()) == nil)
        #expect(Self.binaryFailure(record, .plainData) == .recordNotAllowed)
    }

    // MARK: Writing

    @Test("Writing stops at its maxDepth (512): a deeper value is SerializationError.tooDeep, not a crash")
    func writingStopsAtMaxDepth() throws {
        var value: JSON = .null
        for _ in 0..<600 { value = .array([value]) }
        let error = try #require(throws: JSON.SerializationError.self) { try value.serialized() }
        #expect(error.kind == .tooDeep)
    }
}
