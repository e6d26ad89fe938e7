import Peregrine

/// A request body that is not the JSON a route expects, with what a client
/// needs to fix it: a message, the line and column in the body, and the
/// coding path in the model.
///
/// The Hummingbird and Vapor adapters throw it from their request decoders
/// and answer it with `400 Bad Request` (or `413 Content Too Large` for a
/// body past a size limit) and a JSON body built from ``details``:
///
/// ```swift
/// do {
///     let user = try JSON.Decoder().decode(User.self, from: buffer)
/// } catch {
///     guard let bodyError = JSONBodyError(error) else { throw error }
///     bodyError.statusCode   // 400
///     bodyError.details      // {"message":"expected Int, found string \"12a\"","line":1,"column":8,
///                            //  "offset":7,"codingPath":["id"]}
/// }
/// ```
public struct JSONBodyError: Error, CustomStringConvertible {
    /// Whether the body was refused for its size (a limit of the parse
    /// options, or gzip input inflating past one) rather than its content.
    public let isTooLarge: Bool
    /// What is wrong, without the position: `expected Int, found string "12a"`.
    public let message: String
    /// The line (from 1) of the offending value or byte; `nil` when the
    /// failure has no place in the text (gzip data that does not inflate,
    /// an error a model's own `init(from:)` threw).
    public let line: Int?
    /// The column (from 1, in Unicode scalars) of the offending value or byte.
    public let column: Int?
    /// The byte offset (from 0) of the offending value or byte.
    public let offset: Int?
    /// Where in the model the failure is: member names and array positions
    /// (empty for text that is not valid JSON). A member name longer than
    /// 256 Unicode scalars is cut (`JSON.PathComponent.excerpt`), so that
    /// the error's description and details stay short whatever the names
    /// in the body.
    public let codingPath: [JSON.PathComponent]
    /// The error the parser or decoder threw.
    public let underlying: any Error

    /// Describes `error` when it is about the JSON of a body: a
    /// `JSON.ParseError`, or any `DecodingError` (the body does not fit the
    /// model). Other errors (a database failure in `init(from:)`, say) are
    /// not the client's doing: `nil`.
    ///
    /// ```swift
    /// let bodyError = JSONBodyError(error)   // nil unless error is about the body
    /// ```
    public init?(_ error: any Error) {
        switch error {
        case let parseError as JSON.ParseError:
            self.init(parseError, codingPath: [], underlying: parseError)
        case let decodingError as DecodingError:
            guard let context = decodingError.context else { return nil }
            let path = context.codingPath.map { JSON.PathComponent($0).excerpt }
            if let parseError = context.underlyingError as? JSON.ParseError {
                self.init(parseError, codingPath: path, underlying: decodingError)
            } else {
                let position = DecodingPosition(description: context.debugDescription, path: path)
                self.init(
                    isTooLarge: false, message: position?.message ?? context.debugDescription,
                    line: position?.line, column: position?.column, offset: position?.offset,
                    codingPath: path, underlying: decodingError)
            }
        default:
            return nil
        }
    }

    private init(_ parseError: JSON.ParseError, codingPath: [JSON.PathComponent], underlying: any Error) {
        // Errors in gzip data have line 0: their offset is in the compressed bytes, not the text.
        let inText = parseError.line > 0
        self.init(
            isTooLarge: parseError.kind == .inputTooLarge || parseError.kind == .decompressedTooLarge,
            message: parseError.message,
            line: inText ? parseError.line : nil, column: inText ? parseError.column : nil, offset: inText ? parseError.offset : nil,
            codingPath: codingPath, underlying: underlying)
    }

    private init(
        isTooLarge: Bool, message: String, line: Int?, column: Int?, offset: Int?, codingPath: [JSON.PathComponent], underlying: any Error
    ) {
        self.isTooLarge = isTooLarge
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        self.codingPath = codingPath
        self.underlying = underlying
    }

    /// The error with its message naming the server's limit on a body,
    /// when it is about gzip that inflates past `maxBytes`, that limit.
    func namingBodyLimit(_ maxBytes: Int) -> JSONBodyError {
        let parseError = underlying as? JSON.ParseError ?? (underlying as? DecodingError)?.context?.underlyingError as? JSON.ParseError
        guard parseError?.kind == .decompressedTooLarge else { return self }
        return JSONBodyError(
            isTooLarge: true, message: "the gzip body inflates to more than \(maxBytes) bytes, the server's limit on a body",
            line: nil, column: nil, offset: nil, codingPath: codingPath, underlying: underlying)
    }

    /// The HTTP status that answers the error: 413 for a body too large, else 400.
    ///
    /// ```swift
    /// let status = HTTPResponse.Status(code: bodyError.statusCode)
    /// ```
    public var statusCode: Int { isTooLarge ? 413 : 400 }

    /// The error as a JSON object for a response body: `message`, `line`,
    /// `column`, `offset` (`null` when unknown) and `codingPath`, an array of
    /// member names (strings) and array positions (numbers).
    ///
    /// ```swift
    /// bodyError.details   // {"message":"expected ',' or '}' after an object member, found 'x'",
    ///                     //  "line":1,"column":9,"offset":8,"codingPath":[]}
    /// ```
    public var details: JSON {
        [
            "message": .string(message),
            "line": line.map { .number(JSON.Number($0)) } ?? .null,
            "column": column.map { .number(JSON.Number($0)) } ?? .null,
            "offset": offset.map { .number(JSON.Number($0)) } ?? .null,
            "codingPath": .array(
                codingPath.map { component in
                    switch component {
                    case .key(let name): .string(name)
                    case .index(let position): .number(JSON.Number(position))
                    }
                }),
        ]
    }

    /// `LINE:COLUMN: message at $.path`, or without the position when there is none.
    ///
    /// ```swift
    /// print(bodyError)   // 1:8: expected Int, found string "12a" at $.id
    /// ```
    public var description: String {
        let place = line.flatMap { line in column.map { "\(line):\($0): " } } ?? ""
        return place + message + (codingPath.isEmpty ? "" : " at " + JSON.PathComponent.text(of: codingPath))
    }
}

extension DecodingError {
    /// The context every case carries.
    fileprivate var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            context
        @unknown default:
            nil
        }
    }
}

extension JSON.PathComponent {
    /// A coding key as a path step: an array position when it is one (named
    /// `Index 3` or `3`, as decoders name them), else a member name.
    fileprivate init(_ key: any CodingKey) {
        if let position = key.intValue, key.stringValue == "Index \(position)" || key.stringValue == "\(position)" {
            self = .index(position)
        } else {
            self = .key(key.stringValue)
        }
    }
}
