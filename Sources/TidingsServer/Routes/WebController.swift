import Foundation
import HTTPTypes
import Hummingbird
import TidingsModel
import TidingsSections
import TidingsWeb

/// The web reader: `/` (brands), `/{brand}` (its front section), `/{brand}/{section}`,
/// `/{brand}/{section}/articles/{id}`, `/{brand}/products/{id}`, the dismiss form
/// `POST /{brand}/notifications/{id}/dismiss`, `/assets/{file}`, and the newsroom console at
/// `/admin` (WebController+Console.swift).
///
/// Pages are rendered from the same composed pages the JSON API serves and kept a few seconds
/// as the bytes every response of them carries (`ServedPage`).
struct WebController: Sendable {
    let sections: SectionService
    /// Product pages.
    let catalog: CatalogService
    let renderer: WebRenderer
    /// Image links on pages.
    let keys: SigningKeys
    let clock: @Sendable () -> Date
    /// Rendered pages by section, page, language and content.
    let rendered: PageCache<RenderedPageKey, ServedPage>
    /// Rendered article and product pages by path and language: each read the store twice and
    /// rendered anew for every request (docs/benchmarks.md, the ceiling).
    let itemPages: PageCache<ItemPageKey, ServedPage>

    init(environment: ServerEnvironment, sections: SectionService, catalog: CatalogService, renderer: WebRenderer) {
        self.sections = sections
        self.catalog = catalog
        self.renderer = renderer
        keys = environment.keys
        clock = environment.clock
        rendered = PageCache("web_pages", invalidation: environment.invalidation)
        itemPages = PageCache("web_item_pages", invalidation: environment.invalidation)
    }
    static let deviceCookie = "tidings_device"
    /// Content items per page: a phone screen or two; more come by "Load more" or scrolling.
    static let pageSize = 10

    func addRoutes(to router: Router<TidingsRequestContext>) {
        addConsoleRoutes(to: router)
        router.get("/", use: home)
        router.get("/assets/:file", use: asset)
        // Pages declare their icon (/assets/icon.svg); clients that ask for this one anyway get
        // nothing rather than a "no such publication" page.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.get("/:brand", use: front)
        router.get("/:brand/search", use: search)
        router.get("/:brand/:section", use: section)
        router.get("/:brand/:section/articles/:id", use: article)
        // Article links of the first releases named no section; the page says it is not found.
        router.get("/:brand/articles/:id", use: formerArticle)
        router.get("/:brand/products/:id", use: product)
        router.post("/:brand/notifications/:id/dismiss", use: dismiss)
    }

    @Sendable func home(request: Request, context: TidingsRequestContext) async throws -> Response {
        let web = webContext(request, brand: nil)
        return html(ServedPage(renderer.render(BrandsPage(context: web))), status: .ok, request: request)
    }

    @Sendable func front(request: Request, context: TidingsRequestContext) async throws -> Response {
        try await page(request, context: context, section: nil)
    }

    @Sendable func section(request: Request, context: TidingsRequestContext) async throws -> Response {
        try await page(request, context: context, section: context.parameters.get("section") ?? "")
    }

