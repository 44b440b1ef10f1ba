import TidingsModel
import Tracing

/// A span's place in a trace, as W3C Trace Context (`traceparent`, `tracestate`) carries it between
/// processes: the 16-byte trace id, the 8-byte span id, whether the trace is sampled, and the
/// vendors' `tracestate` passed on untouched.
public struct TraceContext: Sendable, Hashable {
    public var traceID: TraceID
    public var spanID: SpanID
    /// The W3C `sampled` flag: the trace is recorded (by this process and, it asks, by the next).
    public var sampled: Bool
    /// `tracestate` as received, passed on as it is.
    public var traceState: String?
    /// Extracted from a caller's headers rather than made here.
    public var isRemote: Bool

    public init(traceID: TraceID, spanID: SpanID, sampled: Bool, traceState: String? = nil, isRemote: Bool = false) {
        self.traceID = traceID
        self.spanID = spanID
        self.sampled = sampled
        self.traceState = traceState
        self.isRemote = isRemote
    }

    /// The `traceparent` header's value: `00-TRACEID-SPANID-FLAGS`.
    public var traceParent: String {
        "00-\(traceID.hex)-\(spanID.hex)-\(sampled ? "01" : "00")"
    }

    /// Reads a `traceparent` header as the W3C recommendation says: version `00` with exactly its
    /// four fields, a later version by its first four (it may add more after a dash), never version
    /// `ff`, no all-zero id, lowercase hex only. Nil for anything else: the request then starts a
    /// new trace.
    public init?(traceParent value: String, traceState: String? = nil) {
        let fields = value.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count >= 4,
            zip(fields, [2, 32, 16, 2]).allSatisfy({ $0.utf8.count == $1 && Self.isLowerHex($0) }),
            let version = Hex.bytes(String(fields[0]))?.first, version != 0xff, version != 0 || fields.count == 4,
            let trace = Hex.bytes(String(fields[1])), let traceID = TraceID(bytes: trace),
            let span = Hex.bytes(String(fields[2])), let spanID = SpanID(Self.integer(span)),
            let flags = Hex.bytes(String(fields[3]))?.first
        else { return nil }
        self.init(
            traceID: traceID, spanID: spanID, sampled: flags & 1 == 1,
            traceState: traceState.flatMap { $0.isEmpty ? nil : $0 }, isRemote: true)
    }

    /// W3C refuses uppercase hex in `traceparent`.
    private static func isLowerHex(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Big-endian bytes as one number.
    static func integer(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A number's 8 big-endian bytes.
    static func bytes(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}

/// A trace's 16-byte id; never all zero.
public struct TraceID: Sendable, Hashable {
    public var high: UInt64
    public var low: UInt64

    public init?(high: UInt64, low: UInt64) {
        guard high != 0 || low != 0 else { return nil }
        self.high = high
        self.low = low
    }

    init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.init(high: TraceContext.integer(bytes.prefix(8)), low: TraceContext.integer(bytes.suffix(8)))
    }

    /// A new random id.
    public static func random<Generator: RandomNumberGenerator>(using generator: inout Generator) -> TraceID {
        while true {
            if let id = TraceID(high: generator.next(), low: generator.next()) { return id }
        }
    }

    /// 32 lowercase hex digits, as `traceparent` and OTLP's JSON write it.
    public var hex: String { Hex.string(TraceContext.bytes(high) + TraceContext.bytes(low)) }
}

/// A span's 8-byte id; never zero.
public struct SpanID: Sendable, Hashable {
    public var value: UInt64

    public init?(_ value: UInt64) {
        guard value != 0 else { return nil }
        self.value = value
    }

    /// A new random id.
    public static func random<Generator: RandomNumberGenerator>(using generator: inout Generator) -> SpanID {
        while true {
            if let id = SpanID(generator.next()) { return id }
        }
    }

    /// 16 lowercase hex digits.
    public var hex: String { Hex.string(TraceContext.bytes(value)) }
}

extension ServiceContext {
    /// The span this context is in: the current span's, or the caller's after `extract`.
    public var traceContext: TraceContext? {
        get { self[TraceContextKey.self] }
        set { self[TraceContextKey.self] = newValue }
    }
}

private enum TraceContextKey: ServiceContextKey {
    typealias Value = TraceContext
    static var nameOverride: String? { "traceparent" }
}
