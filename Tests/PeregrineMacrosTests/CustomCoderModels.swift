import Foundation
import Peregrine
import PeregrineMacros

/// A day written as `"1990-04-01"`: a ``DateFormatCoder`` built from a format style.
enum DayFormat: DateFormatCoder {
    static let style = Date.VerbatimFormatStyle(
        format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits)", timeZone: .gmt, calendar: Calendar(identifier: .gregorian))
}

/// A coder of your own that refuses to write some values (odd numbers).
enum EvenCoder: ValueCoder {
    struct Odd: Error, CustomStringConvertible {
        let value: Int
        var description: String { "\(value) is odd" }
    }

    static func decode(_ coded: Int) throws -> Int {
        guard coded.isMultiple(of: 2) else { throw DecodingError.coded("\(coded) is odd") }
        return coded
    }

    static func encode(_ value: Int) throws -> Int {
        guard value.isMultiple(of: 2) else { throw Odd(value: value) }
        return value
    }
}

/// Every shipped coder, and one of each kind of your own (`CustomCoderTests`).
@JSONCodable
struct Coded: Equatable {
    @CodedBy(DateCoders.ISO8601FractionalSeconds.self) var at: Date
    @CodedBy(DayFormat.self) var due: Date?
    @CodedBy(Base64Coder<Data>.self) var body: Data
    @CodedBy(Base64Coder<[UInt8]>.self) var digest: [UInt8]
    @CodedBy(LosslessStringCoder<Int>.self) var size: Int
    @CodedBy(LosslessStringCoder<Double>.self) var ratio: Double
    @CodedBy(LosslessStringCoder<Bool>.self) var active: Bool
    @CodedBy(LosslessStringCoder<Int>.self) @Defaulted(0) var retries: Int
    @Key("meta.id") @CodedBy(LosslessStringCoder<UInt64>.self) var id: UInt64
    @CodedBy(EvenCoder.self) var even: Int
}

/// A property wrapper that trims its string, coded through its own `Codable`.
@propertyWrapper
struct Trimmed: Codable, Equatable {
    var wrappedValue: String {
        didSet { wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
    }

    init(wrappedValue: String) { self.wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
    init(from decoder: any Decoder) throws { self.init(wrappedValue: try String(from: decoder)) }
    func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// Property wrappers beside plain properties, one under a key path (so the macro writes `Codable` too).
@JSONCodable
struct Wrapped: Equatable {
    @Trimmed var name: String
    @Key("meta.nick") @Trimmed var nick: String
    var age: Int
}
