import AsyncHTTPClient
import Foundation
import Logging
import Metrics
import NIOCore
import ServiceLifecycle
import TidingsModel
import TidingsStore
import Tracing

/// Where and how spans are sent: `tracing.*` settings.
public struct OTLPConfiguration: Sendable {
    /// The collector's OTLP/HTTP traces address (`…/v1/traces`).
    public var endpoint: URL
    /// `service.name` on every span's resource.
    public var serviceName: String
    /// Headers sent with every export (a vendor's API key).
    public var headers: [(name: String, value: String)]
    /// The share of new traces recorded, 0 to 1.
    public var sampleRatio: Double
    /// How long an ended span waits at most before it is sent.
    public var interval: Duration = .seconds(5)
    /// Spans per request; a full batch is sent without waiting for the interval.
    public var batchSize = 512
    /// Spans held at most while the collector is slow or away; more are dropped and counted.
    public var queueLimit = 4096
    /// One export's time limit.
    public var timeout: Duration = .seconds(10)

    public init(
        endpoint: URL, serviceName: String = "tidings", headers: [(name: String, value: String)] = [],
        sampleRatio: Double = 1
    ) {
        self.endpoint = endpoint
        self.serviceName = serviceName
        self.headers = headers
        self.sampleRatio = sampleRatio
    }

    /// The traces address an operator's `tracing.otlp_endpoint` names: an address without a path
    /// (`http://collector:4318`) gets OTLP's `/v1/traces`, one with a path is taken as it is. Nil
    /// for anything but an http(s) URL with a host.
    public static func tracesURL(_ text: String) -> URL? {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), components.host?.isEmpty == false, components.query == nil,
            components.fragment == nil
        else { return nil }
        if components.path.isEmpty || components.path == "/" { components.path = "/v1/traces" }
        return components.url
    }

    /// `name=value,name=value` (OpenTelemetry's `OTEL_EXPORTER_OTLP_HEADERS` form, values
    /// percent-encoded); nil when an entry has no name or no `=`.
    public static func headers(_ text: String) -> [(name: String, value: String)]? {
        var headers: [(name: String, value: String)] = []
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard parts.count == 2, !name.isEmpty,
                name.utf8.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: ":") }),
                let value = parts[1].trimmingCharacters(in: .whitespaces).removingPercentEncoding,
                !value.contains(where: { $0.isNewline })
            else { return nil }
            headers.append((name, value))
        }
        return headers
    }
}

/// Sends ended spans to an OpenTelemetry collector over OTLP/HTTP with JSON bodies, in batches:
/// when `batchSize` spans wait or `interval` has passed, and everything left when the service
/// group shuts it down (put it first in the group, so it stops after the services that make spans).
///
/// A collector that answers 429, 502, 503 or 504, or cannot be reached, is tried twice more
/// (after its `Retry-After`, or one and then two seconds); then the batch is dropped and counted
/// (`tidings_trace_spans_dropped_total`), and the failure logged once a minute at most. Spans never
/// wait on the exporter: `enqueue` takes a lock, appends and returns, and drops a span once
/// `queueLimit` are waiting.
///
/// Written here rather than taken from swift-otel: that package (with its protobuf and semantic
/// conventions) adds about 7 minutes to a first build on two cores, for what is a few hundred lines
/// of JSON over HTTP (docs/operations.md, "Tracing").
public final class OTLPExporter: Service, Sendable {
    let configuration: OTLPConfiguration
    let resource: SpanAttributes
    let logger: Logger
    private let state = Locked(State())
    private let exported = Counter(label: MetricCatalog.traceSpansExported.name)
    private let droppedQueueFull = Counter(
        label: MetricCatalog.traceSpansDropped.name, dimensions: [("reason", "queue_full")])
    private let droppedExportFailed = Counter(
        label: MetricCatalog.traceSpansDropped.name, dimensions: [("reason", "export_failed")])
    private let droppedRejected = Counter(
        label: MetricCatalog.traceSpansDropped.name, dimensions: [("reason", "rejected")])

    struct State {
        var queue: [FinishedSpan] = []
        var waiter: CheckedContinuation<Void, Never>?
        var woken = false
        var failingSince: ContinuousClock.Instant?
        var lastFailureLogged: ContinuousClock.Instant?
    }

    public init(configuration: OTLPConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        resource = [
            "service.name": .string(configuration.serviceName),
            "service.version": .string(TidingsVersion.current),
            "service.instance.id": .string(
                "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"),
            "host.name": .string(ProcessInfo.processInfo.hostName),
            "process.pid": .int64(Int64(ProcessInfo.processInfo.processIdentifier)),
            "telemetry.sdk.name": .string("tidings"),
            "telemetry.sdk.language": .string("swift"),
            "telemetry.sdk.version": .string(TidingsVersion.current),
        ]
    }

    /// Takes an ended span; called by `OTLPSpan.end`, never waits.
    func enqueue(_ span: FinishedSpan) {
        let (accepted, full) = state.withLock { state in
            guard state.queue.count < configuration.queueLimit else { return (false, false) }
            state.queue.append(span)
            return (true, state.queue.count == configuration.batchSize)
        }
        if !accepted { droppedQueueFull.increment() }
        if full { wake() }
    }

    /// Sends what waits now rather than at the next interval.
    func flushSoon() { wake() }

    /// Spans waiting to be sent.
    public var waiting: Int { state.withLock { $0.queue.count } }

