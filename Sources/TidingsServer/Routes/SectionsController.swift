import Foundation
import HTTPTypes
import Hummingbird
import TidingsModel
import TidingsSections
import TidingsStore

/// The brands and their composed sections:
/// `GET /api/v1/brands`, `GET /api/v1/brands/{brand}/sections`,
/// `GET /api/v1/brands/{brand}/sections/{section}?cursor=&limit=&locale=`, and
/// `POST /api/v1/notifications/{id}/dismiss` with an `X-Device-ID` header.
struct SectionsController: Sendable {
    let sections: SectionService
    /// Where live readers of sections wait.
    let live: LiveUpdates
    static let defaultLimit = 20
    static let maximumLimit = 100
    static let deviceHeader = HTTPField.Name("X-Device-ID")!

    func addRoutes(to router: Router<TidingsRequestContext>) {
        router.get("/api/v1/brands", use: brands)
        router.get("/api/v1/brands/:brand/sections", use: sectionList)
        router.get("/api/v1/brands/:brand/sections/:section", use: section)
        router.get("/api/v1/brands/:brand/sections/:section/updates", use: updates)
        router.get("/api/v1/brands/:brand/sections/:section/articles/:id", use: article)
        router.group().add(middleware: JSONContentTypeMiddleware())
            .post("/api/v1/notifications/:id/dismiss", use: dismiss)
    }

    @Sendable func brands(request: Request, context: TidingsRequestContext) async throws -> Response {
        let list = BrandList(
            brands: sections.configuration.brands.map {
                BrandSummary(id: $0.id, name: $0.name, locale: $0.locale.identifier, theme: $0.theme, front: $0.front)
            })
        return try json(list)
    }

    @Sendable func sectionList(request: Request, context: TidingsRequestContext) async throws -> Response {
        let brand = try self.brand(context)
        let language = self.language(request, brand: brand)
        let list = SectionList(
            brand: brand.id,
            sections: brand.sections.map { section in
                let render = section.render.name
                var feeds: [String: String] = [:]
                if case .web = section.source {
                } else {
                    for format in ["rss", "atom", "json"] {
                        feeds[format] = "/feeds/\(brand.id)/\(section.id).\(format)"
                    }
                }
                return SectionSummary(
                    id: section.id, title: section.title.text(language, brand: brand.locale), render: render,
                    source: section.source.typeName, href: "/api/v1/brands/\(brand.id)/sections/\(section.id)",
                    feeds: feeds)
            })
        var response = try json(list)
        response.headers[.vary] = "Accept-Language"
        return response
    }

    /// Server-Sent Events for a section: `update` events when its entries (the catalog news, for a
    /// catalog section) are added or changed, resumable with `Last-Event-ID` (or `?since=`), and
    /// `arranged` events when the newsroom pins or hides its stories.
    @Sendable func updates(request: Request, context: TidingsRequestContext) async throws -> Response {
        let brand = try self.brand(context)
        let id = context.parameters.get("section") ?? ""
        guard let section = brand.section(id) else {
            throw HTTPAPIError(.notFound, code: "not_found", message: "api: brand \(brand.id) has no section \(id)")
        }
        guard let feed = sections.liveFeed(brand: brand, section: section) else {
            throw HTTPAPIError(
                .notFound, code: "not_found",
                message: "api: section \(id) has no live updates (a web section is a page elsewhere)")
        }
        let key = SectionKey(brand: brand.id, section: section.id)
        return live.response(feed, since: try LiveStream.resumption(request, of: feed), on: context.channel) {
            [sections] in
            sections.arrangement(of: key)
        }
    }

