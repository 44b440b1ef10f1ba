import FeedParsing
import Foundation
import TidingsModel

/// Any RSS, Atom or JSON Feed document, read with `FeedParsing` and shown as teasers. A feed
/// document is one page: the loader never has a next cursor.
public struct FeedURLLoader: FeedLoader {
    public let url: URL
    public let transport: any HTTPTransport
    let parser = FeedParser()

    /// A loader for the feed at `url`.
    public init(url: URL, transport: any HTTPTransport = URLSessionTransport()) {
        self.url = url
        self.transport = transport
    }

    public func load(cursor: String?) async throws(TidingsError) -> Feed {
        let response = try await transport.send(TransportRequest(url: url))
        guard (200..<300).contains(response.status) else { throw TidingsClient.serverError(response) }
        let feed: ParsedFeed
        do {
            feed = try parser.parse(response.body, httpCharset: Self.charset(response), baseURL: url)
        } catch {
            if case .cancelled = error { throw TidingsError.cancelled }
            throw TidingsError.badResponse("\(url.absoluteString): \(error)")
        }
        let source = feed.title ?? url.host ?? url.absoluteString
        let items = feed.entries.map { entry -> FeedItem in
            .teaser(
                Teaser(
                    id: entry.id, title: entry.title ?? entry.summaryText.map { String($0.prefix(80)) } ?? "",
                    summary: entry.summaryText ?? entry.contentText, imageURL: entry.image.flatMap { WebLink.url($0) },
                    url: entry.link.flatMap { WebLink.url($0) }, publishedAt: entry.published ?? entry.updated,
                    source: source))
        }
        return Feed(title: feed.title ?? source, content: .native(items), nextCursor: nil)
    }

    static func charset(_ response: TransportResponse) -> String? {
        guard let type = response[header: "Content-Type"], let range = type.range(of: "charset=") else { return nil }
        return type[range.upperBound...].split(separator: ";").first.map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        }
    }

}
