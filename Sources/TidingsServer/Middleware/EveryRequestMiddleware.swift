import Hummingbird

/// What every request goes through before its route, in this order: a live stream's request
/// moved to a child task first, so the chain's memory is not kept while the stream stays open; the
/// request id, a span (only when a tracer is bootstrapped), the metrics and the access log outside
/// the error envelope, so they all see refusals as the answers they become; the client's rate limit
/// (when configured); the kept answers; and inside them the compression (when on), so they are
/// kept compressed — errors thrown below are enveloped above and not compressed, as the
/// compression only takes 200s.
///
/// One middleware of concrete types rather than each added to the router on its own: Hummingbird
/// calls a middleware added on its own through an existential and a closure, an async frame and a
/// type-metadata lookup per middleware per request; Hummingbird's fixed-type stack
/// (`addMiddleware { … }`) is called through an existential too, so its generic steps run
/// unspecialized. Here every step is known when this module is compiled and the chain is
/// specialized and inlined as one call (docs/benchmarks.md, every page against the ceiling).
struct EveryRequestMiddleware: RouterMiddleware {
    typealias Context = TidingsRequestContext

    let streams = StreamRequestsMiddleware<Context>()
    let ids = RequestIDMiddleware<Context>()
    let tracing: TracingMiddleware<Context>?
    let metrics = RequestMetricsMiddleware<Context>()
    let accessLog = AccessLogMiddleware<Context>(level: .debug)
    let envelope = ErrorEnvelopeMiddleware<Context>()
    let clientLimit: ClientRateLimitMiddleware?
    let kept: KeptResponsesMiddleware<Context>
    let compression: CompressionMiddleware<Context>?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        try await streams.handle(request, context: context) { request, context in
            try await ids.handle(request, context: context) { request, context in
                try await Self.optional(tracing, request, context) { request, context in
                    try await measured(request, context, next: next)
                }
            }
        }
    }

    private func measured(_ request: Request, _ context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        try await metrics.handle(request, context: context) { request, context in
            try await accessLog.handle(request, context: context) { request, context in
                try await envelope.handle(request, context: context) { request, context in
                    try await Self.optional(clientLimit, request, context) { request, context in
                        try await kept.handle(request, context: context) { request, context in
                            try await Self.optional(compression, request, context, next: next)
                        }
                    }
                }
            }
        }
    }

    /// `middleware` around `next` when there is one, else `next` alone.
    private static func optional<M: RouterMiddleware>(
        _ middleware: M?, _ request: Request, _ context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response where M.Context == Context {
        guard let middleware else { return try await next(request, context) }
        return try await middleware.handle(request, context: context, next: next)
    }
}
