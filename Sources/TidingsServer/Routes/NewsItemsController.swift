import Foundation
import Hummingbird
import TidingsCatalog
import TidingsModel

/// `GET /api/v1/news_items`: newest first, keyset-paged, localized, served from cached bytes.
struct NewsItemsController: Sendable {
    let catalog: CatalogService
    let live: LiveUpdates
    let keys: SigningKeys
    /// The language of readers who name none (`locale.default`).
    let defaultLocale: LanguageTag
    static let defaultLimit = 50
    static let maximumLimit = 200

    func addRoutes(to router: Router<TidingsRequestContext>) {
        router.get("/api/v1/news_items", use: list)
        router.get("/api/v1/news_items/updates", use: updates)
    }

    /// Server-Sent Events: `update` when news items are added or changed (``LiveStream``).
    @Sendable func updates(request: Request, context: TidingsRequestContext) async throws -> Response {
        live.response(.newsItems, since: try LiveStream.resumption(request, of: .newsItems), on: context.channel)
    }

    @Sendable func list(request: Request, context: TidingsRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let limit = try request.limit(standard: Self.defaultLimit, maximum: Self.maximumLimit)
        let cursorToken = query["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        var cursor: NewsCursor?
        if let cursorToken {
            guard let payload = try await keys.open(cursorToken, for: .news), let parsed = NewsCursor(payload: payload)
            else {
                throw HTTPAPIError(
                    .badRequest, code: "invalid_cursor", message: "api: cursor is not one this server issued",
                    field: "cursor")
            }
            cursor = parsed
        }
        let language = LanguageTag.negotiate(
            query: query["locale"].map(String.init), acceptLanguage: request.headers[.acceptLanguage],
            fallback: defaultLocale)
        let page = try await catalog.newsPage(language: language, cursor: cursor, limit: limit)
        // Built from the cached page only: the same for every request alike while it is.
        KeepTicket.current?.keep()
        return ETag.jsonResponse(
            page.body, etag: page.etag, headers: [.cacheControl: "max-age=60", .vary: "Accept-Language"],
            request: request)
    }
}
