#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One-shot parsing into a value; each initializer is a fresh ``JSON/Parser``.
extension JSON {
    /// Parses UTF-8 JSON bytes into a value.
    ///
    /// ```swift
    /// let value = try JSON(parsing: Array(#"{"id": 1}"#.utf8))
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: [UInt8], options: ParseOptions = .init()) throws(ParseError) {
        var parser = Parser(options: options)
        self = try parser.parse(bytes)
    }

    /// Parses JSON text.
    ///
    /// ```swift
    /// let value = try JSON(parsing: #"[1, 2.5, "three"]"#)
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing text: String, options: ParseOptions = .init()) throws(ParseError) {
        var parser = Parser(options: options)
        self = try parser.parse(text)
    }

    /// Parses JSON text from a substring.
    ///
    /// ```swift
    /// let line = "data: [1, 2]".dropFirst(6)
    /// let value = try JSON(parsing: line)
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing text: Substring, options: ParseOptions = .init()) throws(ParseError) {
        var parser = Parser(options: options)
        self = try parser.parse(text)
    }

    /// Parses UTF-8 JSON bytes in memory you own, without copying them.
    ///
    /// ```swift
    /// let value = try bytes.withUnsafeBytes { try JSON(parsing: $0) }
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: UnsafeRawBufferPointer, options: ParseOptions = .init()) throws(ParseError) {
        var parser = Parser(options: options)
        self = try parser.parse(bytes)
    }

    /// Parses UTF-8 JSON bytes from `Data` or any other contiguous storage.
    ///
    /// ```swift
    /// let value = try JSON(parsing: try Data(contentsOf: url))
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: some ContiguousBytes, options: ParseOptions = .init()) throws(ParseError) {
        var parser = Parser(options: options)
        self = try parser.parse(bytes)
    }
}
