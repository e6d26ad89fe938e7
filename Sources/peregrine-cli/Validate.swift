import ArgumentParser
import Peregrine

/// `peregrine validate FILE…`: checks that each file is strict RFC 8259 JSON.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that each file is valid JSON.",
        discussion: """
            Prints 'FILE: ok' for each valid file on standard output, and \
            'FILE:LINE:COLUMN: message' with an excerpt for each invalid one on \
            standard error.

            Examples:
              peregrine validate data.json
              curl -s https://example.com/api | peregrine validate -
              peregrine validate --json5 config.json5
              peregrine validate --preset secure --duplicate-keys reject upload.json
            """
    )

    @OptionGroup var parsing: ParseFlags

    @Argument(help: "The files to check; - reads standard input.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one FILE.") }
    }

    func run() throws {
        var status = ExitCode.success
        for path in files {
            let input = Input(path: path)
            do {
                let bytes = try input.read()
                do throws(JSON.ParseError) {
                    _ = try JSON.Document(parsing: bytes, options: parsing.options)
                    print("\(input.name): ok")
                } catch {
                    input.report(error)
                    if status == .success { status = .invalidInput }
                }
            } catch {
                status = .usageError
            }
        }
        if status != .success { throw status }
    }
}
