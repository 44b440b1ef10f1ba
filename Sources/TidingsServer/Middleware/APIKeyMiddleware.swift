import Hummingbird
import TidingsStore

/// Lets a request through only with `Authorization: Bearer KEY` naming a live key whose scope
/// allows `scope`: 401 when the header is missing or the key unknown, 403 when the key was revoked
/// or may not do this. With `limiter`, each key's writes are held to `limits.key_rate` (429 with
/// `Retry-After`). Keys are read through `keys`, which keeps each for a second.
struct APIKeyMiddleware<Context: KeyedRequestContext>: RouterMiddleware {
    let keys: APIKeyCache
    /// What the routes behind it do.
    let scope: APIKeyScope
    var limiter: RateLimiter?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let secret = request.bearerToken else {
            throw Self.unauthorized("api: writes need Authorization: Bearer KEY")
        }
        guard !secret.isEmpty, secret.utf8.count <= 256, let key = try await keys.key(hash: APIKeys.hash(secret))
        else {
            throw Self.unauthorized("api: unknown API key")
        }
        guard key.revokedAt == nil else {
            throw HTTPAPIError(.forbidden, code: "forbidden", message: "api: API key \(key.id) was revoked")
        }
        guard key.scope.allows(scope) else {
            throw HTTPAPIError(
                .forbidden, code: "forbidden",
                message:
                    "api: API key \(key.id) has scope \(key.scope.rawValue); this needs \(scope.rawValue) (or admin)")
        }
        if let limiter, let wait = limiter.take(String(key.id)) {
            throw HTTPAPIError.rateLimited(wait, "API key \(key.id)")
        }
        var context = context
        context.apiKey = key
        return try await next(request, context)
    }

    static func unauthorized(_ message: String) -> HTTPAPIError {
        var error = HTTPAPIError(.unauthorized, code: "unauthorized", message: message)
        error.headers[.wwwAuthenticate] = "Bearer"
        return error
    }
}

/// A request context that remembers the API key a request was let in with.
protocol KeyedRequestContext: RequestContext {
    var apiKey: APIKeyRecord? { get set }
}

extension TidingsRequestContext: KeyedRequestContext {}
