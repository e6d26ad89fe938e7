// The test types of swift-foundation's Tests/FoundationEssentialsTests/JSONEncoderTests.swift
// (https://github.com/swiftlang/swift-foundation, commit 767ff1c2e3a55385f44ccf28a83f21f3571cf3ea),
// as there, nested in the port's suite. Copyright (c) 2014 - 2017 Apple Inc. and the Swift project
// authors; licensed under Apache License v2.0 with Runtime Library Exception
// (https://swift.org/LICENSE.txt). Changes: nesting, access levels.

import Foundation
import Testing

extension FoundationSuiteTests {
    static func expectEqualPaths(_ lhs: [CodingKey], _ rhs: [CodingKey], _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if lhs.count != rhs.count {
            Issue.record("\(prefix) [CodingKey].count mismatch: \(lhs.count) != \(rhs.count)", sourceLocation: sourceLocation)
            return
        }

        for (key1, key2) in zip(lhs, rhs) {
            switch (key1.intValue, key2.intValue) {
            case (.none, .none): break
            case (.some(let i1), .none):
                Issue.record("\(prefix) CodingKey.intValue mismatch: \(type(of: key1))(\(i1)) != nil", sourceLocation: sourceLocation)
                return
            case (.none, .some(let i2)):
                Issue.record("\(prefix) CodingKey.intValue mismatch: nil != \(type(of: key2))(\(i2))", sourceLocation: sourceLocation)
                return
            case (.some(let i1), .some(let i2)):
                guard i1 == i2 else {
                    Issue.record("\(prefix) CodingKey.intValue mismatch: \(type(of: key1))(\(i1)) != \(type(of: key2))(\(i2))", sourceLocation: sourceLocation)
                    return
                }
        }

        #expect(key1.stringValue == key2.stringValue, "\(prefix) CodingKey.stringValue mismatch: \(type(of: key1))('\(key1.stringValue)') != \(type(of: key2))('\(key2.stringValue)')", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Test Types
    /* FIXME: Import from %S/Inputs/Coding/SharedTypes.swift somehow. */

    // MARK: - Empty Types
    struct EmptyStruct : Codable, Equatable {
      static func ==(_ lhs: EmptyStruct, _ rhs: EmptyStruct) -> Bool {
        return true
      }
    }

    class EmptyClass : Codable, Equatable {
      static func ==(_ lhs: EmptyClass, _ rhs: EmptyClass) -> Bool {
        return true
      }
    }

    // MARK: - Single-Value Types
    /// A simple on-off switch type that encodes as a single Bool value.
    enum Switch : Codable {
      case off
      case on

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        switch try container.decode(Bool.self) {
        case false: self = .off
        case true:  self = .on
        }
      }

      func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .off: try container.encode(false)
        case .on:  try container.encode(true)
        }
      }
    }

    /// A simple timestamp type that encodes as a single Double value.
    struct Timestamp : Codable, Equatable {
      let value: Double

      init(_ value: Double) {
        self.value = value
      }

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = try container.decode(Double.self)
      }

      func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.value)
      }

      static func ==(_ lhs: Timestamp, _ rhs: Timestamp) -> Bool {
        return lhs.value == rhs.value
      }
    }

    /// A simple referential counter type that encodes as a single Int value.
    final class Counter : Codable, Equatable {
      var count: Int = 0

      init() {}

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        count = try container.decode(Int.self)
      }

      func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.count)
      }

      static func ==(_ lhs: Counter, _ rhs: Counter) -> Bool {
        return lhs === rhs || lhs.count == rhs.count
      }
    }

    // MARK: - Structured Types
    /// A simple address type that encodes as a dictionary of values.
    struct Address : Codable, Equatable {
      let street: String
      let city: String
      let state: String
      let zipCode: Int
      let country: String

      init(street: String, city: String, state: String, zipCode: Int, country: String) {
        self.street = street
        self.city = city
        self.state = state
        self.zipCode = zipCode
        self.country = country
      }

      static func ==(_ lhs: Address, _ rhs: Address) -> Bool {
        return lhs.street == rhs.street &&
               lhs.city == rhs.city &&
               lhs.state == rhs.state &&
               lhs.zipCode == rhs.zipCode &&
               lhs.country == rhs.country
      }

      static var testValue: Address {
        return Address(street: "1 Infinite Loop",
                       city: "Cupertino",
                       state: "CA",
                       zipCode: 95014,
                       country: "United States")
      }
    }

    /// A simple person class that encodes as a dictionary of values.
    class Person : Codable, Equatable {
      let name: String
      let email: String
      let website: URL?


      init(name: String, email: String, website: URL? = nil) {
        self.name = name
        self.email = email
        self.website = website
      }

      func isEqual(_ other: Person) -> Bool {
        return self.name == other.name &&
               self.email == other.email &&
               self.website == other.website
      }

      static func ==(_ lhs: Person, _ rhs: Person) -> Bool {
        return lhs.isEqual(rhs)
      }

      class var testValue: Person {
        return Person(name: "Johnny Appleseed", email: "appleseed@apple.com")
      }
    }

    /// A class which shares its encoder and decoder with its superclass.
    class Employee : Person {
      let id: Int

      init(name: String, email: String, website: URL? = nil, id: Int) {
        self.id = id
        super.init(name: name, email: email, website: website)
      }

      enum CodingKeys : String, CodingKey {
        case id
      }

      required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        try super.init(from: decoder)
      }

      override func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try super.encode(to: encoder)
      }

      override func isEqual(_ other: Person) -> Bool {
        if let employee = other as? Employee {
          guard self.id == employee.id else { return false }
        }

        return super.isEqual(other)
      }

      override class var testValue: Employee {
        return Employee(name: "Johnny Appleseed", email: "appleseed@apple.com", id: 42)
      }
    }

    /// A simple company struct which encodes as a dictionary of nested values.
    struct Company : Codable, Equatable {
      let address: Address
      var employees: [Employee]

      init(address: Address, employees: [Employee]) {
        self.address = address
        self.employees = employees
      }

      static func ==(_ lhs: Company, _ rhs: Company) -> Bool {
        return lhs.address == rhs.address && lhs.employees == rhs.employees
      }

      static var testValue: Company {
        return Company(address: Address.testValue, employees: [Employee.testValue])
      }
    }

    /// An enum type which decodes from Bool?.
    enum EnhancedBool : Codable {
      case `true`
      case `false`
      case fileNotFound

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
          self = .fileNotFound
        } else {
          let value = try container.decode(Bool.self)
          self = value ? .true : .false
        }
      }

      func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .true: try container.encode(true)
        case .false: try container.encode(false)
        case .fileNotFound: try container.encodeNil()
        }
      }
    }

    /// A type which encodes as an array directly through a single value container.
    struct Numbers : Codable, Equatable {
      let values = [4, 8, 15, 16, 23, 42]

      init() {}

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let decodedValues = try container.decode([Int].self)
        guard decodedValues == values else {
          throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "The Numbers are wrong!"))
        }
      }

      func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
      }

      static func ==(_ lhs: Numbers, _ rhs: Numbers) -> Bool {
        return lhs.values == rhs.values
      }

      static var testValue: Numbers {
        return Numbers()
      }
    }

    /// A type which encodes as a dictionary directly through a single value container.
    final class Mapping : Codable, Equatable {
      let values: [String : Int]

      init(values: [String : Int]) {
        self.values = values
      }

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        values = try container.decode([String : Int].self)
      }

      func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
      }

      static func ==(_ lhs: Mapping, _ rhs: Mapping) -> Bool {
        return lhs === rhs || lhs.values == rhs.values
      }

      static var testValue: Mapping {
        return Mapping(values: ["Apple": 42,
                                "localhost": 127])
      }
    }

    struct NestedContainersTestType : Encodable {
      let testSuperEncoder: Bool

      init(testSuperEncoder: Bool = false) {
        self.testSuperEncoder = testSuperEncoder
      }

      enum TopLevelCodingKeys : Int, CodingKey {
        case a
        case b
        case c
      }

      enum IntermediateCodingKeys : Int, CodingKey {
          case one
          case two
      }

      func encode(to encoder: Encoder) throws {
        if self.testSuperEncoder {
          var topLevelContainer = encoder.container(keyedBy: TopLevelCodingKeys.self)
          expectEqualPaths(encoder.codingPath, [], "Top-level Encoder's codingPath changed.")
          expectEqualPaths(topLevelContainer.codingPath, [], "New first-level keyed container has non-empty codingPath.")

          let superEncoder = topLevelContainer.superEncoder(forKey: .a)
          expectEqualPaths(encoder.codingPath, [], "Top-level Encoder's codingPath changed.")
          expectEqualPaths(topLevelContainer.codingPath, [], "First-level keyed container's codingPath changed.")
          expectEqualPaths(superEncoder.codingPath, [TopLevelCodingKeys.a], "New superEncoder had unexpected codingPath.")
          _testNestedContainers(in: superEncoder, baseCodingPath: [TopLevelCodingKeys.a])
        } else {
          _testNestedContainers(in: encoder, baseCodingPath: [])
        }
      }

      func _testNestedContainers(in encoder: Encoder, baseCodingPath: [CodingKey]) {
        expectEqualPaths(encoder.codingPath, baseCodingPath, "New encoder has non-empty codingPath.")

        // codingPath should not change upon fetching a non-nested container.
        var firstLevelContainer = encoder.container(keyedBy: TopLevelCodingKeys.self)
        expectEqualPaths(encoder.codingPath, baseCodingPath, "Top-level Encoder's codingPath changed.")
        expectEqualPaths(firstLevelContainer.codingPath, baseCodingPath, "New first-level keyed container has non-empty codingPath.")

        // Nested Keyed Container
        do {
          // Nested container for key should have a new key pushed on.
          var secondLevelContainer = firstLevelContainer.nestedContainer(keyedBy: IntermediateCodingKeys.self, forKey: .a)
          expectEqualPaths(encoder.codingPath, baseCodingPath, "Top-level Encoder's codingPath changed.")
          expectEqualPaths(firstLevelContainer.codingPath, baseCodingPath, "First-level keyed container's codingPath changed.")
          expectEqualPaths(secondLevelContainer.codingPath, baseCodingPath + [TopLevelCodingKeys.a], "New second-level keyed container had unexpected codingPath.")

          // Inserting a keyed container should not change existing coding paths.
          let thirdLevelContainerKeyed = secondLevelContainer.nestedContainer(keyedBy: IntermediateCodingKeys.self, forKey: .one)
          expectEqualPaths(encoder.codingPath, baseCodingPath, "Top-level Encoder's codingPath changed.")
          expectEqualPaths(firstLevelContainer.codingPath, baseCodingPath, "First-level keyed container's codingPath changed.")
          expectEqualPaths(secondLevelContainer.codingPath, baseCodingPath + [TopLevelCodingKeys.a], "Second-level keyed container's codingPath changed.")
          expectEqualPaths(thirdLevelContainerKeyed.codingPath, baseCodingPath + [TopLevelCodingKeys.a, IntermediateCodingKeys.one], "New third-level keyed container had unexpected codingPath.")

          // Inserting an unkeyed container should not change existing coding paths.
          let thirdLevelContainerUnkeyed = secondLevelContainer.nestedUnkeyedContainer(forKey: .two)
          expectEqualPaths(encoder.codingPath, baseCodingPath + [], "Top-level Encoder's codingPath changed.")
          expectEqualPaths(firstLevelContainer.codingPath, baseCodingPath + [], "First-level keyed container's codingPath changed.")
          expectEqualPaths(secondLevelContainer.codingPath, baseCodingPath + [TopLevelCodingKeys.a], "Second-level keyed container's codingPath changed.")
          expectEqualPaths(thirdLevelContainerUnkeyed.codingPath, baseCodingPath + [TopLevelCodingKeys.a, IntermediateCodingKeys.two], "New third-level unkeyed container had unexpected codingPath.")
        }

        // Nested Unkeyed Container
        do {
          // Nested container for key should have a new key pushed on.
          var secondLevelContainer = firstLevelContainer.nestedUnkeyedContainer(forKey: .b)
          expectEqualPaths(encoder.codingPath, baseCodingPath, "Top-level Encoder's codingPath changed.")
          expectEqualPaths(firstLevelContainer.codingPath, baseCodingPath, "First-level keyed container's codingPath changed.")
          expectEqualPaths(secondLevelContainer.codingPath, baseCodingPath + [TopLevelCodingKeys.b], "New second-level keyed container had unexpected codingPath.")

          // Appending a keyed container should not change existing coding paths.
          let thirdLevelContainerKeyed = secondLevelContainer.nestedContainer(keyedBy: IntermediateCodingKeys.self)
          expectEqualPaths(encoder.codingPath, baseCodingPath, "Top-level Encoder's codingPath changed.")
          expectEqualPaths(firstLevelContainer.codingPath, baseCodingPath, "First-level keyed container's codingPath changed.")
          expectEqualPaths(secondLevelContainer.codingPath, baseCodingPath + [TopLevelCodingKeys.b], "Second-level unkeyed container's codingPath changed.")
          expectEqualPaths(thirdLevelContainerKeyed.codingPath, baseCodingPath + [TopLevelCodingKeys.b, _TestKey(index: 0)], "New third-level keyed container had unexpected codingPath.")

          // Appending an unkeyed container should not change existing coding paths.
          let thirdLevelContainerUnkeyed = secondLevelContainer.nestedUnkeyedContainer()
          expectEqualPaths(encoder.codingPath, baseCodingPath, "Top-level Encoder's codingPath changed.")
          expectEqualPaths(firstLevelContainer.codingPath, baseCodingPath, "First-level keyed container's codingPath changed.")
          expectEqualPaths(secondLevelContainer.codingPath, baseCodingPath + [TopLevelCodingKeys.b], "Second-level unkeyed container's codingPath changed.")
          expectEqualPaths(thirdLevelContainerUnkeyed.codingPath, baseCodingPath + [TopLevelCodingKeys.b, _TestKey(index: 1)], "New third-level unkeyed container had unexpected codingPath.")
        }
      }
    }

    struct CodableTypeWithConfiguration : CodableWithConfiguration, Equatable {
        struct Config {
            let num: Int
            
            init(_ num: Int) {
                self.num = num
            }
        }
        
        struct ConfigProviding : EncodingConfigurationProviding, DecodingConfigurationProviding {
            static var encodingConfiguration: Config { Config(2) }
            static var decodingConfiguration: Config { Config(2) }
        }
        
        typealias EncodingConfiguration = Config
        typealias DecodingConfiguration = Config
        
        static let testValue = Self(3)
        
        let num: Int
        
        init(_ num: Int) {
            self.num = num
        }
        
        func encode(to encoder: Encoder, configuration: Config) throws {
            var container = encoder.singleValueContainer()
            try container.encode(num + configuration.num)
        }
        
        init(from decoder: Decoder, configuration: Config) throws {
            let container = try decoder.singleValueContainer()
            num = try container.decode(Int.self) - configuration.num
        }
    }

    // MARK: - Helper Types

    /// A key type which can take on any string or integer value.
    /// This needs to mirror _CodingKey.
    struct _TestKey : CodingKey {
      var stringValue: String
      var intValue: Int?

      init?(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
      }

      init?(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
      }

      init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
      }
    }

    struct FloatNaNPlaceholder : Codable, Equatable {
      init() {}

      func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Float.nan)
      }

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let float = try container.decode(Float.self)
        if !float.isNaN {
          throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Couldn't decode NaN."))
        }
      }

      static func ==(_ lhs: FloatNaNPlaceholder, _ rhs: FloatNaNPlaceholder) -> Bool {
        return true
      }
    }

    struct DoubleNaNPlaceholder : Codable, Equatable {
      init() {}

      func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Double.nan)
      }

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let double = try container.decode(Double.self)
        if !double.isNaN {
          throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Couldn't decode NaN."))
        }
      }

      static func ==(_ lhs: DoubleNaNPlaceholder, _ rhs: DoubleNaNPlaceholder) -> Bool {
        return true
      }
    }

    protocol DecodeIfPresentAllTypesConfig {
        static var useKeyed: Bool { get }
        static var encodeNulls: Bool { get }
    }
    struct UseKeyed: DecodeIfPresentAllTypesConfig {
        static let useKeyed = true
        static let encodeNulls = true
    }
    struct UseUnkeyed: DecodeIfPresentAllTypesConfig {
        static let useKeyed = false
        static let encodeNulls = true
    }
    typealias KeyedEncodeWithNulls = UseKeyed
    typealias UnkeyedEncodeWithNulls = UseUnkeyed
    struct KeyedEncodeWithoutNulls: DecodeIfPresentAllTypesConfig {
        static let useKeyed = true
        static let encodeNulls = false
    }
    struct UnkeyedEncodeWithoutNulls: DecodeIfPresentAllTypesConfig {
        static let useKeyed = false
        static let encodeNulls = false
    }

    struct DecodeIfPresentAllTypes<Config: DecodeIfPresentAllTypesConfig>: Codable, Equatable {
        let bool: Bool?
        let string: String?
        let i: Int?
        let i8: Int8?
        let i16: Int16?
        let i32: Int32?
        let i64: Int64?
        let u: UInt?
        let u8: UInt8?
        let u16: UInt16?
        let u32: UInt32?
        let u64: UInt64?
        let float: Float?
        let double: Double?
        let other: [Int]?

        init(bool: Bool?, string: String?, i: Int?, i8: Int8?, i16: Int16?, i32: Int32?, i64: Int64?, u: UInt?, u8: UInt8?, u16: UInt16?, u32: UInt32?, u64: UInt64?, float: Float?, double: Double?, other: [Int]?) {
            self.bool = bool
            self.string = string
            self.i = i
            self.i8 = i8
            self.i16 = i16
            self.i32 = i32
            self.i64 = i64
            self.u = u
            self.u8 = u8
            self.u16 = u16
            self.u32 = u32
            self.u64 = u64
            self.float = float
            self.double = double
            self.other = other
        }

        enum CodingKeys: String, CodingKey {
            case bool
            case string
            case i
            case i8
            case i16
            case i32
            case i64
            case u
            case u8
            case u16
            case u32
            case u64
            case float
            case double
            case other
        }

        func encode(to encoder: Encoder) throws {
            switch (Config.useKeyed, Config.encodeNulls) {
            case (true, true):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(bool, forKey: .bool)
                try container.encode(string, forKey: .string)
                try container.encode(i, forKey: .i)
                try container.encode(i8, forKey: .i8)
                try container.encode(i16, forKey: .i16)
                try container.encode(i32, forKey: .i32)
                try container.encode(i64, forKey: .i64)
                try container.encode(u, forKey: .u)
                try container.encode(u8, forKey: .u8)
                try container.encode(u16, forKey: .u16)
                try container.encode(u32, forKey: .u32)
                try container.encode(u64, forKey: .u64)
                try container.encode(float, forKey: .float)
                try container.encode(double, forKey: .double)
                try container.encode(other, forKey: .other)
            case (true, false):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(bool, forKey: .bool)
                try container.encodeIfPresent(string, forKey: .string)
                try container.encodeIfPresent(i, forKey: .i)
                try container.encodeIfPresent(i8, forKey: .i8)
                try container.encodeIfPresent(i16, forKey: .i16)
                try container.encodeIfPresent(i32, forKey: .i32)
                try container.encodeIfPresent(i64, forKey: .i64)
                try container.encodeIfPresent(u, forKey: .u)
                try container.encodeIfPresent(u8, forKey: .u8)
                try container.encodeIfPresent(u16, forKey: .u16)
                try container.encodeIfPresent(u32, forKey: .u32)
                try container.encodeIfPresent(u64, forKey: .u64)
                try container.encodeIfPresent(float, forKey: .float)
                try container.encodeIfPresent(double, forKey: .double)
                try container.encodeIfPresent(other, forKey: .other)
            case (false, true):
                var container = encoder.unkeyedContainer()
                try container.encode(bool)
                try container.encode(string)
                try container.encode(i)
                try container.encode(i8)
                try container.encode(i16)
                try container.encode(i32)
                try container.encode(i64)
                try container.encode(u)
                try container.encode(u8)
                try container.encode(u16)
                try container.encode(u32)
                try container.encode(u64)
                try container.encode(float)
                try container.encode(double)
                try container.encode(other)
            case (false, false):
                var container = encoder.unkeyedContainer()
                if let bool { try container.encode(bool) }
                if let string { try container.encode(string) }
                if let i { try container.encode(i) }
                if let i8 { try container.encode(i8) }
                if let i16 { try container.encode(i16) }
                if let i32 { try container.encode(i32) }
                if let i64 { try container.encode(i64) }
                if let u { try container.encode(u) }
                if let u8 { try container.encode(u8) }
                if let u16 { try container.encode(u16) }
                if let u32 { try container.encode(u32) }
                if let u64 { try container.encode(u64) }
                if let float { try container.encode(float) }
                if let double { try container.encode(double) }
                if let other { try container.encode(other) }
            }
        }

        init(from decoder: Decoder) throws {
            switch Config.useKeyed {
            case true:
                let container = try decoder.container(keyedBy: CodingKeys.self)
                bool = try container.decodeIfPresent(Bool.self, forKey: .bool)
                string = try container.decodeIfPresent(String.self, forKey: .string)
                i = try container.decodeIfPresent(Int.self, forKey: .i)
                i8 = try container.decodeIfPresent(Int8.self, forKey: .i8)
                i16 = try container.decodeIfPresent(Int16.self, forKey: .i16)
                i32 = try container.decodeIfPresent(Int32.self, forKey: .i32)
                i64 = try container.decodeIfPresent(Int64.self, forKey: .i64)
                u = try container.decodeIfPresent(UInt.self, forKey: .u)
                u8 = try container.decodeIfPresent(UInt8.self, forKey: .u8)
                u16 = try container.decodeIfPresent(UInt16.self, forKey: .u16)
                u32 = try container.decodeIfPresent(UInt32.self, forKey: .u32)
                u64 = try container.decodeIfPresent(UInt64.self, forKey: .u64)
                float = try container.decodeIfPresent(Float.self, forKey: .float)
                double = try container.decodeIfPresent(Double.self, forKey: .double)
                other = try container.decodeIfPresent([Int].self, forKey: .other)
            case false:
                var container = try decoder.unkeyedContainer()
                bool = try container.decodeIfPresent(Bool.self)
                string = try container.decodeIfPresent(String.self)
                i = try container.decodeIfPresent(Int.self)
                i8 = try container.decodeIfPresent(Int8.self)
                i16 = try container.decodeIfPresent(Int16.self)
                i32 = try container.decodeIfPresent(Int32.self)
                i64 = try container.decodeIfPresent(Int64.self)
                u = try container.decodeIfPresent(UInt.self)
                u8 = try container.decodeIfPresent(UInt8.self)
                u16 = try container.decodeIfPresent(UInt16.self)
                u32 = try container.decodeIfPresent(UInt32.self)
                u64 = try container.decodeIfPresent(UInt64.self)
                float = try container.decodeIfPresent(Float.self)
                double = try container.decodeIfPresent(Double.self)
                other = try container.decodeIfPresent([Int].self)
            }
        }

        static var allOnes: Self { .init(bool: true, string: "1", i: 1, i8: 1, i16: 1, i32: 1, i64: 1, u: 1, u8: 1, u16: 1, u32: 1, u64: 1, float: 1, double: 1, other: [1]) }
        static var allNils: Self { .init(bool: nil, string: nil, i: nil, i8: nil, i16: nil, i32: nil, i64: nil, u: nil, u8: nil, u16: nil, u32: nil, u64: nil, float: nil, double: nil, other: nil) }
    }

    enum EitherDecodable<T : Decodable, U : Decodable> : Decodable {
      case t(T)
      case u(U)

      init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
          self = .t(try container.decode(T.self))
        } catch {
          self = .u(try container.decode(U.self))
        }
      }
    }

    struct NullReader : Decodable, Equatable {
        enum NullError : String, Error {
            case expectedNull = "Expected a null value"
        }
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            guard c.decodeNil() else {
                throw NullError.expectedNull
            }
        }
    }

    enum JSONPass { }














    enum JSONFail {
        typealias Test1 = String
        typealias Test2 = [String]
        typealias Test3 = [String:String]
        typealias Test4 = [String]
        typealias Test5 = [String]
        typealias Test6 = [String]
        typealias Test7 = [String]
        typealias Test8 = [String]
        typealias Test9 = [String]
        typealias Test10 = [String:Bool]
        typealias Test11 = [String:Int]
        typealias Test12 = [String:String]
        typealias Test13 = [String:Int]
        typealias Test14 = [String:Int]
        typealias Test15 = [String]
        typealias Test16 = [String]
        typealias Test17 = [String]
        typealias Test18 = [String]
        typealias Test19 = [String:String?]
        typealias Test21 = [String:String?]
        typealias Test22 = [String]
        typealias Test23 = [String]
        typealias Test24 = [String]
        typealias Test25 = [String]
        typealias Test26 = [String]
        typealias Test27 = [String]
        typealias Test28 = [String]
        typealias Test29 = [Float]
        typealias Test30 = [Float]
        typealias Test31 = [Float]
        typealias Test32 = [String:Bool]
        typealias Test33 = [String]
        typealias Test34 = [String]
        typealias Test35 = [String:String]
        typealias Test36 = [String:Int]
        typealias Test37 = [String:Int]
        typealias Test38 = [String:Float]
        typealias Test39 = [String:String]
        typealias Test40 = [String:String]
        typealias Test41 = [String:String]
    }

    enum JSON5Pass { }






    enum JSON5Spec { }


}

