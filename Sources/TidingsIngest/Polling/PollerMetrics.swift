import Foundation
import Metrics
import TidingsStore

/// What the poller counts (`/metrics`): `tidings_poller_fetches_total` by `outcome` (fetched,
/// not_modified, http_error, unreadable, not_recorded, or why the fetch failed: timeout, dns,
/// blocked …), `tidings_poller_lag_seconds` (how late a fetch started after its source came due)
/// and `tidings_poller_fetch_seconds` (a fetch from start to recorded).
struct PollerMetrics: Sendable {
    let lag = Timer(label: MetricCatalog.pollerLag.name, preferredDisplayUnit: .seconds)
    let duration = Timer(label: MetricCatalog.pollerFetch.name, preferredDisplayUnit: .seconds)

    func polled(_ status: PollStatus, lag seconds: TimeInterval, since started: Date, now: Date) {
        Counter(label: MetricCatalog.pollerFetchesTotal.name, dimensions: [("outcome", Self.outcome(status))])
            .increment()
        lag.recordNanoseconds(Int64(max(0, seconds) * 1e9))
        duration.recordNanoseconds(Int64(max(0, now.timeIntervalSince(started)) * 1e9))
    }

    /// A few values, whatever the status, so the series stay few.
    static func outcome(_ status: PollStatus) -> String {
        switch status {
        case .http(let code) where (200..<300).contains(code): "fetched"
        case .http(304), .fileUnchanged: "not_modified"
        case .http: "http_error"
        case .fileRead: "fetched"
        case .failed(let failure): failure.rawValue
        case .unreadable: "unreadable"
        case .notRecorded: "not_recorded"
        case .other: "other"
        }
    }
}
