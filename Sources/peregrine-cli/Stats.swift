import ArgumentParser
import Peregrine

/// `peregrine stats FILE`: what an unknown payload is made of.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe what a JSON file is made of.",
        discussion: """
            Prints counts by kind, the maximum depth, the largest string, array and \
            object (with their paths), the most frequent keys, and the numbers that a \
            Double cannot hold exactly.

            Examples:
              peregrine stats twitter.json
              peregrine stats --top 20 events.json.gz
            """
    )

    @Option(help: "How many of the most frequent keys to list.")
    var top = 10

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @Argument(help: "The file to describe; - (or none, when piped) reads standard input.")
    var file: String?

    func run() throws {
        let input = try Input(file)
        var options = parsing.options
        options.numbers = .lossless
        let document = try input.document(options: options)
        var tally = Tally()
        tally.walk(document.root)
        print(tally.report(top: top))
    }
}

/// The counts `stats` gathers in one walk over a document.
private struct Tally {
    var kinds: [String: Int] = [:]
    var depth = 0
    var largestString: (bytes: Int, node: JSON.Document.Node)?
    var largestArray: (count: Int, node: JSON.Document.Node)?
    var largestObject: (count: Int, node: JSON.Document.Node)?
    var keys: [String: Int] = [:]
    /// How many numbers a `Double` cannot hold exactly, and the first few.
    var impreciseCount = 0
    var imprecise: [JSON.Document.Node] = []

    /// Visits every value in document order, holding one child iterator
    /// per open level (documents may nest deeply and hold millions of
    /// values: nothing here grows with a container's size).
    mutating func walk(_ root: JSON.Document.Node) {
        _ = visit(root, level: 1)  // a scalar root has no children to walk
        var open = [root.children.makeIterator()]
        while !open.isEmpty {
            guard let (key, child) = open[open.count - 1].next() else {
                open.removeLast()
                continue
            }
            if let key { keys[key, default: 0] += 1 }
            if visit(child, level: open.count + 1) { open.append(child.children.makeIterator()) }
        }
    }

    /// Counts one value; whether it is an array or object to walk into.
    private mutating func visit(_ node: JSON.Document.Node, level: Int) -> Bool {
        if node.isObject || node.isArray {
            depth = max(depth, level)
            if node.isObject {
                kinds["objects", default: 0] += 1
                if node.count > largestObject?.count ?? -1 { largestObject = (node.count, node) }
            } else {
                kinds["arrays", default: 0] += 1
                if node.count > largestArray?.count ?? -1 { largestArray = (node.count, node) }
            }
            return true
        }
        if let string = node.string {
            kinds["strings", default: 0] += 1
            if string.utf8.count > largestString?.bytes ?? -1 { largestString = (string.utf8.count, node) }
        } else if let number = node.number {
            kinds["numbers", default: 0] += 1
            if Self.losesPrecision(number) {
                impreciseCount += 1
                if imprecise.count < 5 { imprecise.append(node) }
            }
        } else if node.bool != nil {
            kinds["booleans", default: 0] += 1
        } else {
            kinds["nulls", default: 0] += 1
        }
        return false
    }

    /// Whether the number reads back as another number through a `Double`.
    private static func losesPrecision(_ number: JSON.Number) -> Bool {
        if number.decimalText != nil { return true }
        if let value = number.int64 { return Int64(exactly: Double(value)) != value }
        if let value = number.uint64 { return UInt64(exactly: Double(value)) != value }
        return false
    }

    func report(top: Int) -> String {
        let total = kinds.values.reduce(0, +)
        let order = ["objects", "arrays", "strings", "numbers", "booleans", "nulls"]
        var lines = ["values: \(total) (" + order.map { "\($0) \(kinds[$0, default: 0])" }.joined(separator: ", ") + ")", "depth: \(depth) (nesting of arrays and objects)"]
        if let (bytes, node) = largestString { lines.append("largest string: \(counted(bytes, "byte")) at \(JSON.PathComponent.text(of: node.path))") }
        if let (count, node) = largestArray { lines.append("largest array: \(counted(count, "element")) at \(JSON.PathComponent.text(of: node.path))") }
        if let (count, node) = largestObject { lines.append("largest object: \(counted(count, "member")) at \(JSON.PathComponent.text(of: node.path))") }
        let frequent = keys.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(max(0, top))
        if !frequent.isEmpty {
            lines.append("most frequent keys: " + frequent.map { "\(JSON.serializedString(escaping: $0.key)) \($0.value)" }.joined(separator: ", "))
        }
        lines.append("numbers a Double cannot hold exactly: \(impreciseCount)")
        for node in imprecise {
            lines.append("  \(node.value.map { "\($0)" } ?? "") at \(JSON.PathComponent.text(of: node.path))")
        }
        if impreciseCount > imprecise.count {
            lines.append("  (the first \(imprecise.count) listed, \(impreciseCount - imprecise.count) more not)")
        }
        return lines.joined(separator: "\n")
    }

    /// `1 element`, `2 elements`.
    private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
