/// Every metric Tidings exports, by its Prometheus name, with the help text `/metrics` gives it.
///
/// Code that records a metric names it through here (`Counter(label: MetricCatalog.eventsTotal.name)`),
/// and the server's metrics factory looks the help text up by name, so a metric without an entry has
/// no `# HELP` line — which `promtool check metrics` (run by the test suite) refuses. Names follow
/// Prometheus's conventions: base units (`_seconds`, `_bytes`), `_total` on counters.
public struct MetricDescription: Sendable, Hashable {
    public let name: String
    public let help: String
    /// The label a dependency records it under (Hummingbird's request metrics), renamed on export.
    public let recordedAs: String?

    public init(_ name: String, help: String, recordedAs: String? = nil) {
        self.name = name
        self.help = help
        self.recordedAs = recordedAs
    }
}

public enum MetricCatalog {
    // Requests: RequestMetricsMiddleware records these under Hummingbird's OpenTelemetry-style labels.
    public static let httpRequestsTotal = MetricDescription(
        "http_server_requests_total", help: "Requests answered, by route pattern, method and status",
        recordedAs: "hb.requests")
    public static let httpRequestErrorsTotal = MetricDescription(
        "http_server_request_errors_total",
        help: "Requests whose handler threw (the status it became is error_type)",
        recordedAs: "hb.request.errors")
    public static let httpRequestDuration = MetricDescription(
        "http_server_request_duration_seconds",
        help: "Time from a request's arrival to its answer handed to the connection (a stream's: to its last byte)",
        recordedAs: "http.server.request.duration")
    public static let httpActiveRequests = MetricDescription(
        "http_server_active_requests", help: "Requests being answered now", recordedAs: "http.server.active_requests")

    public static let cacheLookupsTotal = MetricDescription(
        "tidings_cache_lookups_total", help: "Lookups in the server's caches, by cache and result")
    public static let dbWait = MetricDescription(
        "tidings_db_wait_seconds",
        help: "Database calls' wait from asking to running (a pooled connection, the write turn and locks)")
    public static let dbCall = MetricDescription(
        "tidings_db_call_seconds", help: "Database calls from asking to their answer")
    public static let dbCallsInFlight = MetricDescription(
        "tidings_db_calls_in_flight", help: "Database calls running now")
    public static let pollerFetchesTotal = MetricDescription(
        "tidings_poller_fetches_total", help: "Fetches of sources, by outcome")
    public static let pollerLag = MetricDescription(
        "tidings_poller_lag_seconds", help: "How late a fetch started after its source came due")
    public static let pollerFetch = MetricDescription(
        "tidings_poller_fetch_seconds", help: "A source's fetch from start to recorded")
    public static let liveStreams = MetricDescription(
        "tidings_live_streams", help: "Live-update streams open now")
    public static let eventsTotal = MetricDescription(
        "tidings_events_total", help: "Catalog events received, by outcome")
    public static let eventCommitsTotal = MetricDescription(
        "tidings_event_commits_total",
        help:
            "Transactions that wrote catalog events; fewer than requests when concurrent requests were committed together"
    )
    public static let changesHeardTotal = MetricDescription(
        "tidings_store_changes_heard_total", help: "Other instances' writes heard through the database")
    public static let changeConnectionsLostTotal = MetricDescription(
        "tidings_store_change_connections_lost_total",
        help: "Times the connection listening for other instances' writes was lost")
    public static let buildInfo = MetricDescription(
        "tidings_build_info", help: "The build that answers: its version and the commit it was built from (always 1)")
    public static let traceSpansExported = MetricDescription(
        "tidings_trace_spans_exported_total", help: "Spans the collector took (tracing.otlp_endpoint)")
    public static let traceSpansDropped = MetricDescription(
        "tidings_trace_spans_dropped_total",
        help: "Spans not delivered to the collector, by reason: queue_full, export_failed, rejected")

    public static let all: [MetricDescription] = [
        httpRequestsTotal, httpRequestErrorsTotal, httpRequestDuration, httpActiveRequests, cacheLookupsTotal,
        dbWait, dbCall, dbCallsInFlight, pollerFetchesTotal, pollerLag, pollerFetch, liveStreams, eventsTotal,
        eventCommitsTotal, changesHeardTotal, changeConnectionsLostTotal, buildInfo, traceSpansExported,
        traceSpansDropped,
    ]
}
