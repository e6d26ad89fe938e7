import Foundation

/// A progress bar on standard error — percent, MB/s and time left — drawn
/// only when standard error is a terminal and the input is a large file, at
/// most ten times a second.
struct ProgressBar {
    /// Inputs smaller than this finish too fast for a bar.
    static let threshold = 32 << 20

    private let total: Int
    private let start = Date()
    private var lastDraw = Date.distantPast
    private let enabled: Bool

    /// A bar for reading `input`; inactive unless it is a large file and standard error a terminal.
    init(for input: Input) {
        let size = input.path == "-" ? nil : (try? FileManager.default.attributesOfItem(atPath: input.path))?[.size] as? Int
        total = size ?? 0
        enabled = total >= Self.threshold && isatty(STDERR_FILENO) == 1
    }

    /// Redraws the bar for `done` bytes read.
    mutating func update(_ done: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = Date()
        let fraction = min(1, Double(done) / Double(max(total, 1)))
        let seconds = max(Date().timeIntervalSince(start), 0.001)
        let rate = Double(done) / seconds
        let left = rate > 0 ? Int(Double(total - done) / rate) : 0
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let line = String(format: "\r[%@] %3d%%  %.1f MB/s  ETA %d:%02d ", bar, Int(fraction * 100), rate / 1e6, left / 60, left % 60)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: 70) + "\r").utf8))
    }
}
