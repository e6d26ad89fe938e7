#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One-shot parsing into a value. Each initializer parses as a new
/// ``JSON/Parser`` would, with the buffers of the thread's last one-shot
/// parse (at most about 290 KiB a thread, kept while the thread lives or
/// until ``JSON/releaseThreadParseBuffers()``; see `SpareParser`), because
/// a new parser's allocations are a large part of parsing a small document.
/// An input of 4 MiB or more that holds an array or object is built one
/// value at a time, so its parse needs little memory beyond the value it
/// returns.
extension JSON {
    /// Parses UTF-8 JSON bytes into a value.
    ///
    /// ```swift
    /// let value = try JSON(parsing: Array(#"{"id": 1}"#.utf8))
    /// ```
    ///
    /// Each thread keeps the buffers of its last one-shot parse for the
    /// next: a tape of at most 64 KiB, up to 512 object keys of at most 128
    /// bytes and the key lists of 8 objects, freed when the thread ends or
    /// by ``JSON/releaseThreadParseBuffers()``. No result depends on them.
    /// A ``JSON/Parser`` of your own keeps them where you choose instead.
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: [UInt8], options: ParseOptions = .init()) throws(ParseError) {
        self = try SpareParser.with(options) { parser throws(ParseError) in try parser.parse(bytes) }
    }

    /// Parses JSON text.
    ///
    /// ```swift
    /// let value = try JSON(parsing: #"[1, 2.5, "three"]"#)
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing text: String, options: ParseOptions = .init()) throws(ParseError) {
        self = try SpareParser.with(options) { parser throws(ParseError) in try parser.parse(text) }
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
        self = try SpareParser.with(options) { parser throws(ParseError) in try parser.parse(text) }
    }

    /// Parses UTF-8 JSON bytes in memory you own, without copying them.
    ///
    /// ```swift
    /// let value = try bytes.withUnsafeBytes { try JSON(parsing: $0) }
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: UnsafeRawBufferPointer, options: ParseOptions = .init()) throws(ParseError) {
        self = try SpareParser.with(options) { parser throws(ParseError) in try parser.parse(bytes) }
    }

    /// Parses UTF-8 JSON bytes from `Data` or any other contiguous storage.
    ///
    /// ```swift
    /// let value = try JSON(parsing: try Data(contentsOf: url))
    /// ```
    ///
    /// - Throws: ``ParseError`` with the kind and position of the first problem.
    public init(parsing bytes: some ContiguousBytes, options: ParseOptions = .init()) throws(ParseError) {
        self = try SpareParser.with(options) { parser throws(ParseError) in try parser.parse(bytes) }
    }
}
