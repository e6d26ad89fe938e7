import ArgumentParser
import Foundation

/// `--color auto|always|never`: ANSI colours for JSON written to a terminal.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// Whether to colour output going to `output` (`nil`: standard output).
    func enabled(writingTo output: String?) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return output == nil && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}

/// Colours serialized JSON: keys blue, strings green, numbers cyan,
/// `true`/`false`/`null` magenta, punctuation as it is. The text is known to
/// be valid JSON, so a string is whatever runs from a quote to the next
/// unescaped quote, and a key is a string followed by `:`.
enum Colorizer {
    private static let reset = Array("\u{1B}[0m".utf8)
    private static let key = Array("\u{1B}[34m".utf8)
    private static let string = Array("\u{1B}[32m".utf8)
    private static let number = Array("\u{1B}[36m".utf8)
    private static let literal = Array("\u{1B}[35m".utf8)

    static func colored(_ text: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count * 2)
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < text.count, text[end] != UInt8(ascii: "\"") { end += text[end] == UInt8(ascii: "\\") ? 2 : 1 }
                end = min(end + 1, text.count)
                var next = end
                while next < text.count, text[next] == UInt8(ascii: " ") { next += 1 }
                let isKey = next < text.count && text[next] == UInt8(ascii: ":")
                output += (isKey ? key : string) + text[index..<end] + reset
                index = end
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                UInt8(ascii: "N"), UInt8(ascii: "I"):
                var end = index
                while end < text.count, !isDelimiter(text[end]) { end += 1 }
                let isNumber = byte == UInt8(ascii: "-") || byte.isASCIIDigit || byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I")
                output += (isNumber ? number : literal) + text[index..<end] + reset
                index = end
            default:
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: " ")
            || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: ":")
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
