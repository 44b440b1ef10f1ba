import Foundation
import TidingsModel

/// Poller settings (`fetch.*`).
public struct FetchSettings: Sendable, Hashable {
    /// Interval when a source gives no hint (`fetch.interval`, default 15m).
    public var interval: TimeInterval = 15 * 60
    /// No source is fetched more often (`fetch.min_interval`, default 1m).
    public var minInterval: TimeInterval = 60
    /// Nor less often, backoff included (`fetch.max_interval`, default 6h).
    public var maxInterval: TimeInterval = 6 * 3600
    /// Connect timeout (`fetch.connect_timeout`, default 10s).
    public var connectTimeout: TimeInterval = 10
    /// Read timeout: the longest wait for the next bytes (`fetch.read_timeout`, default 15s).
    public var readTimeout: TimeInterval = 15
    /// The longest one fetch may take, redirects, body and reading the document included, however
    /// the server trickles (`fetch.total_timeout`, default 30s). Other sources never wait for it.
    public var totalTimeout: TimeInterval = 30
    /// Body bytes kept after decompression; a longer body is cut there (`fetch.max_bytes`, default 16 MiB).
    public var maxBytes = 16 << 20
    /// Hosts, addresses or CIDR ranges fetched even though private or loopback (`fetch.allow_hosts`).
    public var allowHosts: [String] = []
    /// Sources fetched at once by one process (`fetch.concurrency`, default 4).
    public var concurrency = 4

    /// The defaults.
    public init() {}
}

extension FetchSettings {
    /// The keys of `fetch`.
    public static let settings: [Setting<FetchSettings>] = [
        .duration("interval", \.interval, minimum: 1, "poll interval when a source gives no hint"),
        .duration("min_interval", \.minInterval, minimum: 1, "no source is fetched more often"),
        .duration("max_interval", \.maxInterval, minimum: 1, "nor less often, backoff included"),
        .duration("connect_timeout", \.connectTimeout, minimum: 0.1, "connect timeout"),
        .duration("read_timeout", \.readTimeout, minimum: 0.1, "longest wait for the next bytes"),
        .duration("total_timeout", \.totalTimeout, minimum: 1, maximum: 600, "longest one fetch may take, at most 10m"),
        .bytes("max_bytes", \.maxBytes, 1024...(1 << 30), "body bytes kept after decompression"),
        .list("allow_hosts", \.allowHosts, "hosts, addresses or CIDR ranges fetched although private") {
            text, context in
            context.allowHostCheck?(text)
        },
        .int("concurrency", \.concurrency, 1...64, "sources fetched at once by one process"),
    ]
}
