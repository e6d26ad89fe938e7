import ArgumentParser
import Peregrine

/// The parse options as command-line flags, shared by every command that reads JSON.
struct ParseFlags: ParsableArguments {
    enum Preset: String, ExpressibleByArgument, CaseIterable {
        case strict, secure, lenient, json5

        var options: JSON.ParseOptions {
            switch self {
            case .strict: return .strict
            case .secure: return .secure
            case .lenient: return .lenient
            case .json5: return .json5
            }
        }
    }

    enum DuplicateKeys: String, ExpressibleByArgument, CaseIterable {
        case lastWins = "last-wins", firstWins = "first-wins", reject

        var policy: JSON.ParseOptions.DuplicateKeyPolicy {
            switch self {
            case .lastWins: return .lastWins
            case .firstWins: return .firstWins
            case .reject: return .reject
            }
        }
    }

    @Option(help: "Start from a preset: strict (the default), secure, lenient or json5.")
    var preset: Preset = .strict

    @Flag(help: "Accept // and /* */ comments.")
    var comments = false

    @Flag(help: "Accept a comma after the last element or member.")
    var trailingCommas = false

    @Flag(help: "Accept \\v, \\f, U+0085, U+2028 and U+2029 as whitespace.")
    var unicodeNewlines = false

    @Flag(help: "Turn ill-formed UTF-8 and lone surrogate escapes into U+FFFD.")
    var looseUnicode = false

    @Flag(help: "Stop after the first value and ignore what follows.")
    var trailingContent = false

    @Flag(help: "Accept a JSONP wrapper callback(...); and the )]}' and while(1); prefixes.")
    var jsonp = false

    @Flag(help: "Accept 'single-quoted' strings.")
    var singleQuotes = false

    @Flag(help: "Accept <a, b, c> sets (arrays without repeated elements).")
    var sets = false

    @Flag(help: "Accept JSON5.")
    var json5 = false

    @Option(help: "What to do with a repeated key: last-wins, first-wins or reject.")
    var duplicateKeys: DuplicateKeys?

    @Option(help: "The deepest nesting accepted.")
    var maxDepth: Int?

    @Option(help: "The largest input accepted, in bytes.")
    var maxInputBytes: Int?

    @Option(help: "The longest string accepted, in bytes.")
    var maxStringBytes: Int?

    @Option(help: "The most members an object may have.")
    var maxObjectMembers: Int?

    @Flag(help: "Reject NUL characters (\\u0000).")
    var rejectNul = false

    @Flag(help: "Reject Unicode noncharacters.")
    var rejectNoncharacters = false

    @Flag(help: "Reject numbers that Int64, UInt64 and Double cannot hold exactly (by default their text is kept as written).")
    var strictNumbers = false

    /// `--lossless-numbers`, the default now, still accepted from older scripts.
    @Flag(help: .hidden)
    var losslessNumbers = false

    /// For commands that write what they read: a `--max-depth` deeper than
    /// a value holds is refused before anything is read.
    func checkWritable(by command: String) throws {
        guard let maxDepth, maxDepth > JSON.maxValueDepth else { return }
        throw ValidationError(
            "--max-depth \(maxDepth) is deeper than \(command) can write: values nest at most \(JSON.maxValueDepth) levels (validate, stats and query take any depth).")
    }

    /// The preset with every given flag applied on top.
    var options: JSON.ParseOptions {
        var options = preset.options
        options.allowComments = options.allowComments || comments
        options.allowTrailingCommas = options.allowTrailingCommas || trailingCommas
        options.allowUnicodeNewlines = options.allowUnicodeNewlines || unicodeNewlines
        options.looseUnicode = options.looseUnicode || looseUnicode
        options.allowTrailingContent = options.allowTrailingContent || trailingContent
        options.jsonp = options.jsonp || jsonp
        options.allowSingleQuotes = options.allowSingleQuotes || singleQuotes
        options.allowSets = options.allowSets || sets
        options.json5 = options.json5 || json5
        options.rejectNUL = options.rejectNUL || rejectNul
        options.rejectNoncharacters = options.rejectNoncharacters || rejectNoncharacters
        if let duplicateKeys { options.duplicateKeys = duplicateKeys.policy }
        if let maxDepth { options.maxDepth = maxDepth }
        if let maxInputBytes { options.maxInputBytes = maxInputBytes }
        if let maxStringBytes { options.maxStringBytes = maxStringBytes }
        if let maxObjectMembers { options.maxObjectMembers = maxObjectMembers }
        // A text tool keeps every number: 123456789012345678901234567890 and 1e400 are valid JSON.
        options.numbers = strictNumbers ? .standard : .lossless
        return options
    }
}
