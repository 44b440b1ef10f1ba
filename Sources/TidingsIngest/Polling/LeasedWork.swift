import Logging
import ServiceLifecycle

/// The loop the poller and the article refresher run: claim due work leased in the database, as
/// many as free slots allow, run each in the group as it comes, and fill a slot again as soon as
/// one frees — a slow job holds one slot and delays nobody. A database error never ends the loop:
/// it is logged once and the loop backs off and tries again. Returns when the service is asked to
/// stop.
struct LeasedWork<Work: Sendable> {
    /// Jobs run at once.
    var concurrency: Int
    /// The pause when nothing was due.
    var idle: Duration
    var logger: Logger
    /// Runs before each claim (registering sources, pruning); its error counts as the round's.
    var prepare: @Sendable () async throws -> Void = {}
    var claim: @Sendable (_ limit: Int) async throws -> [Work]
    var perform: @Sendable (Work) async -> Void
    /// Hears each round: the failures in a row and the round's error (the poller's heartbeat).
    var round: @Sendable (_ failures: Int, _ error: (any Error)?) -> Void = { _, _ in }

    func run() async throws {
        let running = RunningFetches()
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
                                        await perform(work)
                                        running.add(-1)
                                    }
                                }
                                if due.count == free { pause = .milliseconds(250) }
                            } else {
                                pause = .milliseconds(250)
                            }
                            backoff.succeeded(logger)
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
