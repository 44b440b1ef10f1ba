import Hummingbird

/// What every request goes through before the router, in this order: a live stream's request
/// moved to a child task first, so the chain's memory is not kept while the stream stays open; the
/// request id, a span (only when a tracer is bootstrapped), the metrics and the access log outside
/// the error envelope, so they all see refusals as the answers they become; the client's rate limit
/// (when configured); and the kept answers. A kept answer is found before the router looks for the
/// route: Hummingbird's router splits the path a character at a time, ~10,000 instructions for the
/// six segments of a section's JSON path (docs/benchmarks.md, instructions a request); the kept
/// answer names its route for the metrics. What the router runs around every route is
/// ``RouteMiddleware``.
///
/// One middleware of concrete types rather than each added on its own: Hummingbird calls a
/// middleware added on its own through an existential and a closure, an async frame and a
/// type-metadata lookup per middleware per request; Hummingbird's fixed-type stack
/// (`addMiddleware { … }`) is called through an existential too, so its generic steps run
/// unspecialized. Here every step is known when this module is compiled and the chain is
/// specialized and inlined as one call (docs/benchmarks.md, every page against the ceiling). A
/// class: a struct of eight steps was copied for every request (a retain now).
final class EveryRequestMiddleware: RouterMiddleware {
    typealias Context = TidingsRequestContext

    let streams = StreamRequestsMiddleware<Context>()
    let ids = RequestIDMiddleware<Context>()
    let tracing: TracingMiddleware<Context>?
    let metrics = RequestMetricsMiddleware<Context>()
    let accessLog = AccessLogMiddleware<Context>(level: .debug)
    let envelope = ErrorEnvelopeMiddleware<Context>()
    let clientLimit: ClientRateLimitMiddleware?
    let kept: KeptResponsesMiddleware<Context>

    init(
        tracing: TracingMiddleware<Context>?, clientLimit: ClientRateLimitMiddleware?,
        kept: KeptResponsesMiddleware<Context>
    ) {
        self.tracing = tracing
        self.clientLimit = clientLimit
        self.kept = kept
    }

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
                        try await kept.handle(request, context: context, next: next)
                    }
                }
            }
        }
    }

    /// `middleware` around `next` when there is one, else `next` alone.
    static func optional<M: RouterMiddleware>(
        _ middleware: M?, _ request: Request, _ context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response where M.Context == Context {
        guard let middleware else { return try await next(request, context) }
        return try await middleware.handle(request, context: context, next: next)
    }
}

/// The router's responder behind ``EveryRequestMiddleware``: what the server answers with.
struct EveryRequestResponder<Router: HTTPResponder>: HTTPResponder where Router.Context == TidingsRequestContext {
    let chain: EveryRequestMiddleware
    let router: Router

    func respond(to request: Request, context: TidingsRequestContext) async throws -> Response {
        try await chain.handle(request, context: context) { request, context in
            try await router.respond(to: request, context: context)
        }
    }
}

/// What the router runs around every route and its own 404: the error envelope, outside the
/// compression (when on), so the kept answers are kept compressed and errors, enveloped, are not
/// (the compression only takes 200s). The envelope is here as well as in
/// ``EveryRequestMiddleware``: Hummingbird's router turns an error that leaves its middleware
/// into its own plain answer, so a route's errors are enveloped before they leave it.
struct RouteMiddleware: RouterMiddleware {
    typealias Context = TidingsRequestContext

    let envelope = ErrorEnvelopeMiddleware<Context>()
    let compression: CompressionMiddleware<Context>?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        try await envelope.handle(request, context: context) { request, context in
            try await EveryRequestMiddleware.optional(compression, request, context, next: next)
        }
    }
}
