import SwiftSyntax

/// How a JSON key is made from a Swift name at compile time:
/// `@JSONCodable(keys: .snakeCase)` for a type's properties (an enum's case
/// tags), `@Key(.kebabCase)` for one property or case. The names go into
/// `CodingKeys` as `@Key`'s names do, so a coder's key strategy still
/// applies to them as Foundation applies it to `CodingKeys`' raw values.
///
/// A name is cut into words where a lowercase letter or a digit meets an
/// uppercase one (`userName`: `user`, `Name`), before the last capital of a
/// run followed by a lowercase letter (`URLSession`: `URL`, `Session`), and
/// at underscores and hyphens, which go; leading and trailing underscores
/// stay as they are (`_id`). The words are then joined in the chosen case.
enum KeyNaming: String, CaseIterable {
    case camelCase, pascalCase, snakeCase, kebabCase, screamingSnakeCase

    /// The naming `expression` names (`.snakeCase`, `KeyNaming.snakeCase`,
    /// `PeregrineMacros.KeyNaming.snakeCase`), or `nil`.
    init?(_ expression: ExprSyntax) {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil else { return nil }
        if let base = access.base {
            let spelled = base.trimmedDescription
            guard spelled == "KeyNaming" || spelled == "PeregrineMacros.KeyNaming" else { return nil }
        }
        self.init(rawValue: access.declName.baseName.text)
    }

    /// The key for the Swift name `name` (backticks left out).
    ///
    /// ```swift
    /// KeyNaming.snakeCase.key(for: "userID")       // "user_id"
    /// KeyNaming.pascalCase.key(for: "urlSession")  // "UrlSession"
    /// ```
    func key(for name: String) -> String {
        let plain = name.trimmingBackticks
        let leading = plain.prefix { $0 == "_" }
        let trailing = plain.dropFirst(leading.count).reversed().prefix { $0 == "_" }
        let core = plain.dropFirst(leading.count).dropLast(trailing.count)
        let words = Self.words(of: core)
        let joined: String
        switch self {
        case .camelCase:
            joined = words.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : Self.capitalized($0.element) }.joined()
        case .pascalCase: joined = words.map(Self.capitalized).joined()
        case .snakeCase: joined = words.map { $0.lowercased() }.joined(separator: "_")
        case .kebabCase: joined = words.map { $0.lowercased() }.joined(separator: "-")
        case .screamingSnakeCase: joined = words.map { $0.uppercased() }.joined(separator: "_")
        }
        return leading + joined + String(trailing)
    }

    /// The words of `name`: cut at case changes (see the type's
    /// description) and at underscores and hyphens.
    static func words(of name: Substring) -> [Substring] {
        var words: [Substring] = []
        for part in name.split(whereSeparator: { $0 == "_" || $0 == "-" }) {
            var start = part.startIndex
            var index = part.startIndex
            while index < part.endIndex {
                let next = part.index(after: index)
                if index > start, part[index].isUppercase {
                    let previous = part[part.index(before: index)]
                    let endsAcronym = previous.isUppercase && next < part.endIndex && part[next].isLowercase
                    if previous.isLowercase || previous.isNumber || endsAcronym {
                        words.append(part[start..<index])
                        start = index
                    }
                }
                index = next
            }
            words.append(part[start...])
        }
        return words
    }

    /// `word` with its first letter uppercased and the rest lowercased (`ID` → `Id`).
    private static func capitalized(_ word: Substring) -> String {
        word.prefix(1).uppercased() + word.dropFirst().lowercased()
    }
}
