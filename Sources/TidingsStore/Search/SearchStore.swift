import Foundation
import TextAnalysis
import TidingsModel

/// Full-text search over the stories sections keep (issue 43, docs/search.md).
public protocol SearchStore: Sendable {
    /// The stories of `request.sections` that match its query, best first (``SearchRequest``).
    func search(_ request: SearchRequest) async throws -> SearchResults
    /// Catalog products whose names match `request.query`, best first (``ProductSearchRequest``).
    func searchProducts(_ request: ProductSearchRequest) async throws -> ProductSearchResults
    /// The bytes the search index takes: SQLite's FTS5 blocks, PostgreSQL's GIN index and
    /// tsvector column.
    func searchIndexBytes() async throws -> Int64
}

/// What to look for, where, and which page of the answer.
public struct SearchRequest: Sendable {
    public var query: SearchQuery
    /// The sections looked in (a brand's).
    public var sections: [SectionKey]
    /// Only entries of these sources; nil for all.
    public var sources: [String]?
    /// Only entries ranked at or after / before this date.
    public var since: Date?
    public var until: Date?
    /// Items not to list, per section (hidden by editors); a story whose shown item is hidden is
    /// not listed.
    public var excluding: [SectionKey: Set<String>]
    /// The newest entry the first page could find (its seq): later pages of one search look at
    /// the same entries. Nil for a first page.
    public var top: Int64?
    /// When the first page was asked: recency is counted from it.
    public var now: Date
    public var offset: Int
    public var limit: Int

    public init(
        query: SearchQuery, sections: [SectionKey], sources: [String]? = nil, since: Date? = nil, until: Date? = nil,
        excluding: [SectionKey: Set<String>] = [:], top: Int64? = nil, now: Date, offset: Int = 0, limit: Int = 20
    ) {
        self.query = query
        self.sections = sections
        self.sources = sources
        self.since = since
        self.until = until
        self.excluding = excluding
        self.top = top
        self.now = now
        self.offset = offset
        self.limit = limit
    }
}

/// One story found: its shown entry (with its other tellings, as a section lists it) and how
/// well it matched.
public struct SearchHit: Sendable {
    public var entry: StoredEntry
    /// Relevance (``SearchRanking/relevance(inTitle:)``) times recency, in 0…1.
    public var score: Double
    /// Its place among the ranked stories (from 0; a page's first is its request's `offset`): a
    /// story whose shown entry went between the ranking and the read leaves a gap.
    public var rank: Int
}

/// A page of an answer.
public struct SearchResults: Sendable {
    public var hits: [SearchHit]
    /// The newest entry looked at; the next page's ``SearchRequest/top``.
    public var top: Int64
    /// How many stories matched among those ranked (at most ``SearchRanking/maxCandidates``).
    public var candidates: Int
    /// Whether a later page has more.
    public var more: Bool
    /// Whether every entry that could match was looked at: false when ``SearchRanking/timeLimit``
    /// passed first (the newest matches were ranked, older ones not looked for).
    public var complete: Bool
}

/// How candidates are chosen and ranked (the same on both engines).
public enum SearchRanking {
    /// The most matching stories ranked for one search: the newest that match — fifteen pages of
    /// twenty, what a reader pages through. Each costs reading its entry: 1,000 served 270
    /// searches a second on 100,000 entries where 300 served 470 (docs/benchmarks.md).
    public static let maxCandidates = 300
    /// The most matching entries read to find them (filters and stories told more than once
    /// make some go).
    public static let maxScanned = 3_000
    /// The matching entries read at a time.
    public static let slice = 300
    /// How long one search looks for matches before ranking those it found (a rare phrase of
    /// common words is checked against every entry holding its words).
    public static let timeLimit = Duration.seconds(1)
    /// After this many days a story's recency counts half.
    public static let halfLifeDays = 7.0
    /// How much recency weighs against relevance: a day-old story scores up to this share more
    /// than an equally relevant old one.
    public static let recencyShare = 0.2

    /// A story's relevance: 1 when its title holds every asked word (in any of their forms), half
    /// when some are only in its text. Teasers are short: where the words are says more than how
    /// often they come, and the newer of equals comes first.
    public static func relevance(inTitle: Bool) -> Double { inTitle ? 1 : 0.5 }

    /// A score as the API gives it: three decimals.
    public static func rounded(_ score: Double) -> Double { (score * 1000).rounded() / 1000 }

    /// A candidate's score from its relevance (0…1) and its age.
    public static func score(relevance: Double, ageDays: Double) -> Double {
        let recency = pow(0.5, max(ageDays, 0) / halfLifeDays)
        return relevance * ((1 - recencyShare) + recencyShare * recency)
    }
}
