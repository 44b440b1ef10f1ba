import Foundation
import Tracing

/// Spans as an OTLP `ExportTraceServiceRequest` in OTLP's JSON encoding (OTLP/HTTP,
/// `Content-Type: application/json`): ids as lowercase hex, 64-bit integers and times as decimal
/// strings, enums as numbers, field names in lowerCamelCase (opentelemetry-proto's JSON mapping).
enum OTLPJSON {
    /// The request body for `spans` from one process.
    static func request(_ spans: [FinishedSpan], resource: SpanAttributes, scopeVersion: String) throws -> Data {
        let body = Request(resourceSpans: [
            .init(
                resource: .init(attributes: keyValues(resource)),
                scopeSpans: [.init(scope: .init(name: "tidings", version: scopeVersion), spans: spans.map(Span.init))])
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // proto3's JSON mapping writes non-finite doubles as these strings.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try encoder.encode(body)
    }

    struct Request: Encodable { var resourceSpans: [ResourceSpans] }
    struct ResourceSpans: Encodable {
        var resource: Resource
        var scopeSpans: [ScopeSpans]
    }
    struct Resource: Encodable { var attributes: [KeyValue] }
    struct ScopeSpans: Encodable {
        var scope: Scope
        var spans: [Span]
    }
    struct Scope: Encodable {
        var name: String
        var version: String
    }

    struct Span: Encodable {
        var traceId: String
        var spanId: String
        var parentSpanId: String?
        var traceState: String?
        var name: String
        var kind: Int
        var startTimeUnixNano: String
        var endTimeUnixNano: String
        var attributes: [KeyValue]
        var events: [Event]
        var links: [Link]
        var status: Status?
        /// W3C trace flags in the low byte (sampled), and bits 8–9 saying whether the parent is remote.
        var flags: UInt32

        init(_ span: FinishedSpan) {
            traceId = span.trace.traceID.hex
            spanId = span.trace.spanID.hex
            parentSpanId = span.parentSpanID?.hex
            traceState = span.trace.traceState
            name = span.name
            kind =
                switch span.kind {
                case .internal: 1
                case .server: 2
                case .client: 3
                case .producer: 4
                case .consumer: 5
                }
            startTimeUnixNano = String(span.startNanoseconds)
            endTimeUnixNano = String(span.endNanoseconds)
            attributes = keyValues(span.attributes)
            events = span.events.map {
                Event(
                    timeUnixNano: String($0.nanosecondsSinceEpoch), name: $0.name, attributes: keyValues($0.attributes))
            }
            links = span.links.map {
                Link(
                    traceId: $0.trace.traceID.hex, spanId: $0.trace.spanID.hex, traceState: $0.trace.traceState,
                    attributes: keyValues($0.attributes))
            }
            status = span.status.map { Status(code: $0.code == .ok ? 1 : 2, message: $0.message) }
            flags = (span.trace.sampled ? 1 : 0) | 0x100 | (span.parentIsRemote ? 0x200 : 0)
        }
    }

    struct Event: Encodable {
        var timeUnixNano: String
        var name: String
        var attributes: [KeyValue]
    }
    struct Link: Encodable {
        var traceId: String
        var spanId: String
        var traceState: String?
        var attributes: [KeyValue]
    }
    struct Status: Encodable {
        var code: Int
        var message: String?
    }

    struct KeyValue: Encodable {
        var key: String
        var value: AnyValue
    }

    /// One of OTLP's value kinds; `intValue` is a string because it is 64 bits wide.
    enum AnyValue: Encodable {
        case string(String)
        case bool(Bool)
        case int(Int64)
        case double(Double)
        case array([AnyValue])

        init(_ attribute: SpanAttribute) {
            switch attribute {
            case .int32(let value): self = .int(Int64(value))
            case .int64(let value): self = .int(value)
            case .int32Array(let values): self = .array(values.map { .int(Int64($0)) })
            case .int64Array(let values): self = .array(values.map { .int($0) })
            case .double(let value): self = .double(value)
            case .doubleArray(let values): self = .array(values.map { .double($0) })
            case .bool(let value): self = .bool(value)
            case .boolArray(let values): self = .array(values.map { .bool($0) })
            case .string(let value): self = .string(value)
            case .stringArray(let values): self = .array(values.map { .string($0) })
            case .stringConvertible(let value): self = .string(value.description)
            case .stringConvertibleArray(let values): self = .array(values.map { .string($0.description) })
            default: self = .string("\(attribute)")
            }
        }

        enum CodingKeys: String, CodingKey {
            case stringValue, boolValue, intValue, doubleValue, arrayValue
        }
        struct ArrayValue: Encodable { var values: [AnyValue] }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .string(let value): try container.encode(value, forKey: .stringValue)
            case .bool(let value): try container.encode(value, forKey: .boolValue)
            case .int(let value): try container.encode(String(value), forKey: .intValue)
            case .double(let value): try container.encode(value, forKey: .doubleValue)
            case .array(let values): try container.encode(ArrayValue(values: values), forKey: .arrayValue)
            }
        }
    }

    /// Attributes in a stable order (by key), so equal spans encode alike.
    static func keyValues(_ attributes: SpanAttributes) -> [KeyValue] {
        var pairs: [KeyValue] = []
        // SpanAttributes is no Sequence: its own forEach is the one way through it.
        // swift-format-ignore: ReplaceForEachWithForLoop
        attributes.forEach { key, value in pairs.append(KeyValue(key: key, value: AnyValue(value))) }
        return pairs.sorted { $0.key < $1.key }
    }
}
