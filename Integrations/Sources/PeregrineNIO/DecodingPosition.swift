import Peregrine

/// The position `JSON.Decoder` writes into the description of a value that
/// does not fit the model, read back:
/// `$.user.id (line 1, column 9, offset 8): expected Int, found string "x"`.
///
/// The description must start with the error's own coding path, so a
/// member name that contains text like a position cannot be mistaken for it.
/// Descriptions of another form (a model's own errors) have no position.
struct DecodingPosition {
    let line: Int
    let column: Int
    let offset: Int
    /// The description after the position: `expected Int, found string "x"`.
    let message: String

    init?(description: String, path: [JSON.PathComponent]) {
        var rest = Substring(description).utf8[...]
        guard Self.skip(JSON.PathComponent.text(of: path) + " (line ", in: &rest),
            let line = Self.number(in: &rest), Self.skip(", column ", in: &rest),
            let column = Self.number(in: &rest), Self.skip(", offset ", in: &rest),
            let offset = Self.number(in: &rest), Self.skip("): ", in: &rest)
        else { return nil }
        self.line = line
        self.column = column
        self.offset = offset
        message = String(Substring(rest))
    }

    /// Drops `text` from the front of `rest`; `false` when `rest` does not start with it.
    private static func skip(_ text: String, in rest: inout Substring.UTF8View) -> Bool {
        guard rest.starts(with: text.utf8) else { return false }
        rest = rest.dropFirst(text.utf8.count)
        return true
    }

    /// The decimal number at the front of `rest`, dropped from it (at most 18
    /// digits, so it fits in `Int`).
    private static func number(in rest: inout Substring.UTF8View) -> Int? {
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard (1...18).contains(digits.count) else { return nil }
        rest = rest.dropFirst(digits.count)
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
