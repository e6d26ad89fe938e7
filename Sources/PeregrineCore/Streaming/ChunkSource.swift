import Foundation

/// Where a streaming reader's chunks come from: a file handle, read 64 KiB
/// at a time and inflated on the way when it holds gzip (`1f 8b`); the
/// binary format (`\x89PGB`, gzip-compressed or not) is refused at once,
/// with the error the scanner gives it.
final class ChunkSource {
    private var readChunk: () throws -> [UInt8]
    /// The bytes read so far (compressed bytes, for gzip input).
    private(set) var bytesRead = 0

    convenience init(_ handle: FileHandle) {
        self.init { try handle.read(upToCount: 64 << 10).map { [UInt8]($0) } ?? [] }
    }

    /// A source of bytes already in memory: all of them, then the end.
    convenience init(_ bytes: [UInt8]) {
        var rest = bytes
        self.init {
            defer { rest = [] }
            return rest
        }
    }

    /// A source of what `readRaw` returns (empty at the end).
    private init(_ readRaw: @escaping () throws -> [UInt8]) {
        readChunk = { [] }
        let counted: () throws -> [UInt8] = { [unowned self] in
            let chunk = try readRaw()
            bytesRead += chunk.count
            return chunk
        }
        readChunk = { [unowned self] in try firstChunk(counted) }
    }

    /// The next chunk; empty at the end.
    func read() throws -> [UInt8] {
        try readChunk()
    }

    /// Reads the first chunk (at least the four bytes of the magics, when
    /// the input has them) and decides how the rest is read.
    private func firstChunk(_ readRaw: @escaping () throws -> [UInt8]) throws -> [UInt8] {
        var first = try readRaw()
        while first.count < InputSignature.binaryMagic.count {
            let more = try readRaw()
            if more.isEmpty { break }
            first += more
        }
        switch InputSignature(first) {
        case .binary: throw InputSignature.binaryFormatError
        case .text:
            readChunk = readRaw
            return first
        case .gzip: break
        }
        do {
            let inflater = try GzipInflater(first: InputBytes(first), readCompressed: readRaw)
            readChunk = {
                do {
                    return try inflater.read()
                } catch let failure as Gzip.Failure {
                    throw failure.parseError
                }
            }
        } catch {
            throw error.parseError
        }
        // The first inflated chunk: as many bytes as inflate at once, at least the magic's.
        let text = try readChunk()
        if InputSignature(text) == .binary { throw InputSignature.binaryFormatError }
        return text
    }
}
