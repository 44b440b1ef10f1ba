import Foundation
import Metrics
import TidingsCatalog
import TidingsModel
import TidingsStore

/// The catalog as the server and the CLI use it: validation of wire events, ingestion through the
/// store, and invalidation of cached news pages on every write.
public struct CatalogService: Sendable {
    public let store: any TidingsStorage
    public let configuration: TidingsConfiguration
    /// Drops the cached values built from what a write changed, in every cache of the process.
    let invalidation: CacheInvalidation
    /// Encoded news pages, shared by every reader of a locale.
    let pages: PageCache<NewsPageKey, EncodedPage>
    /// Live readers of the catalog news and of sections, told when what they follow changes.
    let live: LiveUpdates
    /// Signs and verifies the cursors this service's pages hand out.
    let cursors: CursorKeys
    let clock: @Sendable () -> Date
    private let ingested: Counter
    private let duplicated: Counter
    private let rejected: Counter

    public init(
        store: any TidingsStorage, configuration: TidingsConfiguration,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.configuration = configuration
        self.clock = clock
        self.invalidation = CacheInvalidation()
        self.pages = PageCache("news_pages", invalidation: invalidation)
        self.cursors = CursorKeys(store: store, imageKey: configuration.images.key)
        // A counter is bound to the metrics factory in place when it is made: made before the
        // bootstrap (`serve` builds this service before the application), it counted into the
        // no-op factory and `tidings_events_total` never reached /metrics.
        _ = TidingsMetrics.registry
        self.live = LiveUpdates(
            store: store, invalidation: invalidation,
            newsWindow: configuration.oldestNews(at:), clock: clock)
        ingested = Counter(label: MetricCatalog.eventsTotal.name, dimensions: [("outcome", "accepted")])
        duplicated = Counter(label: MetricCatalog.eventsTotal.name, dimensions: [("outcome", "duplicate")])
        rejected = Counter(label: MetricCatalog.eventsTotal.name, dimensions: [("outcome", "rejected")])
    }

    /// The result of ingesting wire events: one outcome per input, in order.
    public struct Report: Sendable {
        public var outcomes: [IngestOutcome]
        public var accepted: Int { outcomes.count(where: { $0 == .accepted }) }
        public var duplicates: Int { outcomes.count(where: { $0 == .duplicate }) }
        public var rejected: [(index: Int, error: CatalogError)] {
            outcomes.enumerated().compactMap { index, outcome in
                if case .rejected(let error) = outcome { return (index, error) }
                return nil
            }
        }
    }

    /// Validates and ingests wire events in one transaction. When `atomic`, the first refusal is
    /// thrown and nothing is written.
    public func ingest(_ inputs: [Result<EventInput, CatalogError>], atomic: Bool = false) async throws -> Report {
        let now = clock()
        var outcomes = [IngestOutcome](repeating: .accepted, count: inputs.count)
        var valid: [CatalogEvent] = []
        var positions: [Int] = []
        for (index, input) in inputs.enumerated() {
            do {
                valid.append(try CatalogEvent(validating: input.get(), now: now))
                positions.append(index)
            } catch {
                if atomic { throw error }
                outcomes[index] = .rejected(error)
            }
        }
        if !valid.isEmpty {
            let stored = try await store.ingest(valid, recordedAt: now, atomic: atomic)
            for (position, outcome) in zip(positions, stored) { outcomes[position] = outcome }
            if stored.contains(.accepted) { invalidation.invalidate([.catalog]) }
        }
        let report = Report(outcomes: outcomes)
        ingested.increment(by: report.accepted)
        duplicated.increment(by: report.duplicates)
        rejected.increment(by: report.rejected.count)
        return report
    }

    /// Ingests already validated events (the backfill path).
    public func ingest(validated events: [CatalogEvent]) async throws -> [IngestOutcome] {
        let outcomes = try await store.ingest(events, recordedAt: clock())
        if outcomes.contains(.accepted) { invalidation.invalidate([.catalog]) }
        ingested.increment(by: outcomes.count(where: { $0 == .accepted }))
        return outcomes
    }

    /// Recomputes news from the log and drops cached pages.
    public func rebuild(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> RebuildSummary {
        let summary = try await store.rebuildNews(progress: progress)
        invalidation.invalidate([.catalog])
        return summary
    }

    /// The consumer price for a store price.
    public func consumerPrice(_ storePrice: Money) -> Money { storePrice.markedUp(by: configuration.markupPercent) }
}
