/// Counts units of work on the paths whose cost the input decides and that
/// run only when something goes wrong (positions of errors, coding paths),
/// so that tests can check the work grows linearly — compare it at *n* and
/// 8*n* — without timing anything. Nothing is counted unless a test installs
/// a counter for its task; the hot paths are never counted.
///
/// ```swift
/// let counter = WorkCounter()
/// try WorkCounter.$current.withValue(counter) { _ = try decoder.decode(Feed.self, from: bytes) }
/// counter.units   // bytes scanned and steps taken
/// ```
package final class WorkCounter: @unchecked Sendable {
    /// The units counted so far (only the task that installed the counter adds to it).
    private(set) var units = 0

    /// The counter of the running task, if a test installed one.
    @TaskLocal static var current: WorkCounter?

    /// Adds `units` to the running task's counter, if any.
    package static func count(_ units: Int) {
        current?.units += units
    }
}
