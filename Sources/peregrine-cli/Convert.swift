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
        var out: [UInt8] = []
        switch to {
        case .binary:
            do {
                out = try value.binaryEncoded(bootstrapping: bootstrap)
            } catch {
                printError("\(input.name): cannot convert: \(error)")
                throw ExitCode.invalidInput
            }
        case .json:
            if lines, let elements = value.array {
                for (position, element) in elements.enumerated() {
                    out += try jsonLine(of: element, from: ValueOrigin(name: input.name) { [.index(position)] + $0 })
                }
            } else {
                out = try jsonLine(of: value, from: ValueOrigin(name: input.name))
            }
        }
        if destination.compresses { out = Gzip.deflate(out) }
        let sink = try OutputSink(path: destination.output)
        try sink.write(out)
        try sink.finish()
    }

    /// `value` as JSON and a newline; a value that cannot be written is
    /// reported as in `origin`, exit status 1.
    private func jsonLine(of value: JSON, from origin: ValueOrigin) throws(ExitCode) -> [UInt8] {
        do throws(JSON.SerializationError) {
            return try value.serialized(options: jsonOptions) + [UInt8(ascii: "\n")]
        } catch {
            printError(origin.message(for: error))
            throw .invalidInput
        }
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
