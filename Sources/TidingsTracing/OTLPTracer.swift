import Foundation
import TidingsModel
import Tracing

/// The tracer `tidings serve` bootstraps when `tracing.otlp_endpoint` is set: spans get W3C ids,
/// continue the caller's trace from `traceparent`, and go to `OTLPExporter` when they end.
///
/// Sampling is parent-based, as OpenTelemetry's default: a span whose caller's trace is sampled is
/// recorded, one whose caller said "not sampled" is not, and a new trace is recorded with the
/// probability `sampleRatio`, decided from the trace id (so every service with the same ratio
/// decides alike).
public struct OTLPTracer: Tracer {
    public typealias Span = OTLPSpan

    let exporter: OTLPExporter
    let sampleRatio: Double
    private let random = Locked(SystemRandomNumberGenerator())

    public init(exporter: OTLPExporter, sampleRatio: Double = 1) {
        self.exporter = exporter
        self.sampleRatio = min(1, max(0, sampleRatio))
    }

    public func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> OTLPSpan {
        var context = context()
        let parent = context.traceContext
        let (traceID, spanID) = random.withLock { random in
            (parent?.traceID ?? TraceID.random(using: &random), SpanID.random(using: &random))
        }
        context.traceContext = TraceContext(
            traceID: traceID, spanID: spanID, sampled: parent?.sampled ?? samples(traceID),
            traceState: parent?.traceState)
        let exporter = exporter
        return OTLPSpan(
            operationName: operationName, context: context, kind: kind,
            startNanoseconds: instant().nanosecondsSinceEpoch, parent: parent,
            onEnd: { exporter.enqueue($0) })
    }

    /// OpenTelemetry's TraceIdRatioBased rule: the trace id's low 8 bytes below ratio × 2⁶⁴.
    func samples(_ traceID: TraceID) -> Bool {
        if sampleRatio >= 1 { return true }
        if sampleRatio <= 0 { return false }
        return Double(traceID.low) < sampleRatio * 0x1p64
    }

    /// Asks the exporter to send what it holds now rather than at its next interval.
    public func forceFlush() { exporter.flushSoon() }

    public func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {
        guard let parent = extractor.extract(key: "traceparent", from: carrier),
            let trace = TraceContext(
                traceParent: parent.trimmingCharacters(in: .whitespaces),
                traceState: extractor.extract(key: "tracestate", from: carrier))
        else { return }
        context.traceContext = trace
    }

    public func inject<Carrier, Inject: Injector>(
        _ context: ServiceContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {
        guard let trace = context.traceContext else { return }
        injector.inject(trace.traceParent, forKey: "traceparent", into: &carrier)
        if let state = trace.traceState { injector.inject(state, forKey: "tracestate", into: &carrier) }
    }
}
