import Foundation
import Hummingbird
import TidingsModel
import TidingsStore

/// A composed section page as the server holds it, typed: the JSON API, the web reader and the
/// syndication feeds all render from it, and none reads back bytes the server just wrote.
///
/// Entries keep the JSON they were encoded to once, at ingest (`.encoded`, an `EntryRecord`): the
/// API's page joins those strings, splicing in each image's link, which is what makes it cheap
/// (docs/benchmarks.md); only the web reader, which needs fields, decodes them. Catalog news and
/// the injected slots are typed (`.typed`), their image links set, and encoded once when the page's
/// JSON is made.
struct ComposedPage: Sendable {
    /// One item of a page.
    enum Item: Sendable {
        /// An entry's item as stored: the JSON clients receive, without its image links.
        case encoded(EntryRecord)
        /// An item built for this page: catalog news, an ad, a widget, a card.
        case typed(FeedItem)

        /// The item as clients receive it, an entry's image links spliced in.
        func json(_ encoder: JSONEncoder, _ images: ImageLinks) -> String {
            switch self {
            case .encoded(let record): record.json(links: images.path)
            case .typed(let item): (try? encoder.encode(item)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
            }
        }

        /// The item, typed (an entry's stored JSON decoded, its image links set; nil if it no
        /// longer reads).
        func item(_ decoder: JSONDecoder, _ images: ImageLinks) -> FeedItem? {
            switch self {
            case .encoded(let record): record.item(decoder)?.withImagePaths(images)
            case .typed(let item): item
            }
        }
    }

    /// Items for native cells, or a web page instead.
    enum Body: Sendable {
        case native([Item])
        case web(URL)
    }

    var title: String
    var body: Body
    var nextCursor: String?
    /// Where to follow the section live, on a first page.
    var updates: LiveUpdatesLink?
    /// How the entries' images are linked.
    var images: ImageLinks = .none

    /// The `Feed` JSON the API serves.
    func json() -> ByteBuffer {
        switch body {
        case .web(let url): return FeedJSON.web(title: title, url: url)
        case .native(let items):
            let encoder = TidingsJSON.encoder()
            return FeedJSON.native(
                title: title, items: items.map { $0.json(encoder, images) }, nextCursor: nextCursor, updates: updates)
        }
    }

    /// The page as a `Feed`, for the web reader.
    func feed() -> Feed {
        switch body {
        case .web(let url): return Feed(title: title, content: .web(url))
        case .native(let items):
            let decoder = TidingsJSON.decoder()
            return Feed(
                title: title, content: .native(items.compactMap { $0.item(decoder, images) }), nextCursor: nextCursor,
                updates: updates)
        }
    }
}

/// A composed page with the bytes and ETag the API serves, made once when it is composed.
struct ComposedResult: Sendable {
    let page: ComposedPage
    let encoded: EncodedPage

    init(_ page: ComposedPage) {
        self.page = page
        encoded = EncodedPage(body: page.json())
    }
}
