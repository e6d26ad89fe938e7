extension Scanner {
    /// Skips an anti-XSSI prefix (`)]}'` or `while(1);`) and opens a JSONP
    /// wrapper `callback(` if one follows; returns whether it did.
    mutating func openWrapper() throws(JSON.ParseError) -> Bool {
        for prefix: StaticString in [")]}'", "while(1);"] where starts(with: prefix, at: index) {
            index += prefix.utf8CodeUnitCount
            try skipWhitespace()
            break
        }
        // A callback name: a JavaScript identifier path such as `jQuery_1.cb`.
        let start = index
        while index < input.count {
            let byte = input[index]  // bounds proven by the loop condition
            let isNamePart =
                byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".")
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (index > start && byte.isDigit)
            guard isNamePart else { break }
            index += 1
        }
        guard index > start else { return false }
        try skipWhitespace()
        guard index < input.count, input[index] == UInt8(ascii: "(") else {  // bounds proven
            index = start  // not a wrapper: `true`, `null` and the like are values
            return false
        }
        index += 1
        return true
    }

    /// Reads the `)` and optional `;` that close a JSONP wrapper.
    mutating func closeWrapper() throws(JSON.ParseError) {
        try skipWhitespace()
        guard index < input.count, input[index] == UInt8(ascii: ")") else {  // bounds proven
            throw unexpected("expected ')' to close the JSONP callback")
        }
        index += 1
        try skipWhitespace()
        if index < input.count, input[index] == UInt8(ascii: ";") { index += 1 }  // bounds proven
    }

    private func starts(with word: StaticString, at position: Int) -> Bool {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)  // bounds proven: exactly the static string's own bytes
        return position + expected.count <= input.count
            && input[position..<position + expected.count].elementsEqual(expected)  // bounds proven
    }
}
