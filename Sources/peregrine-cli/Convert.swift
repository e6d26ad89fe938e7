import ArgumentParser
import Foundation
import Peregrine

/// `peregrine convert --to binary|json FILE -o OUT`: between JSON and the binary format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert between JSON and Peregrine's binary format.",
        discussion: """
            The input's format is detected by its first bytes (the binary format starts \
            with \\x89PGB; gzip, 1f 8b, is inflated first). The output is compressed as \
            gzip with --gzip, or when the -o file's name ends in .gz. With --bootstrap, \
            JSON objects with a "$class" member become typed records and \
            {"$alias": "key.path"} objects back-references.

            Examples:
              peregrine convert --to binary twitter.json -o twitter.pgb
              peregrine convert --to binary twitter.json -o twitter.pgb.gz
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

    @OptionGroup var destination: OutputFile

    @Argument(help: "The file to convert; - (or none, when piped) reads standard input.")
    var file: String?

    func validate() throws {
        try parsing.checkWritable(by: "convert")
        if to == .binary { try TerminalGuard.check(writing: "binary", to: destination.output, forced: destination.force) }
    }

    func run() throws {
        let input = try Input(file)
        let contents = try input.contents(limit: parsing.options.maxInputBytes)
        let value = !contents.isBinary && lines ? try linesArray(contents.bytes, input: input) : try input.value(of: contents, options: parsing.options)
        var out: [UInt8]
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
        if destination.compresses { out = Gzip.deflate(out) }
        let sink = try OutputSink(path: destination.output)
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
