import ArgumentParser

/// `--stream` and `--no-stream`, for the commands that can read one huge
/// array or object element by element.
struct StreamFlags: ParsableArguments {
    @Flag(help: "Read the top-level array or object element by element, in bounded memory (automatic for files over an eighth of memory, where the answer is the same).")
    var stream = false

    @Flag(help: "Read the whole input into memory, however large.")
    var noStream = false

    func validate() throws {
        guard !(stream && noStream) else { throw ValidationError("--stream and --no-stream cannot be used together.") }
    }
}

/// Why an input is streamed.
enum Streaming {
    /// `--stream`: elements up to 64 MiB, the streamer's answer.
    case asked
    /// A large file the streamer reads as memory would: no element limit.
    case automatic

    /// The longest element the reader takes.
    var maxElementBytes: Int { self == .asked ? 64 << 20 : .max }
}
