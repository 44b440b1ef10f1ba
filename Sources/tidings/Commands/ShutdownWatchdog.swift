import Foundation
import Logging
import ServiceLifecycle

/// Ends the process when a shutdown asked for by SIGTERM or SIGINT has not finished within `limit`,
/// whatever is still running (a request stuck in code we do not own, a database that does not
/// answer). Everything acknowledged is already committed, so nothing is lost; the exit status is 1.
struct ShutdownWatchdog: Service {
    var limit: Duration
    var logger: Logger

    func run() async throws {
        // Returns when the graceful shutdown starts (or at once if the group is cancelled).
        try? await gracefulShutdown()
        let limit = limit
        let logger = logger
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: Double(limit.components.seconds))
            logger.critical("serve: stopping took longer than \(limit); exiting now")
            fflush(nil)
            _exit(1)
        }
    }
}
