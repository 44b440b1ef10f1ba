import Foundation

/// `GET /api/v1/brands/{brand}/search?q=…`: one page of the stories a search found, best first
/// (docs/search.md).
public struct SearchPage: Codable, Hashable, Sendable {
    /// The brand searched.
    public var brand: String
    /// The query as asked.
    public var query: String
    public var results: [SearchResult]
    /// How many stories matched among those ranked (the newest matches, at most 300).
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

/// One story a search found: the item its section shows (with `also_from`), where it is, and the
/// stretch of its text that matched.
public struct SearchResult: Codable, Hashable, Sendable {
    /// What was found: `story` (a section's story).
    public var kind: String
    /// The section it is in, and that section's title in the asked language.
    public var section: String
    public var sectionTitle: String
    public var item: FeedItem
    /// Its summary (else its title) around the words found, found words marked.
    public var snippet: [SnippetPart]
    /// Relevance times recency, 0 to 1: what the results are ordered by.
    public var score: Double

    /// Creates a result.
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

    enum CodingKeys: String, CodingKey {
        case kind, section, item, snippet, score
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
