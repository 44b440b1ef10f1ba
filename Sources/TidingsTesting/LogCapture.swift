import Logging
import TidingsModel

/// Keeps what is logged through `logger`, for tests that check what was said and how often.
public final class LogCapture: Sendable {
    private let lines = Locked<[(Logger.Level, String)]>([])
    private let fields = Locked<[(message: String, metadata: Logger.Metadata)]>([])

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

    /// Every record with its metadata (the logger's and the call's), in order.
    public var records: [(message: String, metadata: Logger.Metadata)] { fields.current }

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
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.fields.withLock { $0.append(("\(event.message)", merged)) }
        }
    }
}
