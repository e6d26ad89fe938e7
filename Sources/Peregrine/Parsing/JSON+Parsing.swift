#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSON {
    /// Parses UTF-8 JSON bytes into a value.
    ///
    /// ```swift
    /// let value = try JSON(parsing: Array(#"{"id": 1}"#.utf8))
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: [UInt8], options: ParseOptions = .init()) throws(ParseError) {
        self = try bytes.withUnsafeBufferPointer { buffer throws(ParseError) in
            try JSON.parse(buffer, options: options)
        }
    }

    /// Parses JSON text.
    ///
    /// ```swift
    /// let value = try JSON(parsing: #"[1, 2.5, "three"]"#)
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing text: String, options: ParseOptions = .init()) throws(ParseError) {
        var text = text
        self = try text.withUTF8 { buffer in
            Result { () throws(ParseError) in try JSON.parse(buffer, options: options) }
        }.get()
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
        var text = text
        self = try text.withUTF8 { buffer in
            Result { () throws(ParseError) in try JSON.parse(buffer, options: options) }
        }.get()
    }

    /// Parses UTF-8 JSON bytes in memory you own, without copying them.
    ///
    /// ```swift
    /// let value = try bytes.withUnsafeBytes { try JSON(parsing: $0) }
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: UnsafeRawBufferPointer, options: ParseOptions = .init()) throws(ParseError) {
        self = try JSON.parse(bytes.assumingMemoryBound(to: UInt8.self), options: options)
    }

    /// Parses UTF-8 JSON bytes from `Data` or any other contiguous storage.
    ///
    /// ```swift
    /// let value = try JSON(parsing: try Data(contentsOf: url))
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: some ContiguousBytes, options: ParseOptions = .init()) throws(ParseError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ParseError) in
                try JSON.parse(buffer.assumingMemoryBound(to: UInt8.self), options: options)
            }
        }
        self = try result.get()
    }

    private static func parse(
        _ input: UnsafeBufferPointer<UInt8>, options: ParseOptions
    ) throws(ParseError) -> JSON {
        var parser = Parser(options: options)
        return try parser.parse(input)
    }
}
