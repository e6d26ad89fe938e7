import Peregrine
import Testing

/// The scanner checks JSON's two-byte escapes (`\"`, `\\`, `\/`, `\b`,
/// `\f`, `\n`, `\r`, `\t`) inside a value's string loop and everything else
/// after a backslash out of line, while double-quoted keys (the copy of the
/// loop inlined into the value scan) take every escape out of line: each
/// byte after a backslash must get the same verdict on both paths, at the
/// same position, wherever the escape falls in the 16-byte blocks.
@Suite struct EscapeScanningTests {
    static let twoByteEscapes = Set(#""\/bfnrt"#.utf8)

    /// `["<prefix>\<byte>…"]` as a value and `{"<prefix>\<byte>…":1}` as a
    /// key; `\u` gets its four digits.
    static func inputs(prefix: String, byte: UInt8) -> (value: [UInt8], key: [UInt8]) {
        let escape = [UInt8(ascii: "\\"), byte] + (byte == UInt8(ascii: "u") ? Array("0041".utf8) : [])
        let head = Array(prefix.utf8) + escape + Array("tail".utf8)
        return (Array(#"[""#.utf8) + head + Array(#""]"#.utf8), Array(#"{""#.utf8) + head + Array(#"":1}"#.utf8))
    }

    @Test(arguments: [0, 1, 14, 15, 16, 31])
    func strictAcceptsExactlyJSONsEscapes(prefixLength: Int) throws {
        let prefix = String(repeating: "a", count: prefixLength)
        for byte in UInt8.min...UInt8.max {
            let (value, key) = Self.inputs(prefix: prefix, byte: byte)
            if Self.twoByteEscapes.contains(byte) || byte == UInt8(ascii: "u") {
                #expect(throws: Never.self, "byte \(byte)") { try JSON(parsing: value) }
                #expect(throws: Never.self, "byte \(byte)") { try JSON(parsing: key) }
                continue
            }
            // The backslash comes after `["` or `{"` and the prefix.
            let valueError = #expect(throws: JSON.ParseError.self) { try JSON(parsing: value) }
            let keyError = #expect(throws: JSON.ParseError.self) { try JSON(parsing: key) }
            #expect(valueError?.kind == .invalidEscape, "byte \(byte)")
            #expect(valueError?.offset == 2 + prefixLength, "byte \(byte)")
            #expect(keyError?.kind == .invalidEscape, "byte \(byte)")
            #expect(keyError?.offset == 2 + prefixLength, "byte \(byte)")
        }
    }

    @Test func json5GivesValuesAndKeysTheSameVerdict() {
        for byte in UInt8.min...UInt8.max {
            let (value, key) = Self.inputs(prefix: "abc", byte: byte)
            let valueResult = Result { () throws(JSON.ParseError) in try JSON(parsing: value, options: .json5) }
            let keyResult = Result { () throws(JSON.ParseError) in try JSON(parsing: key, options: .json5) }
            switch (valueResult, keyResult) {
            case (.success(.array(let elements)), .success(.object(let object))):
                #expect(elements.first?.string == object.keys.first, "byte \(byte)")
            case (.failure(let valueError), .failure(let keyError)):
                #expect(valueError.kind == keyError.kind && valueError.offset == keyError.offset, "byte \(byte)")
            default:
                Issue.record("byte \(byte): value \(valueResult), key \(keyResult)")
            }
        }
    }

    @Test func aBackslashAtTheEndIsAnUnterminatedString() {
        for text in [#"["\"#, #"["abcdefghijklmnopq\"#, #"{"\"#] {
            let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: text) }
            #expect(error?.kind == .unterminatedString, "\(text)")
            #expect(error?.offset == 1, "\(text)")
        }
    }
}
