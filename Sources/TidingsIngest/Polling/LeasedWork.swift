import Logging
import ServiceLifecycle
import TidingsModel

/// The loop the poller and the article refresher run: claim due work leased in the database, as
/// many as free slots allow, run each in the group as it comes, and fill a slot again as soon as
/// one frees — a slow job holds one slot and delays nobody. A database error never ends the loop:
/// it is logged once and the loop backs off and tries again. A job records its own failures on its
/// row (with a backoff, so its lease ending never brings it back at once); what it throws — the
/// store failing it even so — is logged once per cause (`JobFailures`), never dropped. Returns
/// when the service is asked to stop.
struct LeasedWork<Work: Sendable> {
    /// What the log lines say the jobs are ("poller", "articles").
    var name: String
    /// Jobs run at once.
    var concurrency: Int
    /// The pause when nothing was due.
    var idle: Duration
    var logger: Logger
    /// Runs before each claim (registering sources, pruning); its error counts as the round's.
    var prepare: @Sendable () async throws -> Void = {}
    var claim: @Sendable (_ limit: Int) async throws -> [Work]
    var perform: @Sendable (Work) async throws -> Void
    /// Hears each round: the failures in a row and the round's error (the poller's heartbeat).
    var round: @Sendable (_ failures: Int, _ error: (any Error)?) -> Void = { _, _ in }

    func run() async throws {
        let running = RunningFetches()
        let failures = JobFailures(name: name, logger: logger)
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    var backoff = PollerBackoff()
                    while !Task.isCancelled {
                        var pause = idle
                        var failure: (any Error)?
                        do {
                            try await prepare()
                            let free = concurrency - running.count
                            if free > 0 {
                                let due = try await claim(free)
                                for work in due {
                                    running.add(1)
                                    group.addTask {
                                        do {
                                            try await perform(work)
                                            failures.succeeded()
                                        } catch {
                                            failures.failed(error)
                                        }
                                        running.add(-1)
                                    }
                                }
                                if due.count == free { pause = .milliseconds(250) }
                                // Only a round that asked the database says it answers again: with
                                // every slot busy (their jobs waiting on that same database) nothing
                                // was asked, and the outage was announced as over, then again.
                                backoff.succeeded(logger)
                            } else {
                                pause = .milliseconds(250)
                            }
                        } catch let error where !(error is CancellationError) {
                            pause = backoff.failed(error, logger)
                            failure = error
                        }
                        round(backoff.failures, failure)
                        try await Task.sleep(for: pause)
                    }
                }
            }
        } catch is CancellationError {
            // Stopping.
        }
    }
}

/// Logs what jobs throw once per cause: the first failure, and again only when the cause changes
/// (`FailureCause`) or a job succeeded in between — a database outage failing every job says so once.
final class JobFailures: Sendable {
    private let name: String
    private let logger: Logger
    private let last = Locked<String?>(nil)

    init(name: String, logger: Logger) {
        self.name = name
        self.logger = logger
    }

    func failed(_ error: any Error) {
        guard !(error is CancellationError) else { return }
        let message = "\(error)"
        let cause = FailureCause.of(error)
        let new = last.withLock { last in
            defer { last = cause }
            return last != cause
        }
        guard new else { return }
        logger.error(
            "\(name): a job failed: \(message)",
            metadata: ["error": .string(message)])
    }

    func succeeded() {
        last.withLock { $0 = nil }
    }
}