extension FoundationSuiteTests.JSONPass {
    struct Test1: Codable, Equatable {
        let glossary: Glossary

        struct Glossary: Codable, Equatable {
            let title: String
            let glossDiv: GlossDiv

            enum CodingKeys: String, CodingKey {
                case title
                case glossDiv = "GlossDiv"
            }
        }

        struct GlossDiv: Codable, Equatable {
            let title: String
            let glossList: GlossList

            enum CodingKeys: String, CodingKey {
                case title
                case glossList = "GlossList"
            }
        }

        struct GlossList: Codable, Equatable {
            let glossEntry: GlossEntry

            enum CodingKeys: String, CodingKey {
                case glossEntry = "GlossEntry"
            }
        }

        struct GlossEntry: Codable, Equatable {
            let id, sortAs, glossTerm, acronym: String
            let abbrev: String
            let glossDef: GlossDef
            let glossSee: String

            enum CodingKeys: String, CodingKey {
                case id = "ID"
                case sortAs = "SortAs"
                case glossTerm = "GlossTerm"
                case acronym = "Acronym"
                case abbrev = "Abbrev"
                case glossDef = "GlossDef"
                case glossSee = "GlossSee"
            }
        }

        struct GlossDef: Codable, Equatable {
            let para: String
            let glossSeeAlso: [String]

