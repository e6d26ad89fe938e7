import Foundation
import Testing

@testable import PeregrineCore

/// The value writer reads each string's bytes where the value holds them
/// (`JSON.stringUTF8(inPlace:)`), checked once against the standard
/// library's layout.
@Suite struct StringInPlaceTests {
    /// Strings of every form the standard library stores.
    static let samples: [String] = {
        let built = String(decoding: Array(repeating: UInt8(ascii: "y"), count: 100), as: UTF8.self)
        return ["", "a", "fifteen bytes!!", "sixteen bytes!!!", "é", "日本語", "a literal of more than fifteen bytes", built, built + "é",
            String(repeating: "ж", count: 1_000), "quote \" and \\ and \u{01}", String(built.dropFirst(3))]
    }()

    @Test func holdsWhereStringsAreStoredAsChecked() {
        #if _pointerBitWidth(_64) && _endian(little)
        #expect(JSON.readsStringsInPlace)
        #endif
    }

    @Test func readsEveryFormInPlace() {
        guard JSON.readsStringsInPlace else { return }
        for sample in Self.samples {
            var value = JSON.string(sample)
            var key = ScalarKey(sample)
            let inValue = withUnsafePointer(to: &value) { JSON.stringUTF8(inPlace: $0).map(Array.init) }
            let inKey = withUnsafePointer(to: &key) { JSON.keyUTF8(inPlace: $0).map(Array.init) }
            #expect(inValue == Array(sample.utf8), "\(sample.prefix(20))")
            #expect(inKey == Array(sample.utf8), "\(sample.prefix(20))")
        }
    }

    @Test func writesWhatTheStringsHold() throws {
        let value = JSON.array(Self.samples.map(JSON.string))
        let object = JSON.object(JSON.Object(Self.samples.enumerated().map { ("\($0.element)\($0.offset)", JSON.number(JSON.Number($0.offset))) }))
        for written in [value, object] {
            let text = try written.serialized()
            #expect(try JSON(parsing: text) == written)
        }
    }
}
