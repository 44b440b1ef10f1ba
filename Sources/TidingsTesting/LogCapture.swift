import Logging
import TidingsModel

/// Keeps what is logged through `logger`, for tests that check what was said and how often.
public final class LogCapture: Sendable {
    private let lines = Locked<[(Logger.Level, String)]>([])

    public init() {}

    /// A logger writing here (at `level` and above).
    public func logger(_ label: String = "test", level: Logger.Level = .debug) -> Logger {
        var logger = Logger(label: label) { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    /// The messages logged at `level` or above.
    public func messages(atLeast level: Logger.Level = .trace) -> [String] {
        lines.withLock { $0.filter { $0.0 >= level }.map(\.1) }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.lines.withLock { $0.append((event.level, "\(event.message)")) }
        }
    }
}
