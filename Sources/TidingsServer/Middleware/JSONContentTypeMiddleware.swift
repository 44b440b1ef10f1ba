import Foundation
import Hummingbird

/// Writes to the JSON API take JSON only: 415 for a write whose `Content-Type` is not JSON, or that
/// carries a body with no `Content-Type` — so a form another site posts is never read. Routes that
/// read a body also refuse a missing `Content-Type` when the body is empty (see
/// ``TidingsRequestDecoder``). The web reader's own form posts do not pass through here.
struct JSONContentTypeMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        switch request.method {
        case .post, .put, .patch, .delete:
            if let type = request.headers[.contentType] {
                guard JSONMediaType.matches(type) else { throw JSONMediaType.refusal(type) }
            } else if Self.hasBody(request) {
                throw JSONMediaType.refusal(nil)
            }
        default:
            break
        }
        return try await next(request, context)
    }

    static func hasBody(_ request: Request) -> Bool {
        if let length = request.headers[.contentLength] { return length != "0" }
        return request.headers[.transferEncoding] != nil
    }
}

/// The media types a JSON write may declare.
enum JSONMediaType {
    /// `application/json` or `application/*+json`, with any parameters (`; charset=utf-8`).
    static func matches(_ contentType: String) -> Bool {
        let mediaType = HeaderValue.mediaType(contentType)
        guard mediaType.hasPrefix("application/") else { return false }
        return mediaType == "application/json" || (mediaType.hasSuffix("+json") && mediaType.count > 17)
    }

    /// The 415 for a write whose body is declared as `contentType` (nil: not declared).
    static func refusal(_ contentType: String?) -> HTTPAPIError {
        let declared = contentType.map { $0.isEmpty ? "an empty Content-Type" : $0 } ?? "no Content-Type"
        return HTTPAPIError(
            .unsupportedMediaType, code: "unsupported_media_type",
            message: "api: writes take JSON sent as Content-Type: application/json, not \(declared)")
    }
}
