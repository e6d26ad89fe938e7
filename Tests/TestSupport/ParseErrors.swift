import Peregrine
import Testing

/// The error parsing `bytes` into a value throws, or `nil` when it parses.
public func parseError(_ bytes: [UInt8], options: JSON.ParseOptions = .init()) -> JSON.ParseError? {
    do {
        _ = try JSON(parsing: bytes, options: options)
        return nil
    } catch {
        return error
    }
}

/// The error parsing `text` into a value throws, or `nil` when it parses.
public func parseError(_ text: String, options: JSON.ParseOptions = .init()) -> JSON.ParseError? {
    parseError(Array(text.utf8), options: options)
}

/// Records an issue unless `error` is a decoder's invalid-JSON error
/// (`dataCorrupted` at the top, with no coding path) of `kind` at byte `offset`.
public func expectParseError(
    _ error: (any Error)?, _ kind: JSON.ParseError.Kind, at offset: Int, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let decodingError = error as? DecodingError, case .dataCorrupted(let context) = decodingError,
        let parseError = context.underlyingError as? JSON.ParseError
    else {
        Issue.record("expected a parse error, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
    }
    #expect(context.codingPath.isEmpty, comment, sourceLocation: sourceLocation)
    #expect(parseError.kind == kind, comment, sourceLocation: sourceLocation)
    #expect(parseError.offset == offset, comment, sourceLocation: sourceLocation)
}

/// ``expectParseError(_:_:at:_:sourceLocation:)`` for the error `body` throws.
public func expectParseError(
    _ body: () throws -> Void, _ kind: JSON.ParseError.Kind, at offset: Int, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        try body()
        expectParseError(nil, kind, at: offset, comment, sourceLocation: sourceLocation)
    } catch {
        expectParseError(error, kind, at: offset, comment, sourceLocation: sourceLocation)
    }
}
