import Foundation
import HTTPTypes
import Hummingbird
import TidingsModel
import TidingsSections
import TidingsStore

/// `GET /api/v1/brands/{brand}/search?q=…&typing=&kind=&section=&source=&since=&until=&cursor=&limit=&locale=`:
/// the brand's stories (and a catalog brand's products) that match a query, best first
/// (docs/search.md).
struct SearchController: Sendable {
    let search: BrandSearch
    var sections: SectionService { search.sections }
    static let defaultLimit = 20
    static let maximumLimit = 50

    func addRoutes(to router: Router<TidingsRequestContext>) {
        router.get("/api/v1/brands/:brand/search", use: answer)
    }

    @Sendable func answer(request: Request, context: TidingsRequestContext) async throws -> Response {
        let id = context.parameters.get("brand") ?? ""
        guard let brand = sections.live.snapshot.configuration.brand(id) else {
            throw HTTPAPIError(.notFound, code: "not_found", message: "api: there is no brand \(id)")
        }
        let ask = try Self.ask(request)
        let language = LanguageTag.negotiate(
            query: request.uri.queryParameters["locale"].map(String.init),
            acceptLanguage: request.headers[.acceptLanguage], fallback: brand.locale)
        let cursor = request.uri.queryParameters["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let page = try await Self.page(search, brand: brand, ask: ask, cursor: cursor, language: language)
        return try Self.response(page)
    }

    /// A page of results as the API answers it: JSON, asked anew each time, per language.
    static func response(_ page: some Encodable) throws -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8", .cacheControl: "no-cache", .vary: "Accept-Language",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: try TidingsJSON.encoder().encode(page))))
    }

    /// The search's page, its errors as the API's.
    static func page(
        _ search: BrandSearch, brand: Brand, ask: SearchAsk, cursor: String?, language: LanguageTag
    ) async throws -> SearchPage {
        do {
            return try await answering {
                try await search.page(brand: brand, ask: ask, cursor: cursor, language: language)
            }
        } catch SearchAskError.section(let section) {
            throw HTTPAPIError(
                .badRequest, code: "invalid_parameter",
                message: "api: brand \(brand.id) has no section \(section) to search", field: "section")
        } catch SearchAskError.kind(let kind) {
            throw HTTPAPIError(
                .badRequest, code: "invalid_parameter",
                message: "api: brand \(brand.id) has no \(kind)s to search (it has no catalog section)", field: "kind")
        }
    }

    /// Runs a search (a brand's or the catalog's), a query or cursor it cannot take as the API's
    /// errors.
    static func answering<T>(_ search: () async throws -> T) async throws -> T {
        do {
            return try await search()
        } catch SearchAskError.query(let error) {
            throw HTTPAPIError(.badRequest, code: "invalid_query", message: "api: \(error)", field: "q")
        } catch SearchAskError.cursor {
            throw HTTPAPIError(
                .badRequest, code: "invalid_cursor",
                message: "api: cursor is not one this server issued for this search", field: "cursor")
        }
    }

    /// The query's parameters, each checked.
    static func ask(_ request: Request) throws -> SearchAsk {
        let query = request.uri.queryParameters
        guard let text = request.typed("q"), !text.isEmpty else {
            throw HTTPAPIError(
                .badRequest, code: "missing_parameter", message: "api: q (what to search for) is required", field: "q")
        }
        var ask = SearchAsk(text: text)
        ask.limit = try request.limit(standard: defaultLimit, maximum: maximumLimit)
        if let typing = query["typing"].map(String.init) {
            switch typing {
            case "true", "1": ask.typing = true
            case "false", "0": ask.typing = false
            default:
                throw HTTPAPIError(
                    .badRequest, code: "invalid_parameter", message: "api: typing must be true or false",
                    field: "typing")
            }
        }
        if let kinds = try list(query["kind"].map(String.init), field: "kind") {
            guard kinds.allSatisfy(SearchAsk.kinds.contains) else {
                throw HTTPAPIError(
                    .badRequest, code: "invalid_parameter",
                    message: "api: kind must be story, product or both (story,product)", field: "kind")
            }
            ask.kinds = Set(kinds)
        }
        ask.sections = try list(query["section"].map(String.init), field: "section")
        ask.sources = try list(query["source"].map(String.init), field: "source")
        ask.since = try date(query["since"].map(String.init), field: "since")
        ask.until = try date(query["until"].map(String.init), field: "until")
        if let since = ask.since, let until = ask.until, since >= until {
            throw HTTPAPIError(
                .badRequest, code: "invalid_parameter", message: "api: since must be before until", field: "since")
        }
        return ask
    }

    /// A comma-separated list of ids (at most 50, each 1–128 characters).
    private static func list(_ text: String?, field: String) throws -> [String]? {
        guard let text, !text.isEmpty else { return nil }
        let ids = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !ids.isEmpty, ids.count <= 50, ids.allSatisfy({ $0.utf8.count <= 128 }) else {
            throw HTTPAPIError(
                .badRequest, code: "invalid_parameter",
                message: "api: \(field) must be up to 50 comma-separated ids", field: field)
        }
        return ids
    }

    /// A date (`2026-12-07`, UTC midnight) or an ISO 8601 date-time.
    private static func date(_ text: String?, field: String) throws -> Date? {
        guard let text, !text.isEmpty else { return nil }
        if let date = TidingsJSON.parseDate(text) { return date }
        if text.utf8.count == 10, let date = TidingsJSON.parseDate(text + "T00:00:00Z") { return date }
        throw HTTPAPIError(
            .badRequest, code: "invalid_parameter",
            message: "api: \(field) must be a date (2026-12-07) or a date-time (2026-12-07T10:00:00Z)", field: field)
    }
}
