import Foundation
import TidingsModel

/// One typed request to a Tidings server: where, how, and how to read the answer (seed 002's
/// Resource). All backend-shaped knowledge lives in these values.
public struct Endpoint<Response: Sendable>: Sendable {
    public var method: String
    /// Path below the server's base URL, e.g. `/api/v1/brands`.
    public var path: String
    public var query: [URLQueryItem]
    public var headers: [String: String]
    /// Whether responses may be kept by the HTTP cache (GETs only).
    public var cacheable: Bool
    /// Reads a successful body.
    public var decode: @Sendable (Data) throws -> Response
    /// Makes what `decode` read whole against the client's base URL (the server's image paths);
    /// nil leaves it as read.
    public var resolve: (@Sendable (Response, URL) -> Response)?

    /// Creates an endpoint.
    public init(
        method: String = "GET", path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        cacheable: Bool = true, decode: @escaping @Sendable (Data) throws -> Response
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cacheable = cacheable && method == "GET"
        self.decode = decode
    }

    /// A successful body read, and made whole against `base`.
    public func read(_ body: Data, base: URL) throws -> Response {
        let value = try decode(body)
        return resolve.map { $0(value, base) } ?? value
    }

    /// The path a server's own paths go below: the base URL's path without its final `/` (a server
    /// behind `https://host/tidings/` answers `/api/v1/…` at `https://host/tidings/api/v1/…`).
    static func prefix(_ basePath: String) -> String {
        basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
    }

    /// The full URL below `base`.
    public func url(base: URL) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = Self.prefix(components.path) + path
        components.queryItems = query.isEmpty ? nil : query
        // URLComponents leaves `+` as it is, and servers (Tidings among them) read a query's `+`
        // as a space, as HTML forms send it: a plus in a value ("C++") is sent escaped.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? base
    }
}

extension Endpoint where Response: Decodable {
    /// A GET decoding JSON with the server's conventions.
    static func json(_ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:]) -> Endpoint {
        Endpoint(path: path, query: query, headers: headers) { data in
            try TidingsJSON.decoder().decode(Response.self, from: data)
        }
    }
}

/// Every endpoint of the Tidings API the SDK uses.
public enum Endpoints {
    /// `GET /api/v1/brands`.
    public static func brands() -> Endpoint<BrandList> { .json("/api/v1/brands") }

    /// `GET /api/v1/brands/{brand}/sections`, titles in `language`.
    public static func sections(brand: String, language: LanguageTag? = nil) -> Endpoint<SectionList> {
        .json("/api/v1/brands/\(escaped(brand))/sections", query: locale(language))
    }

    /// One page of a composed section. `device` keeps dismissed cards away.
    public static func section(
        brand: String, section: String, cursor: String? = nil, limit: Int? = nil, language: LanguageTag? = nil,
        device: String? = nil
    ) -> Endpoint<Feed> {
        var query = locale(language)
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        var endpoint = Endpoint<Feed>.json(
            "/api/v1/brands/\(escaped(brand))/sections/\(escaped(section))", query: query,
            headers: device.map { ["X-Device-ID": $0] } ?? [:])
        endpoint.resolve = { $0.resolvingImages(against: $1) }
        return endpoint
    }

    /// `GET /api/v1/brands/{brand}/sections/{section}/articles/{id}`: one article with its body.
    public static func article(brand: String, section: String, id: String) -> Endpoint<ArticleDetail> {
        var endpoint = Endpoint<ArticleDetail>.json(
            "/api/v1/brands/\(escaped(brand))/sections/\(escaped(section))/articles/\(escaped(id))")
        endpoint.resolve = { $0.resolvingImages(against: $1) }
        return endpoint
    }

    /// `GET /api/v1/brands/{brand}/search`: one page of the stories (and a catalog brand's
    /// products) matching `query` (the syntax of docs/search.md), best first. `typing`: the last
    /// word also matches the words it begins (a search box asking as the reader types). `kinds`:
    /// only these kinds of results (`SearchResult.Kind`); nil for all the brand has. Pass the
    /// previous page's `nextCursor` with the same query and filters for the next page. Not kept
    /// by the HTTP cache.
    public static func search(
        brand: String, query text: String, typing: Bool = false, kinds: [String]? = nil, sections: [String]? = nil,
        sources: [String]? = nil, since: Date? = nil, until: Date? = nil, cursor: String? = nil, limit: Int? = nil,
        language: LanguageTag? = nil
    ) -> Endpoint<SearchPage> {
        var query = [URLQueryItem(name: "q", value: text)] + locale(language)
        if typing { query.append(URLQueryItem(name: "typing", value: "true")) }
        if let kinds { query.append(URLQueryItem(name: "kind", value: kinds.joined(separator: ","))) }
        if let sections { query.append(URLQueryItem(name: "section", value: sections.joined(separator: ","))) }
        if let sources { query.append(URLQueryItem(name: "source", value: sources.joined(separator: ","))) }
        if let since { query.append(URLQueryItem(name: "since", value: TidingsJSON.formatDate(since))) }
        if let until { query.append(URLQueryItem(name: "until", value: TidingsJSON.formatDate(until))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        var endpoint = Endpoint<SearchPage>.json("/api/v1/brands/\(escaped(brand))/search", query: query)
        endpoint.cacheable = false
        endpoint.resolve = { $0.resolvingImages(against: $1) }
        return endpoint
    }

    /// One page of the catalog's products whose names match `text` (not cached: each search is
    /// asked anew).
    public static func searchProducts(
        query text: String, typing: Bool = false, cursor: String? = nil, limit: Int? = nil,
        language: LanguageTag? = nil
    ) -> Endpoint<ProductSearchPage> {
        var query = [URLQueryItem(name: "q", value: text)] + locale(language)
        if typing { query.append(URLQueryItem(name: "typing", value: "true")) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        var endpoint = Endpoint<ProductSearchPage>.json("/api/v1/products", query: query)
        endpoint.cacheable = false
        return endpoint
    }

    /// One page of the catalog's news items.
    public static func newsItems(cursor: String? = nil, limit: Int? = nil, language: LanguageTag? = nil)
        -> Endpoint<NewsItemsPage>
    {
        var query = locale(language)
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        var endpoint = Endpoint<NewsItemsPage>.json("/api/v1/news_items", query: query)
        endpoint.resolve = { $0.resolvingImages(against: $1) }
        return endpoint
    }

    /// `POST /api/v1/notifications/{id}/dismiss` for `device`.
    public static func dismiss(notification: String, device: String) -> Endpoint<Void> {
        Endpoint(
            method: "POST", path: "/api/v1/notifications/\(escaped(notification))/dismiss",
            headers: ["X-Device-ID": device], cacheable: false
        ) { _ in }
    }

    private static func locale(_ language: LanguageTag?) -> [URLQueryItem] {
        language.map { [URLQueryItem(name: "locale", value: $0.identifier)] } ?? []
    }

    private static func escaped(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? segment
    }
}
