import Foundation
import HTTPTypes
import Hummingbird

/// Per-client rate limit (`limits.client_rate`) on every route but the health checks, which load
/// balancers poll from one address. The client is the connection's peer, or with
/// `limits.trust_forwarded_for` the last `X-Forwarded-For` address (the one the proxy added).
struct ClientRateLimitMiddleware: RouterMiddleware {
    typealias Context = TidingsRequestContext
    let limiter: RateLimiter
    let trustForwardedFor: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if !request.uri.path.hasPrefix("/health"), let client = client(request, context),
            let wait = limiter.take(client)
        {
            throw HTTPAPIError.rateLimited(wait, "this client")
        }
        return try await next(request, context)
    }

    func client(_ request: Request, _ context: Context) -> String? {
        if trustForwardedFor, let last = request.forwardedFor.last, !last.isEmpty { return last }
        return context.peerAddress
    }
}

extension HTTPAPIError {
    /// 429 with `Retry-After` in whole seconds (at least 1), naming who is over the limit.
    static func rateLimited(_ wait: Duration, _ who: String) -> HTTPAPIError {
        let seconds = max(1, Int((wait / .seconds(1)).rounded(.up)))
        var error = HTTPAPIError(
            .tooManyRequests, code: "rate_limited",
            message: "api: too many requests from \(who); retry after \(seconds) s")
        error.headers[.retryAfter] = "\(seconds)"
        return error
    }
}
