import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id: the caller's `X-Request-Id` when it is a plain token (up to 128
/// letters, digits and `-_.:`, as a proxy or another service sends it), else Hummingbird's own. It
/// is the `request_id` of every line logged for the request, and the response's `X-Request-Id`,
/// so a user's report, the proxy's log and ours meet on one value.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("X-Request-Id")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let sent = request.headers[Self.header].flatMap(Self.accepted)
        let id = sent ?? context.id
        var context = context
        // One change to the logger's metadata: each change makes the stream log handler render
        // all of it again, which cost a cached page 7 % when done twice (docs/benchmarks.md).
        var metadata = context.logger.handler.metadata
        metadata["request_id"] = .string(id)
        // Hummingbird's own id (`context.id`) becomes the caller's, so no line carries two.
        if sent != nil { metadata["hb.request.id"] = .string(id) }
        context.logger.handler.metadata = metadata
        var response = try await next(request, context)
        response.headers[Self.header] = id
        return response
    }

    /// The caller's id when it is safe to log and echo: short, and only token characters.
    static func accepted(_ value: String) -> String? {
        guard (1...128).contains(value.utf8.count),
            value.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
            })
        else { return nil }
        return value
    }
}

/// One line per request once it is answered, at `level` (debug unless configured): method, path
/// (the route's pattern beside it), status and milliseconds as fields, the request id with them.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard context.logger.logLevel <= level else { return try await next(request, context) }
        let started = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.log(
            level: level, "\(request.method) \(request.uri.path) \(response.status.code)",
            metadata: [
                "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                "route": .string(context.endpointPath ?? "none"), "status": .stringConvertible(response.status.code),
                "duration_ms": .stringConvertible((milliseconds * 100).rounded() / 100),
            ])
        return response
    }
}