    public func run() async throws {
        var client = HTTPClient.Configuration(redirectConfiguration: .disallow)
        // Its own requests must make no spans: each export would otherwise trace the next one.
        client.tracing.tracer = nil
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: client)
        await withGracefulShutdownHandler {
            while !Task.isShuttingDownGracefully, !Task.isCancelled {
                await waitForWork()
                await sendWaiting(http, retries: 2, timeout: configuration.timeout)
            }
        } onGracefulShutdown: {
            self.wake()
        }
        // The services before it in the group have stopped: what they ended goes now, once, and
        // briefly: a collector that is away must not hold the process past its shutdown budget.
        await sendWaiting(http, retries: 0, timeout: min(configuration.timeout, .seconds(3)))
        try await http.shutdown()
    }

    /// Returns when a batch is full, a flush is asked for, shutdown begins or `interval` passed.
    private func waitForWork() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [interval = configuration.interval] in try? await Task.sleep(for: interval) }
            group.addTask { await self.woken() }
            await group.next()
            group.cancelAll()
        }
    }

    private func woken() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.woken || Task.isCancelled {
                        state.woken = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }
    }

    private func wake() {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.woken = true
                return nil
            }
            state.waiter = nil
            return waiter
        }?.resume()
    }

    /// Sends every waiting span, a batch at a time.
    private func sendWaiting(_ http: HTTPClient, retries: Int, timeout: Duration) async {
        while true {
            let batch = state.withLock { state in
                let batch = Array(state.queue.prefix(configuration.batchSize))
                state.queue.removeFirst(batch.count)
                return batch
            }
            guard !batch.isEmpty else { return }
            await send(batch, http, retries: retries, timeout: timeout)
        }
    }

    private func send(_ batch: [FinishedSpan], _ http: HTTPClient, retries: Int, timeout: Duration) async {
        let body: Data
        do {
            body = try OTLPJSON.request(batch, resource: resource, scopeVersion: TidingsVersion.current)
        } catch {
            failed(batch.count, "cannot encode spans: \(error)")
            return
        }
        var request = HTTPClientRequest(url: configuration.endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "tidings/\(TidingsVersion.current)")
        for header in configuration.headers { request.headers.add(name: header.name, value: header.value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        var attempt = 0
        while true {
            let outcome = await post(request, http, timeout: timeout)
            switch outcome {
            case .sent(let rejected, let message):
                exported.increment(by: Int64(batch.count - rejected))
                if rejected > 0 {
                    droppedRejected.increment(by: Int64(rejected))
                    logger.warning(
                        "tracing: the collector refused \(rejected) of \(batch.count) spans: \(message ?? "no reason given")"
                    )
                }
                recovered()
                return
            case .retry(_, let after) where attempt < retries && !Task.isShuttingDownGracefully:
                attempt += 1
                try? await Task.sleep(for: min(after ?? .seconds(1 << (attempt - 1)), .seconds(30)))
            case .retry(let reason, _), .failed(let reason):
                failed(batch.count, reason)
                return
            }
        }
    }

    enum Outcome {
        case sent(rejected: Int, message: String?)
        case retry(String, after: Duration?)
        case failed(String)
    }

    private func post(_ request: HTTPClientRequest, _ http: HTTPClient, timeout: Duration) async -> Outcome {
        let (seconds, attoseconds) = timeout.components
        do {
            let response = try await http.execute(
                request, timeout: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
            let answer = try? await response.body.collect(upTo: 64 * 1024)
            let text = answer.map { String(buffer: $0) }
            switch response.status.code {
            case 200..<300:
                let partial = answer.flatMap {
                    try? JSONDecoder().decode(Answer.self, from: Data($0.readableBytesView))
                }?
                .partialSuccess
                return .sent(rejected: Int(partial?.rejectedSpans ?? "0") ?? 0, message: partial?.errorMessage)
            case 429, 502, 503, 504:
                let after = response.headers.first(name: "Retry-After").flatMap(Int.init).map { Duration.seconds($0) }
                return .retry("the collector answered \(response.status.code)", after: after)
            default:
                let said = text.map { ": " + String($0.prefix(200)) } ?? ""
                return .failed("the collector answered \(response.status.code)\(said)")
            }
        } catch {
            return .retry("cannot reach \(configuration.endpoint.absoluteString): \(error)", after: nil)
        }
    }

    /// OTLP's `ExportTraceServiceResponse`: a partial success names the spans refused.
    struct Answer: Decodable {
        struct PartialSuccess: Decodable {
            var rejectedSpans: String?
            var errorMessage: String?

            enum CodingKeys: CodingKey { case rejectedSpans, errorMessage }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                errorMessage = try container.decodeIfPresent(String.self, forKey: .errorMessage)
                // int64 is a string in OTLP's JSON, but some receivers write a number.
                rejectedSpans =
                    (try? container.decodeIfPresent(String.self, forKey: .rejectedSpans))
                    ?? (try? container.decodeIfPresent(Int64.self, forKey: .rejectedSpans)).flatMap {
                        $0.map(String.init)
                    }
            }
        }
        var partialSuccess: PartialSuccess?
    }

    private func failed(_ count: Int, _ reason: String) {
        droppedExportFailed.increment(by: Int64(count))
        let now = ContinuousClock.now
        let log = state.withLock { state in
            if state.failingSince == nil { state.failingSince = now }
            guard state.lastFailureLogged.map({ now - $0 >= .seconds(60) }) ?? true else { return false }
            state.lastFailureLogged = now
            return true
        }
        if log { logger.warning("tracing: dropped \(count) spans: \(reason)") }
    }

    private func recovered() {
        let since = state.withLock { state in
            defer {
                state.failingSince = nil
                state.lastFailureLogged = nil
            }
            return state.failingSince
        }
        if let since {
            logger.notice("tracing: the collector takes spans again (failing for \(ContinuousClock.now - since))")
        }
    }
}
