/// The value a ``Default`` property takes when its key is missing or `null`.
///
/// ```swift
/// enum Zero: DefaultValue { static var defaultValue: Int { 0 } }
/// ```
public protocol DefaultValue {
    associatedtype Value: Codable
    static var defaultValue: Value { get }
}

/// A property that takes a default when its key is missing or `null`, with
/// any `Decoder` (and is recorded in a ``DecodingReport``). On a type that
/// uses `@JSONCodable`, write `@Defaulted(value)` instead: it needs no
/// provider type and keeps the property's own type.
///
/// ```swift
/// enum EmptyName: DefaultValue { static var defaultValue: String { "" } }
/// struct User: Codable {
///     var id: Int
///     @Default<EmptyName> var name: String
/// }
/// ```
@propertyWrapper
public struct Default<Provider: DefaultValue>: Codable {
    /// The decoded or default value.
    public var wrappedValue: Provider.Value

    /// Wraps a value.
    public init(wrappedValue: Provider.Value = Provider.defaultValue) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the value; `null` takes the default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            ReportCollector.current?.recordDefault(path: decoder.codingPath, null: true)
            wrappedValue = Provider.defaultValue
        } else {
            wrappedValue = try container.decode(Provider.Value.self)
        }
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Default: Equatable where Provider.Value: Equatable {}
extension Default: Hashable where Provider.Value: Hashable {}
extension Default: Sendable where Provider.Value: Sendable {}

extension KeyedDecodingContainer {
    /// A missing key gives a ``Default`` property its default.
    public func decode<Provider>(_ type: Default<Provider>.Type, forKey key: Key) throws -> Default<Provider> {
        if let value = try decodeIfPresent(type, forKey: key) { return value }
        ReportCollector.current?.recordDefault(path: codingPath + [key], null: false)
        return Default(wrappedValue: Provider.defaultValue)
    }
}

/// An array property that leaves out elements that fail to decode (each
/// recorded in a ``DecodingReport``) instead of failing the whole model.
/// On a type that uses `@JSONCodable`, write `@LossyDecoding` instead: it
/// also takes dictionaries and keeps the property's own type.
///
/// ```swift
/// struct Feed: Codable {
///     @Lossy var items: [Item]
/// }
/// ```
@propertyWrapper
public struct Lossy<Element: Codable>: Codable {
    /// The elements that decoded.
    public var wrappedValue: [Element]

    /// Wraps an array.
    public init(wrappedValue: [Element]) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes every element that can be decoded, and skips the others.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            let position = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch {
                _ = try container.decode(SkippedElement.self)
                ReportCollector.current?.recordDrop(path: decoder.codingPath + [IndexKey(intValue: position)], error)
            }
        }
        wrappedValue = elements
    }

    /// Encodes the elements.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension Lossy: Equatable where Element: Equatable {}
extension Lossy: Hashable where Element: Hashable {}
extension Lossy: Sendable where Element: Sendable {}

extension KeyedDecodingContainer {
    /// A missing or `null` ``Lossy`` array is empty.
    public func decode<Element>(_ type: Lossy<Element>.Type, forKey key: Key) throws -> Lossy<Element> {
        try decodeIfPresent(type, forKey: key) ?? Lossy(wrappedValue: [])
    }
}

/// Decodes anything, so that an unkeyed container moves past an element.
private struct SkippedElement: Decodable {
    init(from decoder: any Decoder) throws {}
}
