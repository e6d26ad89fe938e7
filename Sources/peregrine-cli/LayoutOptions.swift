import ArgumentParser
import Peregrine

/// `--indent`, for the commands that write one value pretty or compact:
/// `format` (2 spaces unless given), and `patch`, `merge-patch` and `diff`
/// (the layout of the file they read unless given, ``InputLayout``).
struct LayoutOptions: ParsableArguments {
    /// One level of indentation.
    enum Indent: Equatable, ExpressibleByArgument {
        /// This many spaces; 0 writes compactly.
        case spaces(Int)
        case tab

        init?(argument: String) {
            if argument == "tab" {
                self = .tab
            } else if let width = Int(argument) {
                self = .spaces(width)
            } else {
                return nil
            }
        }

        /// The layout this indentation gives.
        var options: JSON.SerializationOptions {
            switch self {
            case .spaces(0): return []
            case .spaces(let width): return .init(prettyPrinted: true, indentWidth: width)
            case .tab: return [.tabIndent]
            }
        }
    }

    // Unconditional, so that `--indent -1` is a value to refuse, not a missing one.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Spaces per nesting level (0 writes compactly), or tab. Without it, format indents 2 spaces, and patch, merge-patch and diff keep the layout of the file they read.",
            valueName: "n|tab"))
    var indent: Indent?

    func validate() throws {
        if case .spaces(let width)? = indent, !(0...16).contains(width) {
            throw ValidationError("--indent must be between 0 and 16, or tab.")
        }
    }

    /// The layout `--indent` asks for, or `fallback`'s without it.
    func options(otherwise fallback: Indent) -> JSON.SerializationOptions {
        (indent ?? fallback).options
    }
}
