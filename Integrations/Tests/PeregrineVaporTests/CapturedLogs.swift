import Logging
import NIOConcurrencyHelpers

/// A logger whose entries are kept, to check what an application logged.
final class CapturedLogs: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
    }

    private let box = NIOLockedValueBox<[Entry]>([])

    /// The entries logged so far.
    var entries: [Entry] { box.withLockedValue { $0 } }

    /// A logger that logs into these entries, from `trace` up.
    var logger: Logger {
        var logger = Logger(label: "captured") { _ in Handler(box: self.box) }
        logger.logLevel = .trace
        return logger
    }

    private struct Handler: LogHandler {
        let box: NIOLockedValueBox<[Entry]>
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            box.withLockedValue { $0.append(Entry(level: event.level, message: event.message.description)) }
        }
    }
}
