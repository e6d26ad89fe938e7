/// What a lenient decode changed or dropped to make the payload fit the model:
/// every coercion, default and dropped element, with its path, so drift in a
/// server's payload can be logged instead of crashing the app or going unseen.
///
/// ```swift
/// let decoder = JSON.Decoder()
/// decoder.leniency = .all
/// let (feed, report) = try decoder.decodeWithReport(Feed.self, from: bytes)
/// for event in report.events { log.warning("\(event)") }
/// // $.items[3].id (line 9, column 12): coerced string "12" to Int
/// ```
public struct DecodingReport: Sendable, Hashable {
    /// One adjustment.
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        /// What happened.
        public enum Kind: Sendable, Hashable {
            /// A value of another JSON type was read as the model's type.
            case coerced
            /// A missing or `null` member took its default (`@Default`,
            /// `@Defaulted`), an invalid one too (`@LossyDecoding
            /// @Defaulted`), or a raw value or tag no case has took an
            /// enum's default case.
            case defaulted
            /// An array element or dictionary member that did not decode
            /// was left out (`@Lossy`, `@LossyDecoding`), or an optional's
            /// invalid value read as `nil` (`@LossyDecoding`).
            case dropped
        }

        /// What happened.
        public let kind: Kind
        /// Where, as a JSON path (`$.items[3].id`).
        public let path: String
        /// A sentence with the position and the values involved.
        public let detail: String

        /// `path: detail`.
        public var description: String { "\(path) \(detail)" }
    }

    /// The adjustments, in the order they were made.
    public internal(set) var events: [Event] = []
}

/// Collects report events for the decode running on this task.
final class ReportCollector: @unchecked Sendable {
    @TaskLocal static var current: ReportCollector?

    private(set) var report = DecodingReport()

    func record(_ kind: DecodingReport.Event.Kind, path: [any CodingKey], _ detail: String) {
        report.events.append(DecodingReport.Event(kind: kind, path: jsonPath(path), detail: detail))
    }

    /// The events recorded from the `start`th on (those of one value's decode).
    func events(from start: Int) -> [DecodingReport.Event] {
        Array(report.events[min(start, report.events.count)...])
    }

    /// Takes back the events recorded from the `start`th on (those of a
    /// case of an untagged enum that did not match).
    func removeEvents(from start: Int) {
        report.events.removeSubrange(min(start, report.events.count)...)
    }

    /// Records `events` again: those of a value decoded before and reused.
    func append(_ events: [DecodingReport.Event]) {
        report.events += events
    }

    /// Records that the member at `path`, `null` or missing, took its default.
    func recordDefault(path: [any CodingKey], null: Bool) {
        record(.defaulted, path: path, null ? "is null: took the default" : "is missing: took the default")
    }

    /// Records that the element or member at `path` was left out, failing with `error`.
    func recordDrop(path: [any CodingKey], _ error: any Error) {
        record(.dropped, path: path, "dropped: \(Self.reason(error))")
    }

    /// Records that the member at `path`, failing with `error`, took its
    /// default (`defaulted`) or read as `nil` (a drop).
    func recordInvalid(path: [any CodingKey], _ error: any Error, defaulted: Bool) {
        if defaulted {
            record(.defaulted, path: path, "is invalid: took the default: \(Self.reason(error))")
        } else {
            recordDrop(path: path, error)
        }
    }

    /// Records that the value at `path`, a raw value or tag no case has
    /// (`shown`, cut short as error messages cut it), took the enum's default case.
    func recordDefaultCase(path: [any CodingKey], _ shown: String) {
        record(.defaulted, path: path, "is \(shown), which no case has: took the default case")
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
