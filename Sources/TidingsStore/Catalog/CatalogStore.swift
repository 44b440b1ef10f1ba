import Foundation
import TidingsCatalog
import TidingsModel

/// The catalog: the event log and the products and news derived from it. The SQLite and
/// PostgreSQL backends both satisfy it through ``SQLStore``.
public protocol CatalogStore: Sendable {
    /// Appends events to the log in one transaction, deriving news in the same transaction, each
    /// product's events applied in the order of their `at` whatever order they arrive in (a late
    /// event re-derives its product). Returns one outcome per event, in input order. When `atomic`,
    /// the first refusal throws its `CatalogError` and nothing is written (one request's events
    /// stand or fall together).
    func ingest(_ events: [CatalogEvent], recordedAt: Date, atomic: Bool) async throws -> [IngestOutcome]
    /// The current state of a product.
    func product(id: String) async throws -> Product?
    /// The product's store prices over time, oldest first: its price when created and every
    /// accepted price change since (a deleted and recreated product starts over).
    func priceHistory(productID: String) async throws -> [PricePoint]
    /// News newest first, created at or after `since`, strictly after `cursor`.
    func newsPage(since: Date, after cursor: NewsCursor?, limit: Int) async throws -> [NewsEntry]
    /// The news as people see it, newest first, created at or after `since`, strictly after
    /// `cursor`: each aggregate (``NewsAggregation``) in place of its members, with at most
    /// `members` of them, the biggest change first (new products: the newest first).
    func newsFeed(since: Date, after cursor: NewsCursor?, limit: Int, members: Int) async throws -> [NewsFeedEntry]
    /// Where the news stands now and, from an earlier `position`, how many news items created at or
    /// after `since` were added after it and how many it knew were written again since. `folded`
    /// counts as ``newsFeed(since:after:limit:members:)`` shows: aggregates, not their members.
    func newsChanges(since position: NewsPosition?, window since: Date, folded: Bool) async throws -> NewsChanges
    /// Recomputes products and news from the event log, each product's events in time order.
    func rebuildNews(progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) async throws -> RebuildSummary
    /// Counts of what the store holds.
    func counts() async throws -> StoreCounts
}

extension CatalogStore {
    /// Ingests events, applying the valid ones even when others are refused.
    public func ingest(_ events: [CatalogEvent], recordedAt: Date) async throws -> [IngestOutcome] {
        try await ingest(events, recordedAt: recordedAt, atomic: false)
    }
}
