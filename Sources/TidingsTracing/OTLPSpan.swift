import TidingsModel
import Tracing

/// A span of `OTLPTracer`: it records while open and hands itself to the exporter when it ends.
/// A span of a trace that is not sampled records nothing, but its context still travels, so the
/// next service makes the same decision.
public struct OTLPSpan: Span {
    public let context: ServiceContext
    public let kind: SpanKind
    let startNanoseconds: UInt64
    let parent: TraceContext?
    private let state: Locked<State>
    private let onEnd: @Sendable (FinishedSpan) -> Void

    struct State {
        var operationName: String
        var attributes: SpanAttributes = [:]
        var events: [SpanEvent] = []
        var links: [SpanLink] = []
        var status: SpanStatus?
        var isRecording: Bool
    }

    init(
        operationName: String, context: ServiceContext, kind: SpanKind, startNanoseconds: UInt64,
        parent: TraceContext?, onEnd: @escaping @Sendable (FinishedSpan) -> Void
    ) {
        self.context = context
        self.kind = kind
        self.startNanoseconds = startNanoseconds
        self.parent = parent
        self.onEnd = onEnd
        state = Locked(State(operationName: operationName, isRecording: context.traceContext?.sampled == true))
    }

    public var isRecording: Bool { state.withLock { $0.isRecording } }

    public var operationName: String {
        get { state.withLock { $0.operationName } }
        nonmutating set { state.withLock { if $0.isRecording { $0.operationName = newValue } } }
    }

    public var attributes: SpanAttributes {
        get { state.withLock { $0.attributes } }
        nonmutating set { state.withLock { if $0.isRecording { $0.attributes = newValue } } }
    }

    public func setStatus(_ status: SpanStatus) {
        state.withLock { state in
            // OpenTelemetry: Ok is final; an error never replaces it.
            guard state.isRecording, state.status?.code != .ok else { return }
            state.status = status
        }
    }

    public func addEvent(_ event: SpanEvent) {
        state.withLock { if $0.isRecording { $0.events.append(event) } }
    }

    public func addLink(_ link: SpanLink) {
        state.withLock { if $0.isRecording { $0.links.append(link) } }
    }

    /// An `exception` event with the error's type and text, as OpenTelemetry's conventions name them.
    /// The span's status is left to the code that knows whether the error failed the operation.
    public func recordError<Instant: TracerInstant>(
        _ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant
    ) {
        guard isRecording else { return }
        var attributes = attributes
        attributes["exception.type"] = String(reflecting: type(of: error))
        attributes["exception.message"] = String(describing: error)
        addEvent(SpanEvent(name: "exception", at: instant(), attributes: attributes))
    }

    public func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        let ended: State? = state.withLock { state in
            guard state.isRecording else { return nil }
            state.isRecording = false
            return state
        }
        guard let ended, let trace = context.traceContext else { return }
        onEnd(
            FinishedSpan(
                name: ended.operationName, trace: trace, parentSpanID: parent?.spanID,
                parentIsRemote: parent?.isRemote == true, kind: kind,
                startNanoseconds: startNanoseconds,
                endNanoseconds: max(startNanoseconds, instant().nanosecondsSinceEpoch),
                attributes: ended.attributes, events: ended.events,
                links: ended.links.compactMap { link in
                    link.context.traceContext.map { FinishedSpan.Link(trace: $0, attributes: link.attributes) }
                },
                status: ended.status))
    }
}

/// An ended span, as the exporter sends it.
public struct FinishedSpan: Sendable {
    public var name: String
    public var trace: TraceContext
    public var parentSpanID: SpanID?
    /// The parent came from another process's `traceparent`.
    public var parentIsRemote: Bool
    public var kind: SpanKind
    public var startNanoseconds: UInt64
    public var endNanoseconds: UInt64
    public var attributes: SpanAttributes
    public var events: [SpanEvent]
    public var links: [Link]
    public var status: SpanStatus?

    public struct Link: Sendable {
        public var trace: TraceContext
        public var attributes: SpanAttributes
    }
}
