/// Foundation's snake_case conversions.
enum SnakeCase {
    /// `user_id` → `userId`; leading and trailing underscores stay.
    static func toCamelCase(_ key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "_")) else { return key }
        let leading = key.prefix { $0 == "_" }
        let trailing = key.reversed().prefix { $0 == "_" }
        let core = key.dropFirst(leading.count).dropLast(trailing.count)
        let parts = core.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first else { return key }
        let rest = parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        return String(leading) + first.lowercased() + rest.joined() + String(trailing)
    }

    /// `userID` → `user_id`, `myURLValue` → `my_url_value`.
    static func fromCamelCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        var words: [String] = []
        var current = ""
        let characters = Array(key)
        for (offset, character) in characters.enumerated() {
            let next = offset + 1 < characters.count ? characters[offset + 1] : nil
            let previous = offset > 0 ? characters[offset - 1] : nil
            if character.isUppercase, let previous, !current.isEmpty,
                previous.isLowercase || previous.isNumber || (previous.isUppercase && (next?.isLowercase ?? false))
            {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        words.append(current)
        return words.map { $0.lowercased() }.joined(separator: "_")
    }
}
