import Foundation
import Hummingbird
import TidingsIngest
import TidingsModel
import TidingsStore

/// What `/health/ready` asks: the database answers (within `timeout`), its schema is this
/// build's, and the poller's loop goes round. Each check says what failed, so an operator reading
/// the load balancer's log knows which one.
public struct HealthChecks: Sendable {
    let store: any TidingsStorage
    /// The poller's heartbeat; nil when this application runs no poller (it is then `off`, not a
    /// failure).
    let poller: PollerHeartbeat?
    let timeout: Duration

    public init(store: any TidingsStorage, poller: PollerHeartbeat?, timeout: Duration = .seconds(2)) {
        self.store = store
        self.poller = poller
        self.timeout = timeout
    }

    /// One check's outcome, as the JSON body shows it.
    struct Check: Encodable {
        var status: String
        var error: String?
        var note: String?
        var version: Int?
        var expected: Int?
        var latencyMS: Int?
        var lastRoundSecondsAgo: Double?
        var failures: Int?

        var ok: Bool { status == "ok" || status == "off" }

        enum CodingKeys: String, CodingKey {
            case status, error, note, version, expected, failures
            case latencyMS = "latency_ms"
            case lastRoundSecondsAgo = "last_round_seconds_ago"
        }
    }

    struct Report: Encodable {
        var status: String
        /// Which build answers: Tidings' version and the commit it was built from.
        var version = TidingsVersion.current
        var commit = BuildCommit.current
        var checks: [String: Check]
    }

    /// Runs the checks; `ok` when every one passed.
    func ready(now: Date = Date()) async -> (ok: Bool, report: Report) {
        var checks: [String: Check] = [:]
        let started = ContinuousClock.now
        do {
            let store = store
            let status = try await withDeadline(
                timeout, timedOut: StoreUnavailable("no answer within \(timeout)")
            ) { try await store.schemaStatus() }
            let latency = Int((ContinuousClock.now - started) / .milliseconds(1))
            checks["database"] = Check(status: "ok", latencyMS: latency)
            if status.isNewer {
                // A rolling upgrade: the new build migrated, this one still serves. Migrations only
                // add, so it keeps working until it is replaced; taking every old instance out of
                // the pool at once would be an outage. (It refuses to start again over this schema.)
                checks["migrations"] = Check(
                    status: "ok", note: "a newer tidings migrated the schema; replace this instance with it",
                    version: status.version, expected: status.known)
            } else if status.pending.isEmpty {
                checks["migrations"] = Check(status: "ok", version: status.version, expected: status.known)
            } else {
                checks["migrations"] = Check(
                    status: "failed", error: "\(status.pending.count) migration(s) pending; run `tidings migrate`",
                    version: status.version, expected: status.known)
            }
        } catch {
            checks["database"] = Check(status: "failed", error: "\(error)")
            checks["migrations"] = Check(status: "unknown", error: "the database did not answer")
        }
        checks["poller"] = pollerCheck(now: now)
        let ok = checks.values.allSatisfy(\.ok)
        return (ok, Report(status: ok ? "ready" : "unavailable", checks: checks))
    }

    private func pollerCheck(now: Date) -> Check {
        guard let poller else { return Check(status: "off") }
        let beat = poller.snapshot
        let ago = beat.lastRound.map { max(0, now.timeIntervalSince($0)) }
        let rounded = ago.map { ($0 * 10).rounded() / 10 }
        switch beat.state {
        case .notStarted: return Check(status: "failed", error: "the poller has not started")
        case .stopped: return Check(status: "failed", error: "the poller stopped", lastRoundSecondsAgo: rounded)
        case .running:
            if let ago, ago > PollerHeartbeat.stallAfter {
                return Check(
                    status: "failed", error: "the poller's loop has not gone round for \(Int(ago)) s",
                    lastRoundSecondsAgo: rounded, failures: beat.failures)
            }
            return Check(
                status: "ok", error: beat.failures > 0 ? beat.lastError : nil, lastRoundSecondsAgo: rounded,
                failures: beat.failures)
        }
    }
}
