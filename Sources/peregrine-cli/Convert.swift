import ArgumentParser
import Foundation
import Peregrine

/// `peregrine convert --to binary|json FILE -o OUT`: between JSON and the binary format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert between JSON and Peregrine's binary format.",
        discussion: """
            The input's format is detected by its first bytes (the binary format starts \
            with \\x89PGB). With --bootstrap, JSON objects with a "$class" member become \
            typed records and {"$alias": "key.path"} objects back-references.

            Examples:
              peregrine convert --to binary twitter.json -o twitter.pgb
              peregrine convert --to json twitter.pgb
              peregrine convert --to binary --bootstrap graph.json -o graph.pgb
              peregrine convert --to binary --lines events.ndjson -o events.pgb
              peregrine convert --to json --lines events.pgb
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case binary, json
    }

    @Option(help: "The output format: binary or json.")
    var to: Format

    @Flag(help: "Turn $class objects into records and $alias objects into back-references.")
    var bootstrap = false

    @Flag(help: "JSON Lines: read one value per line (into a binary array), or write an array's elements one per line.")
    var lines = false

    @OptionGroup(title: "Parse options") var parsing: ParseFlags

    @Option(help: "NaN and infinities in binary input: throw (an error: JSON has none) or literals (NaN, Infinity: JSON5).")
    var nonFinite: OutputOptions.NonFinite = .throw

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Write binary output even to a terminal.")
    var force = false

    @Argument(help: "The file to convert; - (or none, when piped) reads standard input.")
    var file: String?

    func validate() throws {
        try parsing.checkWritable(by: "convert")
        if to == .binary { try TerminalGuard.check(writing: "binary", to: output, forced: force) }
    }

    func run() throws {
        let input = try Input(file)
        let bytes = try input.read(limit: parsing.options.maxInputBytes)
        let value: JSON
        if Binary.isBinary(bytes) {
            do throws(Binary.DecodingError) {
                value = try JSON(binary: bytes)
            } catch {
                printError("\(input.name): \(error)")
                throw ExitCode.invalidInput
            }
        } else if lines {
            value = try linesArray(bytes, input: input)
        } else {
            do throws(JSON.ParseError) {
                value = try JSON(parsing: bytes, options: parsing.options)
            } catch {
                input.report(error, in: bytes)
                throw ExitCode.invalidInput
            }
        }
        let out: [UInt8]
        do {
            switch to {
            case .binary: out = try value.binaryEncoded(bootstrapping: bootstrap)
            case .json where lines:
                out = try (value.array ?? [value]).flatMap { try $0.serialized(options: jsonOptions) + [UInt8(ascii: "\n")] }
            case .json: out = try value.serialized(options: jsonOptions) + [UInt8(ascii: "\n")]
            }
        } catch let error as JSON.SerializationError where error.kind == .nonFiniteNumber {
            printError("\(input.name): cannot convert: \(error) (--non-finite literals writes JSON5's NaN and Infinity)")
            throw ExitCode.invalidInput
        } catch {
            printError("\(input.name): cannot convert: \(error)")
            throw ExitCode.invalidInput
        }
        let sink = try OutputSink(path: output)
        try sink.write(out)
        try sink.finish()
    }

    private var jsonOptions: JSON.SerializationOptions {
        .init(nonConformingFloats: nonFinite == .literals ? .json5Literals : .throw)
    }

    /// The values of JSON Lines text as one array; bad lines are reported (exit status 1).
    private func linesArray(_ bytes: [UInt8], input: Input) throws -> JSON {
        var values: [JSON] = []
        var valid = true
        for line in JSON.LineReader(bytes: bytes, options: parsing.options) {
            switch line.result {
            case .success(let value): values.append(value)
            case .failure(let error):
                input.report(error)
                valid = false
            }
        }
        input.summarizeLineErrors()
        guard valid else { throw ExitCode.invalidInput }
        return .array(values)
    }
}
