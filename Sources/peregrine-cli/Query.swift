import ArgumentParser
import Foundation
import Peregrine

/// `peregrine query EXPR FILE`: prints what a query finds.
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the values a query finds, as a compact JSON array.",
        discussion: """
            EXPR starting with $ is JSONPath (RFC 9535); with --pointer, EXPR is a JSON \
            Pointer (RFC 6901) and the one value is printed (exit status 1 if there is \
            none); anything else is the slash language: the first character separates \
            components, * lets the next component match at any depth, ? here or one level down; \
            at the end, ? selects the children and * every descendant.

            Examples:
              peregrine query '/statuses/*/id' twitter.json
              peregrine query '/statuses/0/user/?' twitter.json
              peregrine query '$.statuses[?@.retweet_count > 10].id' twitter.json
              peregrine query --paths '$..screen_name' twitter.json
              peregrine query --pointer /statuses/0/user/name twitter.json
              peregrine query --lines '$.user.id' events.ndjson
              peregrine query -r '$.statuses[*].user.screen_name' twitter.json
              peregrine query -e --each '$..[?@.retweeted]' twitter.json

            A query in jq's syntax (.items[0].id) is refused with its JSONPath and \
            slash forms; --slash reads it as a slash query.
            """
    )

    @Flag(help: "Treat EXPR as a JSON Pointer and print the one value it points to.")
    var pointer = false

    @Flag(help: "Print the Normalized Paths of the matches instead of their values.")
    var paths = false

    @Flag(help: "The file is JSON Lines: print one line of matches per input line.")
    var lines = false

    @Option(help: "The most nodes a JSONPath query may visit, duplicates counted each time.")
    var maxNodes = JSON.JSONPath.Limits().maxNodes

    @Flag(name: [.customShort("r"), .long], help: "Print each match on its own line, strings without quotes (as jq -r).")
    var rawOutput = false

    @Flag(help: "Print each match on its own line as compact JSON (JSON Lines) instead of one array.")
    var each = false

    @Flag(name: [.customShort("e"), .long], help: "Exit with status 1 when the last match is false or null, 4 when nothing matched (as jq -e).")
    var exitStatus = false

    @Flag(help: "Read EXPR as a slash query even when it looks like jq (its leading . is then the separator).")
    var slash = false

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @OptionGroup var output: OutputOptions

    @Argument(help: "The query: JSONPath, a JSON Pointer (with --pointer), or a slash query.")
    var expression: String

    @Argument(help: "The file to query; - (or none, when piped) reads standard input.")
    var file: String?

    func run() throws {
        var isFolder: ObjCBool = false
        if file == nil, !expression.hasPrefix("$"), FileManager.default.fileExists(atPath: expression, isDirectory: &isFolder), !isFolder.boolValue {
            printError("query: the file name \(expression) was taken as the query; give the query first: peregrine query EXPR \(expression)")
            throw ExitCode.usageError
        }
        let input = try Input(file)
        try checkExpression()
        if lines {
            try queryLines(of: input)
            return
        }
        let document = try input.document(options: parsing.options)
        if pointer {
            try printPointee(in: document, of: input)
            return
        }
        let found: [JSON.Match<JSON.Document.Node>]
        do throws(JSON.QueryError) {
            found = try matches(in: document.root)
        } catch {
            printError("\(error.description); --max-nodes raises the limit")
            throw ExitCode.invalidInput
        }
        // A path in the array of matches written is one in the input below a match's own.
        let origin = ValueOrigin(name: input.name) { path in
            guard case .index(let position)? = path.first, found.indices.contains(position) else { return path }
            return found[position].path + path.dropFirst()
        }
        try printMatches(try results(of: found), from: origin)
    }

    /// One array of the matches, or with `--each`/`-r` one match per line;
    /// with `-e`, exit status 1 when there is none.
    private func printMatches(_ matches: [JSON], from origin: ValueOrigin) throws {
        if rawOutput || each {
            var text: [UInt8] = []
            for match in matches { text += try outputLine(for: match) }
            let sink = try OutputSink(path: output.output)
            try sink.write(output.gzip ? Gzip.deflate(text) : text)
            try sink.finish()
        } else {
            try output.write(JSON.array(matches), options: [], from: origin)
        }
        try checkLastResult(matches.last)
    }

    /// `-e` as jq has it: exit status 1 when the last result is `false` or
    /// `null`, 4 when there was none.
    private func checkLastResult(_ last: JSON?) throws {
        guard exitStatus else { return }
        guard let last else { throw ExitCode(4) }
        if last == .null || last == .bool(false) { throw ExitCode(1) }
    }

    /// A match as one output line: compact JSON, or its text for a string under `-r`.
    private func outputLine(for match: JSON) throws -> [UInt8] {
        if rawOutput, case .string(let text) = match { return Array(text.utf8) + [UInt8(ascii: "\n")] }
        return try match.serialized() + [UInt8(ascii: "\n")]
    }

    /// Reports a query that does not compile, or that looks like jq, before
    /// any input is read.
    private func checkExpression() throws {
        if !pointer, !slash, let lookalike = JQLookalike(expression) {
            printError(lookalike.message(for: expression))
            throw ExitCode.usageError
        }
        do throws(JSON.QueryError) {
            if pointer {
                _ = try JSON.Pointer(expression)
            } else {
                _ = try matches(in: JSON.null)
            }
        } catch {
            report(error)
            throw ExitCode.usageError
        }
    }

    /// The matches of the expression (JSONPath or slash) in a value.
    private func matches(in value: JSON) throws(JSON.QueryError) -> [JSON.Match<JSON>] {
        expression.hasPrefix("$") ? try value.jsonPathMatches(expression, limits: limits) : try value.queryMatches(expression)
    }

    /// The matches of the expression (JSONPath or slash) in a document, read from its tape.
    private func matches(in node: JSON.Document.Node) throws(JSON.QueryError) -> [JSON.Match<JSON.Document.Node>] {
        expression.hasPrefix("$") ? try node.jsonPathMatches(expression, limits: limits) : try node.queryMatches(expression)
    }

    private var limits: JSON.JSONPath.Limits { .init(maxNodes: maxNodes) }

    /// Each JSON Lines line's matches (or pointee) as one output line.
    private func queryLines(of input: Input) throws {
        let sink = try output.sink()
        var valid = true
        var last: JSON?
        for line in JSON.LineReader(fileHandle: try input.handle(), options: parsing.options) {
            switch line.result {
            case .success(let value):
                let found: [JSON]
                if pointer {
                    found = value[pointer: expression].value.map { [$0] } ?? []
                } else {
                    found = try results(of: matches(in: value))
                }
                if rawOutput || each {
                    for match in found { try sink.write(try outputLine(for: match)) }
                } else {
                    try sink.write(Array(try JSON.array(found).serialized()) + [UInt8(ascii: "\n")])
                }
                last = found.last ?? last
            case .failure(let error):
                input.report(error)
                valid = false
            }
        }
        try sink.finish()
        input.summarizeLineErrors()
        if !valid { throw ExitCode.invalidInput }
        try checkLastResult(last)
    }

    /// What to print for matches: their values, or their Normalized Paths with `--paths`.
    private func results(of matches: [JSON.Match<JSON>]) -> [JSON] {
        matches.map { paths ? .string($0.normalizedPath) : $0.value }
    }

    /// Fails for a match nested deeper than an owned value holds, rather than leave it out.
    private func results(of matches: [JSON.Match<JSON.Document.Node>]) throws -> [JSON] {
        try matches.map { match in
            if paths { return .string(match.normalizedPath) }
            guard let value = match.value.value else {
                printError("\(match.normalizedPath) nests deeper than \(JSON.maxValueDepth) levels, more than the output can hold")
                throw ExitCode.invalidInput
            }
            return value
        }
    }

    /// Prints the value the pointer points to; exit status 1 when there is none.
    private func printPointee(in document: JSON.Document, of input: Input) throws {
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
        let printed: JSON = paths ? .string(JSON.PathComponent.normalizedPath(of: node.path)) : value
        if rawOutput {
            try printMatches([printed], from: ValueOrigin(name: input.name))
        } else {
            try output.write(printed, options: [], from: ValueOrigin(name: input.name) { node.path + $0 })
            try checkLastResult(printed)
        }
    }

    /// Prints a query error with a caret under the problem.
    private func report(_ error: JSON.QueryError) {
        let prefix = String(decoding: error.query.utf8.prefix(error.offset), as: UTF8.self)
        printError("query:\(error.offset): \(error.message)\n  \(error.query)\n  \(String(repeating: " ", count: prefix.count))^")
    }
}
