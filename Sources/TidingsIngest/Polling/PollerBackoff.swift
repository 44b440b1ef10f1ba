import Logging
import TidingsStore

/// What the poller does when the database fails it: wait 1, 2, 4 … 60 s between tries, log the
/// first failure and each new cause (not every try), and say when it works again.
struct PollerBackoff {
    private(set) var failures = 0
    private var lastCause: String?

    /// Notes a failed round and returns how long to wait before the next.
    mutating func failed(_ error: any Error, _ logger: Logger) -> Duration {
        failures += 1
        let seconds = min(60, 1 << min(failures - 1, 6))
        let message = "\(error)"
        let cause = FailureCause.of(error)
        if cause != lastCause {
            logger.error(
                "poller: \(message); polling pauses and retries every \(seconds)s up to 60s (pages keep being served)",
                metadata: ["error": .string(message), "retry_in_s": .stringConvertible(seconds)])
        }
        lastCause = cause
        return .seconds(seconds)
    }

    /// Notes a round that worked.
    mutating func succeeded(_ logger: Logger) {
        guard failures > 0 else { return }
        logger.notice(
            "poller: the database answers again after \(failures) failed tries; polling resumes",
            metadata: ["failures": .stringConvertible(failures)])
        failures = 0
        lastCause = nil
    }
}

/// What a failure is, for logging each condition once: a store's `StoreUnavailable.cause` (one for
/// all the wordings of one condition), any other error's own words.
enum FailureCause {
    static func of(_ error: any Error) -> String {
        (error as? StoreUnavailable)?.cause ?? "\(error)"
    }
}
