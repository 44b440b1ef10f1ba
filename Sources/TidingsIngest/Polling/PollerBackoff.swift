import Logging

/// What the poller does when the database fails it: wait 1, 2, 4 … 60 s between tries, log the
/// first failure and each new cause (not every try), and say when it works again.
struct PollerBackoff {
    private(set) var failures = 0
    private var lastMessage: String?

    /// Notes a failed round and returns how long to wait before the next.
    mutating func failed(_ error: any Error, _ logger: Logger) -> Duration {
        failures += 1
        let seconds = min(60, 1 << min(failures - 1, 6))
        let message = "\(error)"
        if message != lastMessage {
            logger.error(
                "poller: \(message); polling pauses and retries every \(seconds)s up to 60s (pages keep being served)",
                metadata: ["error": .string(message), "retry_in_s": .stringConvertible(seconds)])
        }
        lastMessage = message
        return .seconds(seconds)
    }

    /// Notes a round that worked.
    mutating func succeeded(_ logger: Logger) {
        guard failures > 0 else { return }
        logger.notice(
            "poller: the database answers again after \(failures) failed tries; polling resumes",
            metadata: ["failures": .stringConvertible(failures)])
        failures = 0
        lastMessage = nil
    }
}
