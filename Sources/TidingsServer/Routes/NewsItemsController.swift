import Foundation
import Hummingbird
import TidingsCatalog
import TidingsModel

/// `GET /api/v1/news_items`: newest first, keyset-paged, localized, served from cached bytes.
struct NewsItemsController: Sendable {
    let catalog: CatalogService
    static let defaultLimit = 50
    static let maximumLimit = 200

    func addRoutes(to router: Router<TidingsRequestContext>) {
        router.get("/api/v1/news_items", use: list)
    }

    @Sendable func list(request: Request, context: TidingsRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let limit = try request.limit(standard: Self.defaultLimit, maximum: Self.maximumLimit)
        let cursorToken = query["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        var cursor: NewsCursor?
        if let cursorToken {
            let seal = try await catalog.cursors.seal()
            guard let payload = seal.open(cursorToken, for: .news), let parsed = NewsCursor(payload: payload) else {
                throw HTTPAPIError(
                    .badRequest, code: "invalid_cursor", message: "api: cursor is not one this server issued",
                    field: "cursor")
            }
            cursor = parsed
        }
        let language = Language.negotiate(
            query: query["locale"].map(String.init), acceptLanguage: request.headers[.acceptLanguage],
            fallback: Language(rawValue: catalog.configuration.defaultLocale) ?? .ru)
        let page = try await catalog.newsPage(language: language, cursor: cursor, limit: limit)
        var headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8", .eTag: page.etag, .cacheControl: "max-age=60",
            .vary: "Accept-Language",
        ]
        if let match = request.headers[.ifNoneMatch], Self.matches(match, etag: page.etag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: page.body))
    }

    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}

extension CatalogService {
    /// One encoded page, from the cache when another reader already asked for it.
    func newsPage(language: Language, cursor: NewsCursor?, limit: Int) async throws -> NewsPageCache.Page {
        let now = clock()
        let minute = Int(now.timeIntervalSince1970 / 60)
        let key = "\(language.rawValue)|\(limit)|\(minute)|\(cursor?.payload ?? "")"
        return try await pages.page(for: key, now: now) {
            try await self.loadPage(language: language, cursor: cursor, limit: limit, now: now)
        }
    }

    private func loadPage(language: Language, cursor: NewsCursor?, limit: Int, now: Date) async throws
        -> NewsPageCache.Page
    {
        let since = now.addingTimeInterval(-Double(configuration.windowDays) * 86_400)
        let entries = try await store.newsPage(since: since, after: cursor, limit: limit + 1)
        let presenter = NewsPresenter(markup: configuration.markupPercent)
        let shown = entries.prefix(limit)
        let items = shown.map { presenter.item($0, language: language, now: now) }
        var next: String?
        if entries.count > limit, let last = shown.last {
            let position = NewsCursor(createdAt: last.record.createdAt.millisecondsSince1970, id: last.record.id)
            next = try await cursors.seal().seal(position.payload, for: .news)
        }
        let data = try TidingsJSON.encoder().encode(NewsItemsPage(items: items, nextCursor: next))
        return NewsPageCache.Page(body: ByteBuffer(bytes: data), etag: ETag.of(data), storedAt: now)
    }
}

/// Strong ETags from a 64-bit FNV-1a hash of the body.
enum ETag {
    static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
