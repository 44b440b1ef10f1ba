import Foundation

/// A one-line progress bar on standard error, drawn only when it is a terminal and at most ten times
/// a second, so piping the output into a file stays clean.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let enabled = isatty(2) == 1
    private var lastDraw = Date.distantPast
    private let lock = NSLock()

    init(_ label: String) { self.label = label }

    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(label) \(bar) \(Int(fraction * 100))% \(done.formatted())/\(total.formatted())"
        FileHandle.standardError.write(Data(line.utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
