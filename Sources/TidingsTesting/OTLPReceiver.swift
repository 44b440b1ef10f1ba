import Foundation
import Hummingbird
import TidingsModel

/// A stand-in OpenTelemetry collector on loopback: it takes OTLP/HTTP JSON posts to `/v1/traces`,
/// decodes them by the OTLP specification (its own reading, not the exporter's types) and keeps
/// the spans; `answers` scripts its first replies (a 503, then the normal 200).
public final class OTLPReceiver: Sendable {
    private let state: Locked<State>

    struct State {
        var spans: [ReceivedSpan] = []
        var resources: [[String: ReceivedValue]] = []
        var posts = 0
        var headers: [[String: String]] = []
        var problems: [String] = []
        var answers: [Int]
    }

    /// `answers`: the statuses of the first posts (then 200).
    public init(answers: [Int] = []) {
        state = Locked(State(answers: answers))
    }

    /// Spans received so far, in order.
    public var spans: [ReceivedSpan] { state.withLock { $0.spans } }
    /// Each request's resource attributes.
    public var resources: [[String: ReceivedValue]] { state.withLock { $0.resources } }
    /// Posts received, answered or not.
    public var posts: Int { state.withLock { $0.posts } }
    /// Each post's headers, names in lowercase.
    public var headers: [[String: String]] { state.withLock { $0.headers } }
    /// Posts that were not OTLP JSON, with why.
    public var problems: [String] { state.withLock { $0.problems } }

    /// Runs `body` with the receiver's traces address (`http://127.0.0.1:PORT/v1/traces`).
    public func with(_ body: (String) async throws -> Void) async throws {
        let router = Router()
        router.post("/v1/traces") { request, _ -> Response in
            let data = try await request.body.collect(upTo: 16 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let status = self.take(Data(buffer: data), headers: headers)
            var response = Response(status: .init(code: status))
            if status == 200 {
                response.headers[.contentType] = "application/json"
                response.body = .init(byteBuffer: ByteBuffer(string: "{}"))
            }
            return response
        }
        try await LoopbackServer.with(router) { port in try await body("http://127.0.0.1:\(port)/v1/traces") }
    }

    private func take(_ data: Data, headers: [String: String]) -> Int {
        let status = state.withLock { state in
            state.posts += 1
            state.headers.append(headers)
            return state.answers.isEmpty ? 200 : state.answers.removeFirst()
        }
        guard status == 200 else { return status }
        guard headers["content-type"] == "application/json" else {
            state.withLock { $0.problems.append("Content-Type \(headers["content-type"] ?? "none")") }
            return 415
        }
        do {
            let request = try JSONDecoder().decode(ExportRequest.self, from: data)
            let spans = try request.resourceSpans.flatMap(\.scopeSpans).flatMap(\.spans).map { try $0.received() }
            let resources = request.resourceSpans.map(\.resource.attributes.dictionary)
            state.withLock { state in
                state.spans += spans
                state.resources += resources
            }
        } catch {
            state.withLock { $0.problems.append("\(error)") }
            return 400
        }
        return 200
    }

    // MARK: OTLP's JSON encoding, as opentelemetry-proto's JSON mapping writes it

    struct ExportRequest: Decodable { var resourceSpans: [ResourceSpans] }
    struct ResourceSpans: Decodable {
        var resource: Resource
        var scopeSpans: [ScopeSpans]
    }
    struct Resource: Decodable { var attributes: [KeyValue] }
    struct ScopeSpans: Decodable { var spans: [Span] }
    struct Span: Decodable {
        var traceId: String
        var spanId: String
        var parentSpanId: String?
        var name: String
        var kind: Int
        var startTimeUnixNano: String
        var endTimeUnixNano: String
        var attributes: [KeyValue]?
        var events: [Event]?
        var status: Status?
        var flags: UInt32?

        func received() throws -> ReceivedSpan {
            let hex = { (text: String, length: Int) throws -> String in
                guard text.count == length, Hex.bytes(text) != nil, text == text.lowercased() else {
                    throw Problem("\(text) is not \(length) lowercase hex digits")
                }
                return text
            }
            guard let start = UInt64(startTimeUnixNano), let end = UInt64(endTimeUnixNano) else {
                throw Problem("times must be decimal strings")
            }
            return ReceivedSpan(
                traceID: try hex(traceId, 32), spanID: try hex(spanId, 16),
                parentSpanID: try parentSpanId.flatMap { $0.isEmpty ? nil : try hex($0, 16) }, name: name, kind: kind,
                startNanoseconds: start, endNanoseconds: end, attributes: attributes?.dictionary ?? [:],
                events: events?.map { ($0.name, $0.attributes?.dictionary ?? [:]) } ?? [],
                statusCode: status?.code ?? 0, flags: flags ?? 0)
        }
    }
    struct Event: Decodable {
        var name: String
        var attributes: [KeyValue]?
    }
    struct Status: Decodable { var code: Int? }
    struct KeyValue: Decodable {
        var key: String
        var value: ReceivedValue
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// A span as the receiver decoded it.
public struct ReceivedSpan: Sendable {
    public var traceID: String
    public var spanID: String
    public var parentSpanID: String?
    public var name: String
    /// OTLP's SpanKind: 1 internal, 2 server, 3 client.
    public var kind: Int
    public var startNanoseconds: UInt64
    public var endNanoseconds: UInt64
    public var attributes: [String: ReceivedValue]
    public var events: [(name: String, attributes: [String: ReceivedValue])]
    /// 0 unset, 1 ok, 2 error.
    public var statusCode: Int
    public var flags: UInt32
}

/// An OTLP `AnyValue`: 64-bit integers must come as strings, as the JSON mapping says.
public enum ReceivedValue: Sendable, Equatable, Decodable {
    case string(String)
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case array([ReceivedValue])

    enum CodingKeys: String, CodingKey { case stringValue, boolValue, intValue, doubleValue, arrayValue }
    struct Values: Decodable { var values: [ReceivedValue]? }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeIfPresent(String.self, forKey: .stringValue) {
            self = .string(value)
        } else if let value = try container.decodeIfPresent(Bool.self, forKey: .boolValue) {
            self = .bool(value)
        } else if let text = try container.decodeIfPresent(String.self, forKey: .intValue) {
            guard let value = Int64(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .intValue, in: container, debugDescription: "not a decimal int64")
            }
            self = .int(value)
        } else if let value = try container.decodeIfPresent(Double.self, forKey: .doubleValue) {
            self = .double(value)
        } else if let values = try container.decodeIfPresent(Values.self, forKey: .arrayValue) {
            self = .array(values.values ?? [])
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no value"))
        }
    }
}

extension [OTLPReceiver.KeyValue] {
    var dictionary: [String: ReceivedValue] {
        Dictionary(map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }
}
