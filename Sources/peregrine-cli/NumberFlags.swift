import ArgumentParser
import Peregrine

/// `--canonical-numbers`, for the commands that write a document they read
/// (`format`, `minify`): numbers are kept as written unless asked.
struct NumberFlags: ParsableArguments {
    @Flag(help: """
        Write each number in its shortest form (1.50 as 1.5, 1e2 as 100.0, -0 as -0.0, \
        100000000000000000000.0 as 1e+20) instead of as written in the input. Without it, \
        numbers are copied as written; JSON5's forms that are not JSON (0x1F, +1, .5, 5., \
        Infinity) are always converted.
        """)
    var canonicalNumbers = false

    /// `base` with numbers written as this flag says.
    func options(_ base: JSON.SerializationOptions) -> JSON.SerializationOptions {
        var options = base
        options.numbersAsWritten = !canonicalNumbers
        return options
    }
}
