#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSON {
    /// A parsed JSON text kept flat: the input bytes plus a tape of 16-byte
    /// entries, one per value, with no object allocated per value.
    ///
    /// A document is the fastest way to read parts of a payload: strings stay
    /// in the input until asked for, and skipping an array or object is one
    /// jump. Read it through ``root``, or turn it into an owned ``JSON`` value.
    ///
    /// ```swift
    /// let doc = try JSON.Document(parsing: bytes)
    /// let count = doc.root["statuses"].count
    /// let name = doc.root["statuses"][0]["user"]["name"].string
    /// let owned: JSON? = doc.root.value
    /// ```
    ///
    /// Parsing validates the whole input with the same strictness as
    /// ``JSON/init(parsing:options:)-([UInt8],_)``.
    public struct Document: Sendable {
        let bytes: InputBytes
        let tape: Tape
        /// The options the document was parsed with.
        public let options: ParseOptions
        /// The byte offset just past the top-level value (and its JSONP
        /// wrapper, if any). With ``JSON/ParseOptions/allowTrailingContent``
        /// the next value of concatenated JSON starts here.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: "1 2", options: .init(allowTrailingContent: true))
        /// doc.endOffset   // 1
        /// ```
        public let endOffset: Int
        /// Parent and line indexes, built when errors or paths first need
        /// them; the object that holds them is made then too, and kept by
        /// the tape (see ``DocumentIndexes/of(_:)``).
        var indexes: DocumentIndexes { DocumentIndexes.of(tape) }

        /// Parses UTF-8 JSON bytes; the document keeps the array (no copy).
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: Array(#"{"a": 1}"#.utf8))
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public init(parsing bytes: [UInt8], options: ParseOptions = .init()) throws(ParseError) {
            let scanned = try bytes.withUnsafeBufferPointer { buffer throws(ParseError) in try Self.scan(buffer, options: options) }
            self.init(bytes: InputBytes(scanned.inflated ?? bytes), scanned, options: options)
        }

        /// Parses JSON text.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: #"[1, 2, 3]"#)
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public init(parsing text: some StringProtocol, options: ParseOptions = .init()) throws(ParseError) {
            try self.init(parsing: Array(text.utf8), options: options)
        }

        /// Parses UTF-8 JSON bytes from `Data`, a raw buffer or any other
        /// contiguous storage; the document keeps its own copy, made once the
        /// bytes have been checked where they are, so a memory-mapped file is
        /// read only as far as its first error.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: try Data(contentsOf: url, options: .alwaysMapped))
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public init(parsing bytes: some ContiguousBytes, options: ParseOptions = .init()) throws(ParseError) {
            let scanned = bytes.withUnsafeBytes { raw -> Result<(kept: [UInt8], scan: Scan), ParseError> in
                let buffer = raw.bindMemory(to: UInt8.self)
                do throws(ParseError) {
                    let scan = try Self.scan(buffer, options: options)
                    return .success((scan.inflated ?? Array(buffer), scan))
                } catch {
                    return .failure(error)
                }
            }
            let (kept, scan) = try scanned.get()
            self.init(bytes: InputBytes(kept), scan, options: options)
        }

        /// Parses `memory` where it is, for a document that is gone before
        /// the caller's call returns (see ``InputBytes``); gzip input is
        /// inflated into bytes the document keeps.
        init(lending memory: UnsafeBufferPointer<UInt8>, options: ParseOptions) throws(ParseError) {
            let scanned = try Self.scan(memory, options: options)
            self.init(bytes: scanned.inflated.map(InputBytes.init) ?? InputBytes(lending: memory), scanned, options: options)
        }

        private init(bytes: InputBytes, _ scanned: Scan, options: ParseOptions) {
            self.init(bytes: bytes, tape: scanned.tape, endOffset: scanned.endOffset, options: options)
        }

        /// The document of `tape`, scanned from `bytes` with `options`
        /// (a batch of ``ArrayBatches``), its value ending at `endOffset`.
        init(bytes: InputBytes, tape: Tape, endOffset: Int, options: ParseOptions) {
            self.bytes = bytes
            self.options = options
            self.tape = tape
            self.endOffset = endOffset
        }

        /// What parsing an input found: its tape, where its value ends, and
        /// the text it inflated to when it was gzip (`nil` otherwise).
        private typealias Scan = (inflated: [UInt8]?, tape: Tape, endOffset: Int)

        /// Scans `input`, after inflating it when it is gzip: once, so that
        /// what it inflates to is read as text whichever way it came.
        private static func scan(_ input: UnsafeBufferPointer<UInt8>, options: ParseOptions) throws(ParseError) -> Scan {
            guard let inflated = try options.inflated(input) else {
                let scanned = try scanTape(input, options: options)
                return (nil, scanned.tape, scanned.endOffset)
            }
            let scanned = try inflated.withUnsafeBufferPointer { buffer throws(ParseError) in try scanTape(buffer, options: options) }
            return (inflated, scanned.tape, scanned.endOffset)
        }

        /// The top-level value.
        ///
        /// ```swift
        /// let id = doc.root["id"].int
        /// ```
        public var root: Node { Node(document: self, index: 0) }

        /// The decoded string of the entry at `index` (`smallASCIIForm` as
        /// for ``TapeEntry/decodeString(in:smallASCIIForm:)``).
        @inline(__always)
        func string(at index: Int, smallASCIIForm: Bool = smallASCIIFormHolds) -> String {
            bytes.withUnsafeBufferPointer { tape[index].decodeString(in: $0, smallASCIIForm: smallASCIIForm) }
        }

        /// Whether the string entry at `index` is exactly `key`, compared
        /// on the input bytes when the string needs no decoding.
        func stringEquals(at index: Int, _ key: String) -> Bool {
            var key = key
            return key.withUTF8 { expected in
                bytes.withUnsafeBufferPointer { stringEquals(tape[index], at: index, expected, in: $0) }
            }
        }

        /// Whether the string `entry` (at tape index `index`) is the text whose
        /// UTF-8 is `expected`, for loops that hold the input open already.
        func stringEquals(
            _ entry: TapeEntry, at index: Int, _ expected: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>
        ) -> Bool {
            if entry.flags & TapeEntry.needsDecoding != 0 {
                return string(at: index).utf8.elementsEqual(expected)
            }
            guard entry.length == expected.count, entry.offset + entry.length <= input.count else { return false }
            // bounds proven: offset + length <= input.count (guard above)
            return bytesEqual(UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + entry.length]), expected)
        }
    }
}
