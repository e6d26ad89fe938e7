/// The bytes a writer produces: write a token's bytes through the pointer
/// ``GrowingBuffer/reserve(_:)`` returns, with one capacity check per token.
///
/// ```swift
/// var output = OutputBuffer(capacity: 1_024)
/// output.append("[1")
/// output.append(UInt8(ascii: "]"))
/// output.bytes   // Array("[1]".utf8)
/// ```
typealias OutputBuffer = GrowingBuffer<UInt8>

extension GrowingBuffer where Element == UInt8 {
    /// Appends the UTF-8 of an ASCII literal (`null`, `true`…).
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// A copy of the bytes written.
    var bytes: [UInt8] {
        withElements { written in
            [UInt8](unsafeUninitializedCapacity: written.count) { copy, initialized in
                if let target = copy.baseAddress, let source = written.baseAddress {
                    UnsafeMutableRawPointer(target).vectorCopy(from: source, byteCount: written.count)
                }
                initialized = written.count
            }
        }
    }
}
