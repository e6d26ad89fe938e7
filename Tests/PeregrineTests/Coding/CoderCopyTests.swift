import Foundation
import Testing

@testable import PeregrineCore

/// `copy()` gives a coder every setting of another, as it is now, and
/// nothing shared afterwards. A setting added later is copied too, as long
/// as it is a member of the coder's `Settings`; the tests below fail when a
/// setting is added outside `Settings`, or added to it without being set
/// and compared here.
@Suite struct CoderCopyTests {
    static let key = CodingUserInfoKey(rawValue: "tenant")!

    /// The names of `value`'s stored properties, in declaration order.
    static func storedProperties(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
    }

    @Test func everyDecoderSettingLivesInItsSettings() {
        #expect(Self.storedProperties(of: JSON.Decoder()) == ["locked"])
        #expect(
            Self.storedProperties(of: JSON.Decoder.Settings()) == [
                "keyDecodingStrategy", "dateDecodingStrategy", "dataDecodingStrategy", "nonConformingFloatDecodingStrategy",
                "userInfo", "parseOptions", "leniency", "assumesTopLevelDictionary", "arrayBatchMinimumBytes", "arrayBatchEntries",
            ])
    }

    @Test func everyEncoderSettingLivesInItsSettings() {
        #expect(Self.storedProperties(of: JSON.Encoder()) == ["locked"])
        #expect(
            Self.storedProperties(of: JSON.Encoder.Settings()) == [
                "outputFormatting", "keyEncodingStrategy", "dateEncodingStrategy", "dataEncodingStrategy",
                "nonConformingFloatEncodingStrategy", "userInfo",
            ])
    }

    @Test func aDecoderCopyHasEverySetting() throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.dataDecodingStrategy = .deferredToData
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        decoder.userInfo = [Self.key: "acme"]
        decoder.parseOptions = .init(maxDepth: 7, allowComments: true, duplicateKeys: .reject, inflatesGzip: false)
        decoder.leniency = .numbersFromStrings
        decoder.assumesTopLevelDictionary = true
        decoder.arrayBatchMinimumBytes = 5
        decoder.arrayBatchEntries = 6
        let copy = decoder.copy()
        #expect(copy !== decoder)
        guard case .convertFromSnakeCase = copy.keyDecodingStrategy, case .secondsSince1970 = copy.dateDecodingStrategy,
            case .deferredToData = copy.dataDecodingStrategy,
            case .convertFromString("+inf", "-inf", "nan") = copy.nonConformingFloatDecodingStrategy
        else {
            Issue.record("a strategy was not copied")
            return
        }
        #expect(copy.userInfo[Self.key] as? String == "acme")
        #expect(copy.parseOptions == decoder.parseOptions)
        #expect(copy.leniency == .numbersFromStrings)
        #expect(copy.assumesTopLevelDictionary)
        #expect(copy.arrayBatchMinimumBytes == 5 && copy.arrayBatchEntries == 6)
        struct Event: Decodable { var startsAt: Date; var count: Int }
        let event = try copy.decode(Event.self, from: #""starts_at": 86400, "count": "3" // comment"#)
        #expect(event.startsAt == Date(timeIntervalSince1970: 86_400) && event.count == 3)
    }

    @Test func anEncoderCopyHasEverySetting() throws {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.dataEncodingStrategy = .deferredToData
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        encoder.userInfo = [Self.key: "acme"]
        let copy = encoder.copy()
        #expect(copy !== encoder)
        #expect(copy.outputFormatting == [.sortedKeys, .withoutEscapingSlashes])
        guard case .convertToSnakeCase = copy.keyEncodingStrategy, case .millisecondsSince1970 = copy.dateEncodingStrategy,
            case .deferredToData = copy.dataEncodingStrategy,
            case .convertToString("+inf", "-inf", "nan") = copy.nonConformingFloatEncodingStrategy
        else {
            Issue.record("a strategy was not copied")
            return
        }
        #expect(copy.userInfo[Self.key] as? String == "acme")
        struct Event: Encodable { var startsAt: Date; var path: String; var ratio: Double; var raw: Data }
        let bytes: [UInt8] = try copy.encode(Event(startsAt: Date(timeIntervalSince1970: 1), path: "a/b", ratio: .infinity, raw: Data([7])))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"path":"a/b","ratio":"+inf","raw":[7],"starts_at":1000}"#)
    }

    @Test func changingACopyLeavesTheOriginal() {
        let decoder = JSON.Decoder()
        let decoderCopy = decoder.copy()
        decoderCopy.userInfo[Self.key] = "acme"
        decoderCopy.parseOptions.maxDepth = 3
        decoderCopy.keyDecodingStrategy = .convertFromSnakeCase
        #expect(decoder.userInfo.isEmpty && decoder.parseOptions == .strict)
        guard case .useDefaultKeys = decoder.keyDecodingStrategy else {
            Issue.record("the original's key strategy changed")
            return
        }
        let encoder = JSON.Encoder()
        let encoderCopy = encoder.copy()
        encoderCopy.outputFormatting = .prettyPrinted
        encoder.userInfo[Self.key] = "acme"
        #expect(encoder.outputFormatting == [] && encoderCopy.userInfo.isEmpty)
    }
}