    @Sendable func section(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brand, version) = try shown(context)
        let id = context.parameters.get("section") ?? ""
        guard let section = brand.section(id) else {
            throw HTTPAPIError(.notFound, code: "not_found", message: "api: brand \(brand.id) has no section \(id)")
        }
        let query = request.uri.queryParameters
        let limit = try request.limit(standard: Self.defaultLimit, maximum: Self.maximumLimit)
        let badCursor = HTTPAPIError(
            .badRequest, code: "invalid_cursor", message: "api: cursor is not one this server issued", field: "cursor")
        var cursor: SectionCursor?
        if let token = query["cursor"].map(String.init), !token.isEmpty {
            guard let parsed = try await sections.cursor(token, brand: brand, section: section) else {
                throw badCursor
            }
            cursor = parsed
        }
        let device = try self.device(request, required: false)
        let page: EncodedPage
        do {
            page = try await sections.page(
                brand: brand, section: section, version: version, cursor: cursor, limit: limit,
                language: language(request, brand: brand), device: device
            ).encoded
        } catch SectionRequestError.badCursor {
            throw badCursor
        }
        // Built from the cached page only (a reader's own dismissed cards refuse it).
        KeepTicket.current?.keep()
        // Revalidated on every use (new items may arrive any time), cheaply: the ETag is the page's.
        return ETag.jsonResponse(
            page.body, etag: page.etag, headers: [.cacheControl: "no-cache", .vary: "Accept-Language"],
            request: request)
    }

    /// One article with its body (the feed's content, the extracted full text). Its ETag is the
    /// body's: an app revalidates what it kept for offline reading at the cost of a 304.
    @Sendable func article(request: Request, context: TidingsRequestContext) async throws -> Response {
        let brand = try self.brand(context)
        let sectionID = context.parameters.get("section") ?? ""
        let id = context.parameters.get("id") ?? ""
        guard let section = brand.section(sectionID) else {
            throw HTTPAPIError(
                .notFound, code: "not_found", message: "api: brand \(brand.id) has no section \(sectionID)")
        }
        guard let detail = try await sections.articleDetail(SectionKey(brand: brand.id, section: section.id), id: id)
        else {
            throw HTTPAPIError(
                .notFound, code: "not_found", message: "api: section \(brand.id)/\(section.id) has no article \(id)")
        }
        let body = try TidingsJSON.encoder().encode(detail)
        return ETag.jsonResponse(
            ByteBuffer(bytes: body), etag: ETag.of(body), headers: [.cacheControl: "no-cache"], request: request)
    }

    @Sendable func dismiss(request: Request, context: TidingsRequestContext) async throws -> Response {
        let id = context.parameters.get("id") ?? ""
        let card = sections.configuration.brands.lazy.compactMap { $0.notification(id) }.first
        guard let card else {
            throw HTTPAPIError(.notFound, code: "not_found", message: "api: there is no notification card \(id)")
        }
        guard card.dismissible else {
            throw HTTPAPIError(
                .conflict, code: "not_dismissible", message: "api: notification card \(id) cannot be dismissed")
        }
        guard let device = try self.device(request, required: true) else { return Response(status: .badRequest) }
        try await sections.dismiss(notification: id, device: device)
        return Response(status: .noContent)
    }

    private func brand(_ context: TidingsRequestContext) throws -> Brand { try shown(context).brand }

    /// The brand the request names, and the version of the brands it was read at (one snapshot).
    private func shown(_ context: TidingsRequestContext) throws -> (brand: Brand, version: Int64) {
        let id = context.parameters.get("brand") ?? ""
        let shown = sections.live.snapshot
        guard let brand = shown.configuration.brand(id) else {
            throw HTTPAPIError(.notFound, code: "not_found", message: "api: there is no brand \(id)")
        }
        return (brand, shown.version)
    }

    private func language(_ request: Request, brand: Brand) -> LanguageTag {
        LanguageTag.negotiate(
            query: request.uri.queryParameters["locale"].map(String.init),
            acceptLanguage: request.headers[.acceptLanguage], fallback: brand.locale)
    }

    /// The `X-Device-ID` header: 1–128 letters, digits and `-_.:`.
    private func device(_ request: Request, required: Bool) throws -> String? {
        guard let value = request.headers[Self.deviceHeader], !value.isEmpty else {
            guard !required else {
                throw HTTPAPIError(
                    .badRequest, code: "missing_device", message: "api: the X-Device-ID header is required",
                    field: "X-Device-ID")
            }
            return nil
        }
        guard DeviceID.isValid(value) else {
            throw HTTPAPIError(
                .badRequest, code: "invalid_device",
                message: "api: X-Device-ID must be 1 to 128 letters, digits, dashes, underscores, dots or colons",
                field: "X-Device-ID")
        }
        return value
    }

    private func json(_ value: some Encodable) throws -> Response {
        let data = try TidingsJSON.encoder().encode(value)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
