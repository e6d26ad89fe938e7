import ArgumentParser
import Peregrine

/// `peregrine query EXPR FILE`: prints what a query finds.
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the values a query finds, as a compact JSON array.",
        discussion: """
            EXPR starting with $ is JSONPath (RFC 9535); with --pointer, EXPR is a JSON \
            Pointer (RFC 6901) and the one value is printed (exit status 1 if there is \
            none); anything else is the slash language: the first character separates \
            components, * lets the next component match at any depth, ? here or one level down.

            Examples:
              peregrine query '/statuses/*/id' twitter.json
              peregrine query '$.statuses[?@.retweet_count > 10].id' twitter.json
              peregrine query --paths '$..screen_name' twitter.json
              peregrine query --pointer /statuses/0/user/name twitter.json
            """
    )

    @Flag(help: "Treat EXPR as a JSON Pointer and print the one value it points to.")
    var pointer = false

    @Flag(help: "Print the Normalized Paths of the matches instead of their values.")
    var paths = false

    @OptionGroup var parsing: ParseFlags

    @OptionGroup var output: OutputOptions

    @Argument(help: "The query: JSONPath, a JSON Pointer (with --pointer), or a slash query.")
    var expression: String

    @Argument(help: "The file to query; - reads standard input.")
    var file: String

    func run() throws {
        let input = Input(path: file)
        let bytes = try input.read()
        let document: JSON.Document
        do throws(JSON.ParseError) {
            document = try JSON.Document(parsing: bytes, options: parsing.options)
        } catch {
            input.report(error)
            throw ExitCode.invalidInput
        }
        if pointer {
            try printPointee(in: document)
            return
        }
        let matches: [JSON.Match<JSON.Document.Node>]
        do throws(JSON.QueryError) {
            matches = expression.hasPrefix("$") ? try document.root.jsonPathMatches(expression) : try document.root.queryMatches(expression)
        } catch {
            report(error)
            throw ExitCode.usageError
        }
        let values = paths ? matches.map { JSON.string($0.normalizedPath) } : matches.compactMap(\.value.value)
        try output.write(.array(values), options: [])
    }

    /// Prints the value the pointer points to; exit status 1 when there is none.
    private func printPointee(in document: JSON.Document) throws {
        do throws(JSON.QueryError) {
            _ = try JSON.Pointer(expression)
        } catch {
            report(error)
            throw ExitCode.usageError
        }
        let node = document.root[pointer: expression]
        guard let value = node.value else {
            printError("\(expression): \(node.missing?.description ?? "no value")")
            throw ExitCode.invalidInput
        }
        try output.write(paths ? .string(JSON.PathComponent.normalizedPath(of: node.path)) : value, options: [])
    }

    /// Prints a query error with a caret under the problem.
    private func report(_ error: JSON.QueryError) {
        let prefix = String(decoding: error.query.utf8.prefix(error.offset), as: UTF8.self)
        printError("query:\(error.offset): \(error.message)\n  \(error.query)\n  \(String(repeating: " ", count: prefix.count))^")
    }
}
