import Foundation
import TidingsModel

/// Talks to a Tidings server: typed requests for every endpoint, through a pluggable transport,
/// with the HTTP cache in front.
///
/// ```swift
/// let client = TidingsClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let brands = try await client.brands()
/// let page = try await client.section(brand: "courier", section: "news")
/// ```
public final class TidingsClient: Sendable {
    public let baseURL: URL
    public let transport: any HTTPTransport
    public let cache: ResponseCache
    /// The reader's locale (`LanguageTag(Locale.current)`, `"nb-NO"`); nil lets the server choose
    /// (the brand's). The server answers in it when it has words for it, else in the brand's.
    public let language: LanguageTag?
    /// Sent as `X-Device-ID`, so cards this device dismissed stay away.
    public let deviceID: String?
    let clock: @Sendable () -> Date

    /// A client for the server at `baseURL`.
    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionTransport(), cache: ResponseCache = ResponseCache(),
        language: LanguageTag? = nil, deviceID: String? = nil, clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.cache = cache
        self.language = language
        self.deviceID = deviceID
        self.clock = clock
    }

    /// Sends `endpoint`: from the cache while fresh, revalidated when stale, from the network otherwise.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws(TidingsError) -> Response {
        let url = endpoint.url(base: baseURL)
        var request = TransportRequest(method: endpoint.method, url: url, headers: endpoint.headers)
        request.headers["Accept"] = "application/json"
        // URLSession adds the device's language on its own; "*" lets the server use the brand's.
        request.headers["Accept-Language"] = language?.identifier ?? "*"
        let cached = endpoint.cacheable ? cache.entry(for: url) : nil
        if let cached, cached.freshUntil > clock(), let value = try? endpoint.read(cached.body, base: baseURL) {
            return value
        }
        if let cached {
            if let etag = cached.etag { request.headers["If-None-Match"] = etag }
            if let lastModified = cached.lastModified { request.headers["If-Modified-Since"] = lastModified }
        }
        let response = try await transport.send(request)
        let now = clock()
        switch response.status {
        case 304:
            guard let entry = cache.revalidated(response, for: url, at: now) else {
                throw TidingsError.badResponse("304 Not Modified for a request that was not conditional")
            }
            return try decode(entry.body, endpoint)
        case 200..<300:
            let value = try decode(response.body, endpoint)
            if endpoint.cacheable { cache.store(response, for: url, at: now) }
            return value
        default:
            throw Self.serverError(response)
        }
    }

    private func decode<Response>(_ body: Data, _ endpoint: Endpoint<Response>) throws(TidingsError) -> Response {
        do {
            return try endpoint.read(body, base: baseURL)
        } catch {
            throw TidingsError.badResponse("\(error)", underlying: error)
        }
    }

    /// A `.server` error with the code and message of the server's error envelope, if it sent one.
    static func serverError(_ response: TransportResponse) -> TidingsError {
        let detail = try? TidingsJSON.decoder().decode(APIErrorBody.self, from: response.body).error
        return .server(status: response.status, code: detail?.code, message: detail?.message)
    }
}

extension TidingsClient {
    /// The brands the server shows.
    public func brands() async throws(TidingsError) -> [BrandSummary] {
        try await send(Endpoints.brands()).brands
    }

    /// A brand's sections.
    public func sections(brand: String) async throws(TidingsError) -> [SectionSummary] {
        try await send(Endpoints.sections(brand: brand, language: language)).sections
    }

    /// One page of a composed section; pass the previous page's `nextCursor` for the next one.
    public func section(brand: String, section: String, cursor: String? = nil, limit: Int? = nil)
        async throws(TidingsError) -> Feed
    {
        try await send(
            Endpoints.section(
                brand: brand, section: section, cursor: cursor, limit: limit, language: language, device: deviceID))
    }

    /// One article of a section with its body: the feed's content and, for sources with full text,
    /// the article extracted from its page. With a ``ResponseStorage`` (the `OfflineStore`), it is
    /// kept for ``keptArticle(brand:section:id:)`` to open without network in a later launch.
    public func article(brand: String, section: String, id: String) async throws(TidingsError) -> ArticleDetail {
        try await send(Endpoints.article(brand: brand, section: section, id: id))
    }

