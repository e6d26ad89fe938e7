extension JSON: CustomStringConvertible {
    /// The value as compact JSON text.
    ///
    /// ```swift
    /// let value: JSON = ["a": [1, true, nil]]
    /// print(value)   // {"a":[1,true,null]}
    /// ```
    ///
    /// Unlike ``serialized(options:)`` this never fails: there is no depth
    /// limit (the writer is iterative) and non-finite doubles print as `NaN`,
    /// `Infinity` and `-Infinity`.
    public var description: String {
        var serializer = Serializer(options: .init(maxDepth: .max), layout: CompactLayout(), allowsNonFinite: true)
        try? serializer.write(self)
        return serializer.writer.output.withElements { String(decoding: $0, as: UTF8.self) }
    }
}

extension JSON {
    /// What a message shows of the value: its compact text, as
    /// ``description`` writes it, cut after `limit` Unicode scalars and then
    /// followed by `…`, as messages cut the text they quote from input; a
    /// string is cut inside its quotes, as decoding errors quote one.
    ///
    /// ```swift
    /// let value: JSON = ["list": [1, 2, 3], "name": "Ada"]
    /// value.excerpt(scalars: 12)                  // {"list":[1,2…
    /// JSON.string("abcdef").excerpt(scalars: 3)   // "abc…"
    /// ```
    ///
    /// - Complexity: O(`limit`²) whatever the size of the value: only its
    ///   start is written.
    package func excerpt(scalars limit: Int) -> String {
        if case .string(let string) = self { return JSON.serializedString(escaping: string.excerpt(scalars: limit)) }
        // A text of more bytes than this has more than `limit` scalars (a scalar takes at most 4).
        let (text, isCut) = leadingText(bytes: 4 * (max(limit, 0) + 1))
        return text.excerpt(scalars: limit, isPrefix: isCut)
    }

    /// The value's compact text whole, or, when it is longer than `budget`
    /// bytes, at least its first `budget` bytes (possibly unfinished:
    /// `isCut`). Only the containers and strings that reach into the first
    /// `budget` bytes are visited, each checked with ``compactSize(atMost:)``.
    private func leadingText(bytes budget: Int) -> (text: String, isCut: Bool) {
        guard budget > 0 else { return ("", true) }
        if compactSize(atMost: budget) != nil { return (description, false) }
        switch self {
        case .string(let string):
            // Longer than the budget: its first `budget` scalars, without the closing quote.
            let head = JSON.serializedString(escaping: string.leadingScalars(budget).text)
            return (String(head.dropLast()), true)
        case .number(let number):
            return (String(number.description.prefix(budget)), true)
        case .array(let elements):
            var text = "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += "," }
                let (part, isCut) = element.leadingText(bytes: budget - text.utf8.count)
                text += part
                if isCut || text.utf8.count >= budget { return (text, true) }
            }
            return (text + "]", false)
        case .object(let object):
            var text = "{"
            for (position, member) in object.enumerated() {
                if position > 0 { text += "," }
                let (key, isKeyCut) = JSON.string(member.key).leadingText(bytes: budget - text.utf8.count)
                text += key
                if isKeyCut || text.utf8.count >= budget { return (text, true) }
                let (value, isCut) = member.value.leadingText(bytes: budget - text.utf8.count - 1)
                text += ":" + value
                if isCut || text.utf8.count >= budget { return (text, true) }
            }
            return (text + "}", false)
        case .null, .bool:
            return (description, false)
        }
    }
}