    private func page(_ request: Request, context: TidingsRequestContext, section id: String?) async throws
        -> Response
    {
        await rendering(request, context) { web, brand, version in
            let id = id ?? brand.front
            guard let section = brand.section(id) else {
                throw WebFailure(.notFound, web.text(.notFoundSection))
            }
            var cursor: SectionCursor?
            let token = request.uri.queryParameters["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
            if let token {
                guard let parsed = try await sections.cursor(token, brand: brand, section: section) else {
                    throw WebFailure(.badRequest, web.text(.badCursor))
                }
                cursor = parsed
            }
            let now = clock()
            let device = Self.device(request)
            let page: ComposedResult
            do {
                page = try await sections.page(
                    brand: brand, section: section, version: version, cursor: cursor, limit: Self.pageSize,
                    language: web.language, device: device)
            } catch SectionRequestError.badCursor {
                throw WebFailure(.badRequest, web.text(.badCursor))
            }
            let sourceFailure = try await sections.failingSource(section, now: now).map {
                SourceFailure(unreadable: $0.lastStatus == .unreadable, retryAt: $0.nextFetchAt)
            }
            let key = RenderedPageKey(
                section: SectionKey(brand: brand.id, section: section.id), version: version, path: web.path,
                language: web.language,
                localeOverride: web.localeOverride, cursor: token, etag: page.encoded.etag,
                sourceFailure: sourceFailure,
                minute: now.minute)
            return .page(
                try await rendered.value(for: key, now: now) {
                    ServedPage(
                        renderer.render(
                            SectionPage(
                                context: web, section: section, feed: page.page.feed(), cursor: token,
                                sourceFailure: sourceFailure)))
                })
        }
    }

    /// An article is looked up in the section its URL names, never elsewhere: another brand's
    /// or feed's item with the same id or link cannot stand in for it.
    @Sendable func article(request: Request, context: TidingsRequestContext) async throws -> Response {
        await rendering(request, context) { web, brand, version in
            let id = context.parameters.get("id") ?? ""
            guard let section = brand.section(context.parameters.get("section") ?? "") else {
                throw WebFailure(.notFound, web.text(.notFoundArticle))
            }
            let key = SectionKey(brand: brand.id, section: section.id)
            return .page(
                try await itemPages.value(
                    for: ItemPageKey([.section(key), .articles], version: version, web: web), now: web.now
                ) {
                    guard case (let entry, var teaser)? = try await sections.teaserEntry(key, id: id) else {
                        throw WebFailure(.notFound, web.text(.notFoundArticle))
                    }
                    // The article extracted from its page, when its source asks for full text;
                    // else the feed's own content. A store that cannot answer costs the full
                    // text, not the page.
                    let extracted = try? await sections.extractedArticle(url: teaser.url)
                    // A teaser without a picture takes the article's lead image.
                    if teaser.imageURL == nil, let image = extracted?.imageURL { teaser.imageURL = URL(string: image) }
                    var page = ArticlePage(
                        context: web, teaser: teaser, contentHTML: extracted?.html ?? entry.contentHTML,
                        section: section)
                    if let extracted {
                        // The page's own author line, else the feed's (the page already has that).
                        if let byline = extracted.byline { page.byline = byline }
                        page.direction = extracted.direction
                    }
                    return ServedPage(renderer.render(page))
                })
        }
    }

    /// The search page: the form, and for a query its first page or the page `cursor` names
    /// (never cached: each query is its own). A query that cannot be made says so on the page.
    @Sendable func search(request: Request, context: TidingsRequestContext) async throws -> Response {
        await rendering(request, context) { web, brand, _ in
            let parameters = request.uri.queryParameters
            let text = request.typed("q") ?? ""
            let cursor = parameters["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
            var answer = SearchResultsPage.Answer.none
            if !text.isEmpty {
                var ask = SearchAsk(text: text)
                ask.limit = Self.pageSize
                do {
                    answer = .found(
                        try await BrandSearch(sections: sections, catalog: catalog).page(
                            brand: brand, ask: ask, cursor: cursor, language: web.language))
                } catch SearchAskError.query {
                    answer = .invalid
                } catch SearchAskError.cursor {
                    throw WebFailure(.badRequest, web.text(.badCursor))
                }
            }
            // Not kept whole (as cached pages are): no cache it was built from is dropped when
            // new entries arrive.
            let page = ServedPage(
                renderer.render(
                    SearchResultsPage(context: web, brand: brand, query: text, answer: answer)))
            return .response(html(page, status: .ok, request: request))
        }
    }

    @Sendable func formerArticle(request: Request, context: TidingsRequestContext) async throws -> Response {
        await rendering(request, context) { web, _, _ in throw WebFailure(.notFound, web.text(.notFoundArticle)) }
    }

    @Sendable func product(request: Request, context: TidingsRequestContext) async throws -> Response {
        await rendering(request, context) { web, brand, version in
            let id = context.parameters.get("id") ?? ""
            guard let catalogSection = brand.catalogSection, Product.isValidID(id) else {
                throw WebFailure(.notFound, web.text(.notFoundProduct))
            }
            return .page(
                try await itemPages.value(for: ItemPageKey([.catalog], version: version, web: web), now: web.now) {
                    guard let product = try await catalog.product(id: id) else {
                        throw WebFailure(.notFound, web.text(.notFoundProduct))
                    }
                    let formats = LocaleFormats(web.language)
                    let history = try await catalog.priceHistory(productID: id).map { point in
                        let price = catalog.consumerPrice(point.storePrice)
                        return ProductPage.Point(
                            at: point.at, price: formats.money(price), minorUnits: price.minorUnits)
                    }
                    let shown = ProductPage.Product(
                        id: product.id, name: product.name(for: web.language),
                        size: formats.quantity(product.unitSize, unit: product.unit), imageURL: product.imageURL,
                        price: formats.money(catalog.consumerPrice(product.storePrice)))
                    return ServedPage(
                        renderer.render(
                            ProductPage(context: web, product: shown, history: history, section: catalogSection)))
                })
        }
    }

    /// The dismiss form. A script asking for JSON gets 204; a plain form post is sent back to
    /// the page it came from. The device is the reader's cookie, set here on first use.
    @Sendable func dismiss(request: Request, context: TidingsRequestContext) async throws -> Response {
        await rendering(request, context) { web, brand, _ in
            // A form another site posts is refused: only this origin's pages dismiss cards.
            if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" {
                throw WebFailure(.forbidden, web.text(.forbidden))
            }
            let id = context.parameters.get("id") ?? ""
            guard let card = brand.notification(id), card.dismissible else {
                throw WebFailure(.notFound, web.text(.notFoundCard))
            }
            var device = Self.device(request)
            let isNew = device == nil
            if device == nil { device = Self.newDevice() }
            try await sections.dismiss(notification: id, device: device!)
            let wantsJSON = request.headers[.accept]?.contains("application/json") == true
            var response: Response
            if wantsJSON {
                response = Response(status: .noContent)
            } else {
                let back = request.uri.queryParameters["back"].map(String.init) ?? ""
                let prefix = "/" + brand.id
                let target = back == prefix || back.hasPrefix(prefix + "/") ? back : prefix
                response = Response(status: .seeOther, headers: [.location: web.link(target)])
            }
            if isNew {
                response.setCookie(
                    Cookie(
                        name: Self.deviceCookie, value: device!, maxAge: 400 * 86_400, path: "/", httpOnly: true,
                        sameSite: .lax))
            }
            return .response(response)
        }
    }

    @Sendable func asset(request: Request, context: TidingsRequestContext) async throws -> Response {
        let name = context.parameters.get("file") ?? ""
        guard let file = renderer.assets.files[name] else {
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"])
        }
        let versioned = request.uri.queryParameters["v"].map(String.init) == file.version
        return Response(
            status: .ok,
            headers: [
                .contentType: file.contentType, .xContentTypeOptions: "nosniff",
                .cacheControl: versioned ? "public, max-age=31536000, immutable" : "no-cache",
                .eTag: "\"\(file.version)\"",
            ], body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}

/// A rendered article or product page: its path names the item, and the page is what the store
/// held for it under `scopes` (the section's entries and the extracted articles, the catalog), in
/// a language, at the minute of the request (`web.now`).
struct ItemPageKey: PageCacheKey {
    var scopes: [CacheScope]
    /// The version of the brands the page was read at (its navigation, its section).
    var version: Int64
    var path: String
    var language: LanguageTag
    var localeOverride: LanguageTag?
    var minute: Int
    var staleAt: Date? { minute.endOfMinute }

    init(_ scopes: [CacheScope], version: Int64, web: WebContext) {
        self.scopes = scopes
        self.version = version
        path = web.path
        language = web.language
        localeOverride = web.localeOverride
        minute = web.now.minute
    }
}

/// A rendered section page. The composed page's ETag stands for its content; the minute moves
/// the ages shown on it.
struct RenderedPageKey: PageCacheKey {
    var section: SectionKey
    /// The version of the brands the page was read at (its navigation, its section).
    var version: Int64
    var path: String
    var language: LanguageTag
    var localeOverride: LanguageTag?
    var cursor: String?
    var etag: String
    var sourceFailure: SourceFailure?
    var minute: Int
    var scopes: [CacheScope] { [.section(section)] }
    var staleAt: Date? { minute.endOfMinute }
}
