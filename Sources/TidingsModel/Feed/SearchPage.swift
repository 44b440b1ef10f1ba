import Foundation

/// `GET /api/v1/brands/{brand}/search?q=…`: one page of the stories and products a search found,
/// best first (docs/search.md).
public struct SearchPage: Codable, Hashable, Sendable {
    /// The brand searched.
    public var brand: String
    /// The query as asked.
    public var query: String
    public var results: [SearchResult]
    /// How many stories and products matched among those ranked (the newest 300 stories at
    /// most, and at most 3,000 products).
    public var total: Int
    /// The next page's cursor; nil on the last page.
    public var nextCursor: String?
    /// Whether the search stopped looking before it had looked at every entry (a rare phrase of
    /// common words in a big store): the newest matches were ranked, older ones may exist.
    public var partial: Bool

    /// Creates a page.
    public init(
        brand: String, query: String, results: [SearchResult], total: Int, nextCursor: String?, partial: Bool = false
    ) {
        self.brand = brand
        self.query = query
        self.results = results
        self.total = total
        self.nextCursor = nextCursor
        self.partial = partial
    }

    enum CodingKeys: String, CodingKey {
        case brand, query, results, total, partial
        case nextCursor = "next_cursor"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            brand: try container.decode(String.self, forKey: .brand),
            query: try container.decode(String.self, forKey: .query),
            results: try container.decode([SearchResult].self, forKey: .results),
            total: try container.decode(Int.self, forKey: .total),
            nextCursor: try container.decodeIfPresent(String.self, forKey: .nextCursor),
            // Servers before it was added never stopped early.
            partial: try container.decodeIfPresent(Bool.self, forKey: .partial) ?? false)
    }
}

/// One thing a search found: a story (the item its section shows, with `also_from`) or a catalog
/// product, where it is, and the stretch of its text that matched.
public struct SearchResult: Codable, Hashable, Sendable {
    /// What was found: ``Kind/story`` (a section's story, in `item`) or ``Kind/product`` (a
    /// catalog product, in `product`). Apps skip kinds they do not know.
    public var kind: String
    /// The section it is in (a product's: the brand's catalog section), and that section's title
    /// in the asked language.
    public var section: String
    public var sectionTitle: String
    /// The story as its section shows it. Another kind's item is `{"type": kind, "id": …}`: apps
    /// built before that kind was searched skip it as an item of a type they do not know.
    public var item: FeedItem
    /// The product as `GET /api/v1/products/{id}` gives it; nil for other kinds.
    public var product: ProductResource?
    /// A story's summary (else its title) around the words found, or a product's name in the
    /// asked language; found words marked.
    public var snippet: [SnippetPart]
    /// Relevance times recency, 0 to 1: what the results are ordered by.
    public var score: Double

    /// The kinds of things a search finds.
    public enum Kind {
        public static let story = "story"
        public static let product = "product"
    }

    /// Creates a story's result.
    public init(
        kind: String, section: String, sectionTitle: String, item: FeedItem, snippet: [SnippetPart], score: Double
    ) {
        self.kind = kind
        self.section = section
        self.sectionTitle = sectionTitle
        self.item = item
        self.snippet = snippet
        self.score = score
    }

    /// Creates a product's result.
    public init(
        section: String, sectionTitle: String, product: ProductResource, snippet: [SnippetPart], score: Double
    ) {
        kind = Kind.product
        self.section = section
        self.sectionTitle = sectionTitle
        item = .unknown(
            type: Kind.product, raw: .object(["type": .string(Kind.product), "id": .string(product.id)]))
        self.product = product
        self.snippet = snippet
        self.score = score
    }

    enum CodingKeys: String, CodingKey {
        case kind, section, item, product, snippet, score
        case sectionTitle = "section_title"
    }
}

/// A piece of a snippet: text as written, and whether it is a word the query found.
public struct SnippetPart: Codable, Hashable, Sendable {
    public var text: String
    public var match: Bool

    /// Creates a piece.
    public init(text: String, match: Bool) {
        self.text = text
        self.match = match
    }
}

/// A page of catalog products found (`GET /api/v1/products?q=…`), best first.
public struct ProductSearchPage: Codable, Hashable, Sendable {
    /// The query as asked.
    public var query: String
    public var results: [ProductSearchResult]
    /// How many products matched among those ranked (at most 3,000).
    public var total: Int
    /// The next page's cursor; nil on the last page.
    public var nextCursor: String?

    /// Creates a page.
    public init(query: String, results: [ProductSearchResult], total: Int, nextCursor: String?) {
        self.query = query
        self.results = results
        self.total = total
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey {
        case query, results, total
        case nextCursor = "next_cursor"
    }
}

/// A product a search found: the product as `GET /api/v1/products/{id}` gives it, and its name
/// in the reader's language with the found words marked.
public struct ProductSearchResult: Codable, Hashable, Sendable {
    public var product: ProductResource
    /// The name for the reader's language, in pieces; `match` ones hold a found word.
    public var name: [SnippetPart]
    /// 1 when the product's own name holds every asked word, 0.5 when only its translations do.
    public var score: Double

    /// Creates a result.
    public init(product: ProductResource, name: [SnippetPart], score: Double) {
        self.product = product
        self.name = name
        self.score = score
    }
}
