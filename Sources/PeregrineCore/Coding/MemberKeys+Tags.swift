/// A table of names as the tags of an enum with generated coders: the
/// names its cases go by in JSON, in the order of the cases.
///
/// `@JSONCodable` keeps the table of an enum's tags in `generatedKeys`;
/// both its generated decoder and the `init(from:)` it writes for the
/// discriminator shapes find a case by the tag's bytes in the table:
///
/// ```swift
/// static let generatedKeys = MemberKeys.permanent(["circle", "rect"])
/// Shape.generatedKeys.field(of: "rect")   // 1
/// ```
extension MemberKeys {
    /// A table with no names: the members of a case without values.
    ///
    /// ```swift
    /// MemberKeys.empty.count   // 0
    /// ```
    public static let empty = MemberKeys.permanent([])

    /// The longest part of an unknown tag an error shows.
    static let tagExcerptLength = 40
    /// The most expected tags an error lists.
    static let listedTags = 16

    /// The position of the tag `name` in the table, or -1.
    ///
    /// ```swift
    /// Shape.generatedKeys.field(of: "circle")   // 0
    /// ```
    ///
    /// - Complexity: O(length of `name`) to hash it, then at most ``count``
    ///   comparisons, whatever `name` is.
    public func field(of name: String) -> Int {
        var name = name
        return name.withUTF8 { field(of: $0, hint: -1) }
    }

    /// The error for the tag `tag` that no case has, thrown by an enum's
    /// `init(from:)`; `decoder` is the decoder of the tag's value
    /// (`superDecoder(forKey:)`), whose coding path the error carries, with
    /// the line, column and offset when it decodes a JSON document (the
    /// ``Binary/DecodingError`` with its offset, a binary file).
    ///
    /// ```swift
    /// default: throw Self.generatedKeys.unknownTag(tag, in: try container.superDecoder(forKey: .tag))
    /// ```
    public func unknownTag<Tag: LosslessStringConvertible>(_ tag: Tag, in decoder: any Decoder) -> DecodingError {
        let message = unknownTagMessage(tag)
        if let decoder = decoder as? any TapeDecoding { return decoder.invalidValue(message) }
        return .dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: message))
    }

    /// `tag` as a message shows it: cut to ``tagExcerptLength`` Unicode
    /// scalars, quoted and escaped.
    @usableFromInline
    static func shown(_ tag: String) -> String {
        JSON.serializedString(escaping: tag.excerpt(scalars: Self.tagExcerptLength))
    }

    /// A tag as a message shows it: a string as ``shown(_:)`` shows it, an
    /// integer or Boolean tag as written.
    @usableFromInline
    static func shownTag<Tag: LosslessStringConvertible>(_ tag: Tag) -> String {
        guard let text = tag as? String else { return tag.description }
        return shown(text)
    }

    /// Records, for the `init(from:)` of an enum with a `@Defaulted` case,
    /// that the tag `tag` no case has took that case, in the running
    /// ``DecodingReport`` at `path` (the tag's coding path).
    ///
    /// ```swift
    /// default:
    ///     MemberKeys.recordDefaultCase(for: tag, at: container.codingPath + [DiscriminatorKeys.tag])
    ///     self = .unknown
    /// ```
    public static func recordDefaultCase<Tag: LosslessStringConvertible>(for tag: Tag, at path: [any CodingKey]) {
        ReportCollector.current?.recordDefaultCase(path: path, shownTag(tag))
    }

    /// `unknown tag "squar", expected "circle", "rect"`: the tag cut to
    /// ``tagExcerptLength`` Unicode scalars and at most ``listedTags`` names, so
    /// the message is short whatever the input.
    /// An integer or Boolean tag (not a `String`) is shown as written, and so are the expected ones.
    @usableFromInline
    func unknownTagMessage<Tag: LosslessStringConvertible>(_ tag: Tag) -> String {
        let quoted = tag is String
        var expected = (0..<min(count, Self.listedTags)).map { quoted ? JSON.serializedString(escaping: name($0)) : name($0) }.joined(separator: ", ")
        if count > Self.listedTags { expected += ", …" }
        return "unknown tag \(Self.shownTag(tag)), expected \(count == 1 ? "" : "one of ")\(expected)"
    }
}