            enum CodingKeys: String, CodingKey {
                case para
                case glossSeeAlso = "GlossSeeAlso"
            }
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    struct Test2: Codable, Equatable {
        let menu: Menu

        struct Menu: Codable, Equatable {
            let id, value: String
            let popup: Popup
        }

        struct Popup: Codable, Equatable {
            let menuitem: [Menuitem]
        }

        struct Menuitem: Codable, Equatable {
            let value, onclick: String
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    struct Test3: Codable, Equatable {
        let widget: Widget

        struct Widget: Codable, Equatable {
            let debug: String
            let window: Window
            let image: Image
            let text: Text
        }

        struct Image: Codable, Equatable {
            let src, name: String
            let hOffset, vOffset: Int
            let alignment: String
        }

        struct Text: Codable, Equatable {
            let data: String
            let size: Int
            let style, name: String
            let hOffset, vOffset: Int
            let alignment, onMouseUp: String
        }

        struct Window: Codable, Equatable {
            let title, name: String
            let width, height: Int
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    struct Test4: Codable, Equatable {
        let webApp: WebApp

        enum CodingKeys: String, CodingKey {
            case webApp = "web-app"
        }

        struct WebApp: Codable, Equatable {
            let servlet: [Servlet]
            let servletMapping: ServletMapping
            let taglib: Taglib

            enum CodingKeys: String, CodingKey {
                case servlet
                case servletMapping = "servlet-mapping"
                case taglib
            }
        }

        struct Servlet: Codable, Equatable {
            let servletName, servletClass: String
            let initParam: InitParam?

            enum CodingKeys: String, CodingKey {
                case servletName = "servlet-name"
                case servletClass = "servlet-class"
                case initParam = "init-param"
            }
        }

        struct InitParam: Codable, Equatable {
            let configGlossaryInstallationAt, configGlossaryAdminEmail, configGlossaryPoweredBy, configGlossaryPoweredByIcon: String?
            let configGlossaryStaticPath, templateProcessorClass, templateLoaderClass, templatePath: String?
            let templateOverridePath, defaultListTemplate, defaultFileTemplate: String?
            let useJSP: Bool?
            let jspListTemplate, jspFileTemplate: String?
            let cachePackageTagsTrack, cachePackageTagsStore, cachePackageTagsRefresh, cacheTemplatesTrack: Int?
            let cacheTemplatesStore, cacheTemplatesRefresh, cachePagesTrack, cachePagesStore: Int?
            let cachePagesRefresh, cachePagesDirtyRead: Int?
            let searchEngineListTemplate, searchEngineFileTemplate, searchEngineRobotsDB: String?
            let useDataStore: Bool?
            let dataStoreClass, redirectionClass, dataStoreName, dataStoreDriver: String?
            let dataStoreURL, dataStoreUser, dataStorePassword, dataStoreTestQuery: String?
            let dataStoreLogFile: String?
            let dataStoreInitConns, dataStoreMaxConns, dataStoreConnUsageLimit: Int?
            let dataStoreLogLevel: String?
            let maxURLLength: Int?
            let mailHost, mailHostOverride: String?
            let log: Int?
            let logLocation, logMaxSize: String?
            let dataLog: Int?
            let dataLogLocation, dataLogMaxSize, removePageCache, removeTemplateCache: String?
            let fileTransferFolder: String?
            let lookInContext, adminGroupID: Int?
            let betaServer: Bool?

            enum CodingKeys: String, CodingKey {
                case configGlossaryInstallationAt
                case configGlossaryAdminEmail
                case configGlossaryPoweredBy
                case configGlossaryPoweredByIcon
                case configGlossaryStaticPath
                case templateProcessorClass, templateLoaderClass, templatePath, templateOverridePath, defaultListTemplate, defaultFileTemplate, useJSP, jspListTemplate, jspFileTemplate, cachePackageTagsTrack, cachePackageTagsStore, cachePackageTagsRefresh, cacheTemplatesTrack, cacheTemplatesStore, cacheTemplatesRefresh, cachePagesTrack, cachePagesStore, cachePagesRefresh, cachePagesDirtyRead, searchEngineListTemplate, searchEngineFileTemplate
                case searchEngineRobotsDB
                case useDataStore, dataStoreClass, redirectionClass, dataStoreName, dataStoreDriver
                case dataStoreURL
                case dataStoreUser, dataStorePassword, dataStoreTestQuery, dataStoreLogFile, dataStoreInitConns, dataStoreMaxConns, dataStoreConnUsageLimit, dataStoreLogLevel
                case maxURLLength
                case mailHost, mailHostOverride, log, logLocation, logMaxSize, dataLog, dataLogLocation, dataLogMaxSize, removePageCache, removeTemplateCache, fileTransferFolder, lookInContext, adminGroupID, betaServer
            }
        }

        struct ServletMapping: Codable, Equatable {
            let cofaxCDS, cofaxEmail, cofaxAdmin, fileServlet: String
            let cofaxTools: String
        }

        struct Taglib: Codable, Equatable {
            let taglibURI, taglibLocation: String

            enum CodingKeys: String, CodingKey {
                case taglibURI = "taglib-uri"
                case taglibLocation = "taglib-location"
            }
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    struct Test5: Codable, Equatable {
        let image: Image

        enum CodingKeys: String, CodingKey {
            case image = "Image"
        }

        struct Image: Codable, Equatable {
            let width, height: Int
            let title: String
            let thumbnail: Thumbnail
            let ids: [Int]

            enum CodingKeys: String,  CodingKey {
                case width = "Width"
                case height = "Height"
                case title = "Title"
                case thumbnail = "Thumbnail"
                case ids = "IDs"
            }
        }

        struct Thumbnail: Codable, Equatable {
            let url: String
            let height: Int
            let width: String

            enum CodingKeys: String, CodingKey {
                case url = "Url"
                case height = "Height"
                case width = "Width"
            }
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    typealias Test6 = [Test6Element]

    struct Test6Element: Codable, Equatable {
        let precision: String
        let latitude, longitude: Double
        let address, city, state, zip: String
        let country: String

        enum CodingKeys: String, CodingKey {
            case precision
            case latitude = "Latitude"
            case longitude = "Longitude"
            case address = "Address"
            case city = "City"
            case state = "State"
            case zip = "Zip"
            case country = "Country"
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            guard lhs.precision == rhs.precision, lhs.address == rhs.address, lhs.city == rhs.city, lhs.zip == rhs.zip, lhs.country == rhs.country else {
                return false
            }
            guard fabs(lhs.longitude - rhs.longitude) <= 1e-10 else {
                return false
            }
            guard fabs(lhs.latitude - rhs.latitude) <= 1e-10 else {
                return false
            }
            return true
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    struct Test7: Codable, Equatable {
        let menu: Menu

        struct Menu: Codable, Equatable {
            let header: String
            let items: [Item]
        }

        struct Item: Codable, Equatable {
            let id: String
            let label: String?
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    typealias Test8 = [[[[[[[[[[[[[[[[[[[String]]]]]]]]]]]]]]]]]]]
}
extension FoundationSuiteTests.JSONPass {
    struct Test9: Codable, Equatable {
        let objects : [AnyHashable]

        init(from decoder: Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var decodedObjects = [AnyHashable]()

            decodedObjects.append(try container.decode(String.self))
            decodedObjects.append(try container.decode([String:[String]].self))
            decodedObjects.append(try container.decode([String:String].self))
            decodedObjects.append(try container.decode([String].self))
            decodedObjects.append(try container.decode(Int.self))
            decodedObjects.append(try container.decode(Bool.self))
            decodedObjects.append(try container.decode(Bool.self))
            if try container.decodeNil() {
                decodedObjects.append("<null>")
            }
            decodedObjects.append(try container.decode(SpecialCases.self))
            decodedObjects.append(try container.decode(Float.self))
            decodedObjects.append(try container.decode(Float.self))
            decodedObjects.append(try container.decode(Float.self))
            decodedObjects.append(try container.decode(Int.self))
            decodedObjects.append(try container.decode(Double.self))
            decodedObjects.append(try container.decode(Double.self))
            decodedObjects.append(try container.decode(Double.self))
            decodedObjects.append(try container.decode(Double.self))
            decodedObjects.append(try container.decode(Double.self))
            decodedObjects.append(try container.decode(Double.self))
            decodedObjects.append(try container.decode(String.self))

            self.objects = decodedObjects
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()

            try container.encode(objects[ 0] as! String)
            try container.encode(objects[ 1] as! [String:[String]])
            try container.encode(objects[ 2] as! [String:String])
            try container.encode(objects[ 3] as! [String])
            try container.encode(objects[ 4] as! Int)
            try container.encode(objects[ 5] as! Bool)
            try container.encode(objects[ 6] as! Bool)
            try container.encodeNil()
            try container.encode(objects[ 8] as! SpecialCases)
            try container.encode(objects[ 9] as! Float)
            try container.encode(objects[10] as! Float)
            try container.encode(objects[11] as! Float)
            try container.encode(objects[12] as! Int)
            try container.encode(objects[13] as! Double)
            try container.encode(objects[14] as! Double)
            try container.encode(objects[15] as! Double)
            try container.encode(objects[16] as! Double)
            try container.encode(objects[17] as! Double)
            try container.encode(objects[18] as! Double)
            try container.encode(objects[19] as! String)
        }

        struct SpecialCases : Codable, Hashable {
            let integer : UInt64
            let real : Double
            let e : Double
            let E : Double
            let empty_key : Double
            let zero : UInt8
            let one : UInt8
            let space : String
            let quote : String
            let backslash : String
            let controls : String
            let slash : String
            let alpha : String
            let ALPHA : String
            let digit : String
            let _0123456789 : String
            let special : String
            let hex: String
            let `true` : Bool
            let `false` : Bool
            let null : Bool?
            let array : [String]
            let object : [String:String]
            let address : String
            let url : URL
            let comment : String
            let special_sequences_key : String
            let spaced : [Int]
            let compact : [Int]
            let jsontext : String
            let quotes : String
            let escapedKey : String

            enum CodingKeys: String, CodingKey {
                case integer
                case real
                case e
                case E
                case empty_key = ""
                case zero
                case one
                case space
                case quote
                case backslash
                case controls
                case slash
                case alpha
                case ALPHA
                case digit
                case _0123456789 = "0123456789"
                case special
                case hex
                case `true`
                case `false`
                case null
                case array
                case object
                case address
                case url
                case comment
                case special_sequences_key = "# -- --> */"
                case spaced = " s p a c e d "
                case compact
                case jsontext
                case quotes
                case escapedKey = "/\\\"\u{CAFE}\u{BABE}\u{AB98}\u{FCDE}\u{bcda}\u{ef4A}\u{08}\u{0C}\n\r\t`1~!@#$%^&*()_+-=[]{}|;:',./<>?"
            }
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    typealias Test10 = [String:[String:String]]
    typealias Test11 = [String:String]
}
extension FoundationSuiteTests.JSONPass {
    struct Test12: Codable, Equatable {
        let query: Query

        struct Query: Codable, Equatable {
            let pages: Pages
        }

        struct Pages: Codable, Equatable {
            let the80348: The80348

            enum CodingKeys: String, CodingKey {
                case the80348 = "80348"
            }
        }

        struct The80348: Codable, Equatable {
            let pageid, ns: Int
            let title: String
            let langlinks: [Langlink]
        }

        struct Langlink: Codable, Equatable {
            let lang, asterisk: String

            enum CodingKeys: String, CodingKey {
                case lang
                case asterisk = "*"
            }
        }
    }
}
extension FoundationSuiteTests.JSONPass {
    typealias Test13 = [String:Int]
    typealias Test14 = [String:[String:[String:String]]]
}
extension FoundationSuiteTests.JSONPass {
    struct Test15: Codable, Equatable {
        let attached: Bool
        let klass: String
        let errors: [String:[String]]
        let gid: Int
        let id: ID
        let mpid, name: String
        let properties: Properties
        let state: State
        let type: String
        let version: Int

        enum CodingKeys: String, CodingKey {
            case attached
            case klass = "class"
            case errors, gid, id, mpid, name, properties, state, type, version
        }

        struct ID: Codable, Equatable {
            let klass: String
            let inc: Int
            let machine: Int
            let new: Bool
            let time: UInt64
            let timeSecond: UInt64

            enum CodingKeys: String, CodingKey {
                case klass = "class"
                case inc, machine, new, time, timeSecond
            }
        }

        class Properties: Codable, Equatable {
            let mpid, type: String
            let dbo: DBO?
            let gid: Int
            let name: String?
            let state: State?
            let apiTimestamp: String?
            let gatewayTimestamp: String?
            let eventData: [String:Float]?

            static func == (lhs: Properties, rhs: Properties) -> Bool {
                return lhs.mpid == rhs.mpid && lhs.type == rhs.type && lhs.dbo == rhs.dbo && lhs.gid == rhs.gid && lhs.name == rhs.name && lhs.state == rhs.state && lhs.apiTimestamp == rhs.apiTimestamp && lhs.gatewayTimestamp == rhs.gatewayTimestamp && lhs.eventData == rhs.eventData
            }
        }

        struct DBO: Codable, Equatable {
            let id: ID
            let gid: Int
            let mpid: String
            let name: String
            let type: String
            let version: Int

            enum CodingKeys: String, CodingKey {
                case id = "_id"
                case gid, mpid, name, type, version
            }
        }

        struct State: Codable, Equatable {
            let apiTimestamp: String
            let attached: Bool
            let klass : String
            let errors: [String:[String]]
            let eventData: [String:Float]
            let gatewayTimestamp: String
            let gid: Int
            let id: ID
            let mpid: String
            let properties: Properties
            let type: String
            let version: Int?

            enum CodingKeys: String, CodingKey {
                case apiTimestamp, attached
                case klass = "class"
                case errors, eventData, gatewayTimestamp, gid, id, mpid, properties, type, version
            }
        }
    }
}
extension FoundationSuiteTests.JSON5Pass {
    struct Example : Codable, Equatable {
        let unquoted: String
        let singleQuotes: String
        let lineBreaks: String
        let hexadecimal: UInt
        let leadingDecimalPoint: Double
        let andTrailing: Double
        let positiveSign: Int
        let trailingComma: String
        let andIn: [String]
        let backwardsCompatible: String
    }
}
extension FoundationSuiteTests.JSON5Pass {
    struct Hex : Codable, Equatable {
        let `in`: [Int]
        let out: [Int]
    }
}
extension FoundationSuiteTests.JSON5Pass {
    struct Numbers : Codable, Equatable {
        let a: Double
        let b: Double
        let c: Double
        let d: Int
    }
}
extension FoundationSuiteTests.JSON5Pass {
    struct Strings : Codable, Equatable {
        let Hello: String
        let Hello2: String
        let Hello3: String
        let hex1: String
        let hex2: String
    }
}
extension FoundationSuiteTests.JSON5Pass {
    struct Whitespace : Codable, Equatable {
        let Hello: String
    }
}
extension FoundationSuiteTests.JSON5Spec {
    struct NPMPackage: Codable {
        let name: String
        let publishConfig: PublishConfig
        let `description`: String
        let keywords: [String]
        let version: String
        let preferGlobal: Bool
        let config: Config
        let homepage: String
        let author: String
        let repository: Repository
        let bugs: Bugs
        let directories: [String:String]
        let main, bin: String
        let dependencies: [String:String]
        let bundleDependencies: [String]
        let devDependencies: [String:String]
        let engines: [String:String]
        let scripts: [String:String]
        let licenses: [License]

        struct PublishConfig: Codable {
            let proprietaryAttribs: Bool

            enum CodingKeys: String, CodingKey {
                case proprietaryAttribs = "proprietary-attribs"
            }
        }

        struct Config: Codable {
            let publishtest: Bool
        }

        struct Repository: Codable {
            let type: String
            let url: String
        }

        struct Bugs: Codable {
            let email: String
            let url: String
        }

        struct License: Codable {
            let type: String
            let url: String
        }
    }
}
extension FoundationSuiteTests.JSON5Spec {
    struct ReadmeExample: Codable {
        let foo: String
        let `while`: Bool
        let this: String
        let here: String
        let hex: UInt
        let half: Double
        let delta: Int
        let to: Double
        let finally: String
        let oh: [String]
    }
}