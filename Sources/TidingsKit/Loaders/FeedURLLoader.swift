import FeedParsing
import FeedTeasers
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
            feed = try parser.parse(
                response.body, httpCharset: MediaType(header: response[header: "Content-Type"]).charset, baseURL: url)
        } catch {
            if case .cancelled = error { throw TidingsError.cancelled }
            throw TidingsError.badResponse("\(url.absoluteString): \(error)", underlying: error)
        }
        // The server's rule, with the server's names for a URL source (its URL scopes the ids, its
        // host names it): the same document gives the same teasers, ids and order in both.
        let sourceName = url.host ?? url.absoluteString
        let items = FeedTeasers().entries(of: feed, sourceID: url.absoluteString, sourceName: sourceName).map {
            FeedItem.teaser($0.teaser)
        }
        return Feed(title: feed.title ?? sourceName, content: .native(items), nextCursor: nil)
    }

}
