import Peregrine

/// A query written in jq's syntax (`.items[0].id`, `.items[].id`,
/// `.a | .b`), which `query` would otherwise read as a slash query with `.`
/// between components and answer with nothing: the same query in the
/// languages `query` reads, where it has one.
struct JQLookalike {
    /// The query as JSONPath; `nil` when it uses jq that JSONPath has no
    /// form for (pipes, functions).
    let jsonPath: String?
    /// The query as a slash query; `nil` when it has no exact one (`[]`, a
    /// name with `/`).
    let slash: String?

    /// `nil` unless `expression` looks like jq: a leading `.` followed by
    /// `[`, `|`, or a name and another `.`. (`.name` alone means the same
    /// in both languages.) Reads each character once.
    init?(_ expression: String) {
        let characters = Array(expression)
        guard characters.first == ".", characters.count > 1,
            characters.dropFirst().contains(where: { $0 == "[" || $0 == "|" || $0 == "." })
        else { return nil }
        enum Step { case name(String), index(String), every }
        var steps: [Step] = []
        var position = 0
        var convertible = true
        scan: while position < characters.count {
            switch characters[position] {
            case "." where position + 1 < characters.count && characters[position + 1] == "[":
                position += 1
            case ".":
                var end = position + 1
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                guard end > position + 1 else { convertible = false; break scan }
                steps.append(.name(String(characters[(position + 1)..<end])))
                position = end
            case "[":
                guard let close = characters[position...].firstIndex(of: "]") else { convertible = false; break scan }
                let inside = String(characters[(position + 1)..<close])
                if inside.isEmpty {
                    steps.append(.every)
                } else if inside.allSatisfy(\.isASCII), Int(inside) != nil {
                    steps.append(.index(inside))
                } else if inside.count >= 2, inside.first == "\"", inside.last == "\"", !inside.dropFirst().dropLast().contains("\"") {
                    steps.append(.name(String(inside.dropFirst().dropLast())))
                } else {
                    convertible = false
                    break scan
                }
                position = close + 1
            default:
                convertible = false
                break scan
            }
        }
        guard convertible else {
            jsonPath = nil
            slash = nil
            return
        }
        jsonPath = "$" + steps.map { step in
            switch step {
            case .name(let name): return String(JSON.PathComponent.text(of: [.key(name)]).dropFirst())  // `.name` or `["a name"]`
            case .index(let index): return "[\(index)]"
            case .every: return "[*]"
            }
        }.joined()
        let components = steps.compactMap { step -> String? in
            switch step {
            case .name(let name): return name.contains("/") ? nil : name
            case .index(let index): return index
            case .every: return nil
            }
        }
        slash = components.count == steps.count ? "/" + components.joined(separator: "/") : nil
    }

    /// The message for `expression`: what it looks like, its forms here,
    /// and how to read it as a slash query anyway.
    func message(for expression: String) -> String {
        var forms: [String] = []
        if let jsonPath { forms.append("as JSONPath: \(jsonPath)") }
        if let slash { forms.append("as a slash query: \(slash)") }
        let alternatives = forms.isEmpty ? "peregrine reads JSONPath ($…) and slash queries, not jq" : forms.joined(separator: "; ")
        return "query: \(expression) looks like jq; \(alternatives). --slash reads it as a slash query with . between components"
    }
}
