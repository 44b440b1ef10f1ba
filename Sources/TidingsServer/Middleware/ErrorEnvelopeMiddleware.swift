import Hummingbird
import Logging
import TidingsCatalog
import TidingsStore

/// Renders every error in the one envelope. Catalog refusals map to 404/409/422; Hummingbird's own
/// errors (404 for an unknown route, 413 from the body limit) keep their status; a database that
/// cannot answer now becomes 503 with `Retry-After` (logged once); anything unexpected becomes a
/// logged 500.
struct ErrorEnvelopeMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPAPIError {
            return try error.response(from: request, context: context)
        } catch let error as CatalogError {
            // Refusals of the catalog domain keep their meaning wherever they are thrown.
            return try HTTPAPIError(error).response(from: request, context: context)
        } catch let error as StoreUnavailable {
            StoreTrouble.shared.report(error, logger: context.logger)
            var refusal = HTTPAPIError(
                .serviceUnavailable, code: "unavailable",
                message: "api: the database cannot answer now; try again in \(error.retryAfter) s")
            refusal.headers = StoreTrouble.headers(error)
            return try refusal.response(from: request, context: context)
        } catch let error as HTTPError {
            return try Self.envelope(for: error.status, message: error.body).response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            return try Self.envelope(for: error.status, message: nil).response(from: request, context: context)
        } catch {
            context.logger.error("api: unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return try HTTPAPIError(.internalServerError, code: "internal", message: "api: internal error")
                .response(from: request, context: context)
        }
    }

    static func envelope(for status: HTTPResponse.Status, message: String?) -> HTTPAPIError {
        let code: String =
            switch status {
            case .badRequest: "bad_request"
            case .unauthorized: "unauthorized"
            case .forbidden: "forbidden"
            case .notFound: "not_found"
            case .methodNotAllowed: "method_not_allowed"
            case .contentTooLarge: "payload_too_large"
            case .unsupportedMediaType: "unsupported_media_type"
            default: status.code >= 500 ? "internal" : "error"
            }
        let text =
            switch status {
            case .notFound: "api: no such resource"
            case .contentTooLarge: "api: the request body is over 1 MiB"
            default: "api: \(message ?? status.reasonPhrase)"
            }
        return HTTPAPIError(status, code: code, message: text)
    }
}
