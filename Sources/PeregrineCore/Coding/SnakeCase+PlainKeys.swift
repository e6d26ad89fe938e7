extension SnakeCase {
    /// The length of what ``toCamelCase(_:)`` makes of `key` when `key` is
    /// plain snake case, else `nil`. Plain: ASCII without capitals, and
    /// either one word (`id`, `_x2`, which the conversion leaves as they
    /// are) or words of lowercase letters between single underscores
    /// (`user_id`, `__private_name_`; not `userID`, `a__b`, `a_x2`).
    ///
    /// Plain keys are what most snake-case JSON has, and the conversion
    /// loses nothing of them: a capital in the name marks where an
    /// underscore was, and the leading and trailing underscores stay. So
    /// two plain keys convert to one name only when they are one key, and
    /// a plain key can be compared with a name byte by byte
    /// (``plainKey(_:convertsTo:)``), without making either name.
    ///
    /// - Complexity: O(the key's length).
    static func plainNameLength(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        var last = key.count - 1
        while last >= 0, key[last] == UInt8(ascii: "_") { last -= 1 }  // bounds proven: 0 <= last < key.count
        var inWord = false
        var underscores = 0
        var lettersOnly = true
        var position = 0
        while position < key.count {
            let byte = key[position]  // bounds proven: position < key.count
            guard byte < 0x80, byte &- UInt8(ascii: "A") >= 26 else { return nil }
            if byte != UInt8(ascii: "_") {
                inWord = true
                lettersOnly = lettersOnly && byte &- UInt8(ascii: "a") < 26
            } else if inWord, position < last {
                // An underscore between words: the next byte (position + 1 <= last) starts a word.
                guard key[position + 1] &- UInt8(ascii: "a") < 26 else { return nil }  // bounds proven: position + 1 <= last < key.count
                underscores += 1
            }
            position += 1
        }
        guard underscores == 0 || lettersOnly else { return nil }
        return key.count - underscores
    }

    /// Whether ``toCamelCase(_:)`` makes `name` of `key`, which is plain
    /// snake case (``plainNameLength(_:)``): the key's bytes, with each
    /// underscore between words dropped and the letter after it a capital
    /// (the words are lowercase letters, so `capitalized` changes only it).
    ///
    /// - Complexity: O(the key's length).
    @inline(__always)
    static func plainKey(_ key: UnsafeBufferPointer<UInt8>, convertsTo name: UnsafeBufferPointer<UInt8>) -> Bool {
        var last = key.count - 1
        while last >= 0, key[last] == UInt8(ascii: "_") { last -= 1 }  // bounds proven: 0 <= last < key.count
        var inWord = false
        var position = 0
        var written = 0
        while position < key.count {
            var byte = key[position]  // bounds proven: position < key.count
            if byte != UInt8(ascii: "_") {
                inWord = true
            } else if inWord, position < last {
                position += 1
                byte = key[position] &- 0x20  // bounds proven: position <= last < key.count; a lowercase letter, capitalised
            }
            guard written < name.count, name[written] == byte else { return false }  // bounds proven: written < name.count
            position += 1
            written += 1
        }
        return written == name.count
    }
}
