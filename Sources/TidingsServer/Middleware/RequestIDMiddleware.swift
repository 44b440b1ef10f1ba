import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The logger metadata key under which a request's id is kept: Hummingbird's own, set on every
/// request's logger; the log formats write it as `request_id`.
public let requestIDMetadataKey = "hb.request.id"

private let requestIDHeader = HTTPField.Name("X-Request-Id")!

/// Gives every request an id: the caller's `X-Request-Id` when it is a plain token (up to 128
/// letters, digits and `-_.:`, as a proxy or another service sends it), else Hummingbird's own. It
/// is the `request_id` of every line logged for the request, and the response's `X-Request-Id`,
/// so a user's report, the proxy's log and ours meet on one value.
///
/// The id lives in the logger's metadata under Hummingbird's key (`hb.request.id`), which both log
/// formats write as `request_id` (``JSONLogLine``, ``TextLogLine``): a request that sends no id
/// changes no metadata at all, and one that does replaces Hummingbird's value — one change, one id
/// a line. Every metadata change copies the logger's dictionary, and this runs on every request
/// (docs/benchmarks.md, instructions a request).
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Made once (a generic type holds no stored static): a name made from a string is checked and
    /// lowercased each time.
    static var header: HTTPField.Name { requestIDHeader }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let sent = request.headers[Self.header].flatMap(Self.accepted) else {
            var response = try await next(request, context)
            response.headers.append(HTTPField(name: Self.header, value: context.id))
            return response
        }
        var context = context
        context.logger[metadataKey: requestIDMetadataKey] = .string(sent)
        var response = try await next(request, context)
        response.headers.append(HTTPField(name: Self.header, value: sent))
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
