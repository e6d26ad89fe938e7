extension JSON.Lookup {
    /// Decodes the value found, or throws a `DecodingError` that names its
    /// path and what was there (or where the path broke).
    ///
    /// ```swift
    /// let id = try v["statuses"][3]["id"].decode(Int.self)
    /// // DecodingError: $.statuses[3].id: expected Int, found string "12a"
    /// let user = try v["statuses"][0]["user"].decode(User.self)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSON.Decoder = JSON.Decoder()) throws -> T {
        guard let value else { throw valueNotFound(type, path: path, missing: missing) }
        return try decoder.decode(type, from: value, at: path)
    }
}

extension JSON.Document.Node {
    /// Decodes this value straight from the document's tape, or throws a
    /// `DecodingError` with its path and position (or where the lookup broke).
    ///
    /// ```swift
    /// let doc = try JSON.Document(parsing: bytes)
    /// let user = try doc.root["statuses"][0]["user"].decode(User.self)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSON.Decoder = JSON.Decoder()) throws -> T {
        guard let index else { throw valueNotFound(type, path: path, missing: missing) }
        let state = JSONDecodingState(document: document, settings: decoder.settings)
        return try JSONTapeDecoder(state: state, index: index).decodeTopLevel(type)
    }
}

extension JSON.Decoder {
    /// Decodes `value`, found at `path` in a larger value: coding paths
    /// start with `path`, and messages give no positions (there is no text).
    func decode<T: Decodable>(_ type: T.Type, from value: JSON, at path: [JSON.PathComponent]) throws -> T {
        try decode(type, from: try JSON.Document(flattening: value), settings: settings, pathPrefix: path.map(\.codingKey), showsPositions: false)
    }
}

extension JSON.PathComponent {
    /// The coding key of this step, as decoders name it.
    var codingKey: any CodingKey {
        switch self {
        case .key(let name): return AnyCodingKey(stringValue: name)
        case .index(let position): return IndexKey(intValue: position)
        }
    }
}

/// The error of decoding a lookup that found nothing.
private func valueNotFound(_ type: Any.Type, path: [JSON.PathComponent], missing: JSON.Missing?) -> DecodingError {
    let reason = missing.map { ": \($0)" } ?? ""
    return .valueNotFound(
        type,
        DecodingError.Context(
            codingPath: path.map(\.codingKey), debugDescription: "no value at \(JSON.PathComponent.text(of: path))\(reason)"))
}
