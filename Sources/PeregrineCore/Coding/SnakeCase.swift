import Foundation

/// Foundation's snake_case conversions.
enum SnakeCase {
    /// `user_id` → `userId`, as Foundation's `.convertFromSnakeCase` has
    /// it: leading and trailing underscores stay, and a key of one word
    /// stays as it is; otherwise the first word is lowercased and each
    /// later one capitalized by Foundation's `capitalized` (`x2id` →
    /// `X2Id`: a letter after a digit starts a word too).
    static func toCamelCase(_ key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "_")) else { return key }
        let leading = key.prefix { $0 == "_" }
        let trailing = key.reversed().prefix { $0 == "_" }
        let core = key.dropFirst(leading.count).dropLast(trailing.count)
        let parts = core.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first, parts.count > 1 else { return key }
        return String(leading) + first.lowercased() + parts.dropFirst().map(\.capitalized).joined() + String(trailing)
    }

    /// `userID` → `user_id`, `myURLValue` → `my_url_value`, as Foundation's
    /// `.convertToSnakeCase` has it: after the first character, a word ends
    /// before each uppercase letter (Unicode's Lu and Lt); a run of capitals
    /// followed by a lowercase letter (Ll) is a word of its own up to the
    /// character before that letter (`URLRequest` → `url`, `request`). The
    /// letters are found by scalar, the steps back and forth over them are
    /// by `Character`, so combining marks stay on their letters; each word
    /// is lowercased. ASCII keys take a byte loop with the same words.
    ///
    /// - Complexity: O(the key's length).
    static func fromCamelCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        var key = key
        // A CR LF pair is one Character: the byte loop takes only keys without CR.
        let ascii = key.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") } ? asciiFromCamelCase(bytes) : nil
        }
        return ascii ?? unicodeFromCamelCase(key)
    }

    /// ``fromCamelCase(_:)`` for ASCII without CR, where a byte is a Character.
    private static func asciiFromCamelCase(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        func isUpper(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }
        func isLower(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "a") < 26 }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2)
        var copied = 0
        /// Copies the bytes up to `end`, lowercased, and an underscore.
        func word(to end: Int) {
            for byte in bytes[copied..<end] { out.append(isUpper(byte) ? byte | 0x20 : byte) }
            out.append(UInt8(ascii: "_"))
            copied = end
        }
        var search = 1
        while let upper = bytes[search...].firstIndex(where: isUpper) {
            word(to: upper)
            guard let lower = bytes[upper...].firstIndex(where: isLower) else { break }
            if lower > upper + 1 { word(to: lower - 1) }
            search = lower + 1
        }
        for byte in bytes[copied...] { out.append(isUpper(byte) ? byte | 0x20 : byte) }
        return String(decoding: out, as: UTF8.self)
    }

    /// ``fromCamelCase(_:)`` for any key: letters found by scalar, steps by `Character`.
    private static func unicodeFromCamelCase(_ key: String) -> String {
        let scalars = key.unicodeScalars
        func isUpper(_ scalar: Unicode.Scalar) -> Bool {
            let category = scalar.properties.generalCategory
            return category == .uppercaseLetter || category == .titlecaseLetter
        }
        func isLower(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .lowercaseLetter }
        var out = ""
        out.reserveCapacity(key.utf8.count + key.utf8.count / 2)
        var copied = key.startIndex
        /// Copies the text up to `end`, lowercased, and an underscore.
        func word(to end: String.Index) {
            out += key[copied..<end].lowercased()
            out += "_"
            copied = end
        }
        var search = key.index(after: key.startIndex)
        while search < key.endIndex, let upper = scalars[search...].firstIndex(where: isUpper) {
            word(to: upper)
            guard let lower = scalars[upper...].firstIndex(where: isLower) else { break }
            if lower != key.index(after: upper) { word(to: key.index(before: lower)) }
            search = scalars.index(after: lower)
        }
        out += key[copied...].lowercased()
        return out
    }
}
