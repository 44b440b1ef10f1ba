import FeedWriting
import Foundation
import Hummingbird
import TidingsModel
import TidingsSections

/// Every section as a subscribable feed: `/feeds/{brand}/{section}.rss`, `.atom` and `.json`
/// (RSS 2.0, Atom 1.0, JSON Feed 1.1) — its newest content, without injected slots.
struct FeedsController: Sendable {
    let sections: SectionService
    static let size = 50

    func addRoutes(to router: Router<TidingsRequestContext>) {
        router.get("/feeds/:brand/:file", use: feed)
    }

    @Sendable func feed(request: Request, context: TidingsRequestContext) async throws -> Response {
        let brandID = context.parameters.get("brand") ?? ""
        let file = context.parameters.get("file") ?? ""
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        let shown = sections.live.snapshot
        guard let brand = shown.configuration.brand(brandID), parts.count == 2,
            let section = brand.section(String(parts[0])), let format = SyndicationFormat(rawValue: String(parts[1]))
        else {
            throw HTTPAPIError(
                .notFound, code: "not_found",
                message: "api: there is no feed \(brandID)/\(file) (try .rss, .atom or .json)")
        }
        if case .web = section.source {
            throw HTTPAPIError(
                .notFound, code: "not_found", message: "api: \(brand.id)/\(section.id) is a web page and has no feed")
        }
        let language = LanguageTag.negotiate(
            query: request.uri.queryParameters["locale"].map(String.init), acceptLanguage: nil, fallback: brand.locale)
        let feed = try await sections.feedDocument(
            brand: brand, section: section, version: shown.version, format: format, language: language,
            origin: Self.origin(request),
            count: Self.size)
        // Built from the cached document only; its origin comes from the kept answer's key.
        KeepTicket.current?.keep()
        return ETag.response(
            feed.body, etag: feed.etag, contentType: format.mediaType, headers: [.cacheControl: "max-age=300"],
            request: request)
    }

    /// `scheme://host[:port]` the client used, for the feed's absolute self link; `localhost` when
    /// the Host header is not a plain host name, IPv4, [IPv6] address and port.
    static func origin(_ request: Request) -> String {
        let scheme = request.headers[.init("X-Forwarded-Proto")!] == "https" ? "https" : "http"
        let host = request.head.authority ?? ""
        let plain =
            !host.isEmpty && host.utf8.count <= 255
            && host.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]")]
                        .contains(byte)
            }
        let origin = "\(scheme)://\(plain ? host : "localhost")"
        return URL(string: origin + "/") == nil ? "\(scheme)://localhost" : origin
    }
}