    /// One page of a brand's stories (and, for a brand with a catalog section, the catalog's
    /// products) that match `query` (docs/search.md: words in any of their forms, `"phrases"`,
    /// `-exclusions`, `OR`, `prefix*`), best first, in the client's language: each result's
    /// `kind` says whether its `item` (a story) or its `product` is set. `typing`: the last word
    /// also matches the words it begins, for a search box that asks as the reader types. `kinds`:
    /// only these (`SearchResult.Kind`). Pass the page's `nextCursor` with the same query and
    /// filters for the next. A query the server refuses (no words, only exclusions, too long)
    /// throws ``TidingsError`` with its status 400 and code `invalid_query`.
    public func search(
        brand: String, query: String, typing: Bool = false, kinds: [String]? = nil, sections: [String]? = nil,
        sources: [String]? = nil, since: Date? = nil, until: Date? = nil, cursor: String? = nil, limit: Int? = nil
    ) async throws(TidingsError) -> SearchPage {
        try await send(
            Endpoints.search(
                brand: brand, query: query, typing: typing, kinds: kinds, sections: sections, sources: sources,
                since: since, until: until, cursor: cursor, limit: limit, language: language))
    }

    /// The catalog's products whose names (or their translations) match `query`, best first, in
    /// this client's language. Same query syntax and errors as ``search(brand:query:typing:kinds:sections:sources:since:until:cursor:limit:)``.
    public func searchProducts(query: String, typing: Bool = false, cursor: String? = nil, limit: Int? = nil)
        async throws(TidingsError) -> ProductSearchPage
    {
        try await send(
            Endpoints.searchProducts(query: query, typing: typing, cursor: cursor, limit: limit, language: language))
    }

    /// One page of the catalog's news items.
    public func newsItems(cursor: String? = nil, limit: Int? = nil) async throws(TidingsError) -> NewsItemsPage {
        try await send(Endpoints.newsItems(cursor: cursor, limit: limit, language: language))
    }

    /// Dismisses a notification card for this client's device.
    public func dismiss(notification: String) async throws(TidingsError) {
        guard let deviceID else { throw TidingsError.badResponse("dismissing a card needs a deviceID") }
        try await send(Endpoints.dismiss(notification: notification, device: deviceID))
    }
}

/// A response the cache kept, fresh or not, with when it was last fetched or confirmed (a 304):
/// for showing something offline, saying how old it is.
public struct Kept<Value: Sendable>: Sendable {
    public var value: Value
    public var fetchedAt: Date
}

extension TidingsClient {
    /// What the cache kept for `endpoint` — in this run, or with a ``ResponseStorage`` in an
    /// earlier one — fresh or stale; nil when nothing was kept or it no longer reads. Asks nobody.
    public func kept<Response>(_ endpoint: Endpoint<Response>) -> Kept<Response>? {
        guard endpoint.cacheable, let entry = cache.entry(for: endpoint.url(base: baseURL)),
            let value = try? endpoint.read(entry.body, base: baseURL)
        else { return nil }
        return Kept(value: value, fetchedAt: entry.fetchedAt)
    }

    /// The brands as last fetched, for offline use.
    public func keptBrands() -> Kept<[BrandSummary]>? {
        kept(Endpoints.brands()).map { Kept(value: $0.value.brands, fetchedAt: $0.fetchedAt) }
    }

    /// An article as last fetched (in this run or, with a ``ResponseStorage``, an earlier one), for
    /// reading offline; nil when it was never fetched here.
    public func keptArticle(brand: String, section: String, id: String) -> Kept<ArticleDetail>? {
        kept(Endpoints.article(brand: brand, section: section, id: id))
    }

    /// A brand's sections as last fetched, for offline use.
    public func keptSections(brand: String) -> Kept<[SectionSummary]>? {
        kept(Endpoints.sections(brand: brand, language: language)).map {
            Kept(value: $0.value.sections, fetchedAt: $0.fetchedAt)
        }
    }
}
