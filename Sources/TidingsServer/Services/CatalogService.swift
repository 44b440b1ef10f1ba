import Foundation
import Metrics
import TidingsCatalog
import TidingsModel
import TidingsStore

/// The catalog as the server and the CLI use it: validation of wire events, ingestion through the
/// store, the news pages, and invalidation of cached news pages on every write.
public struct CatalogService: Sendable {
    let environment: ServerEnvironment
    var store: any TidingsStorage { environment.store }
    var configuration: TidingsConfiguration { environment.configuration }
    var clock: @Sendable () -> Date { environment.clock }
    /// Encoded news pages, shared by every reader of a locale.
    let pages: PageCache<NewsPageKey, EncodedPage>
    private let ingested: Counter
    private let duplicated: Counter
    private let rejected: Counter
    /// Concurrent requests' events, committed together (group commit).
    private let groups: IngestGroups

    public init(environment: ServerEnvironment) {
        self.environment = environment
        pages = PageCache("news_pages", invalidation: environment.invalidation)
        ingested = Counter(label: MetricCatalog.eventsTotal.name, dimensions: [("outcome", "accepted")])
        duplicated = Counter(label: MetricCatalog.eventsTotal.name, dimensions: [("outcome", "duplicate")])
        rejected = Counter(label: MetricCatalog.eventsTotal.name, dimensions: [("outcome", "rejected")])
        let commits = Counter(label: MetricCatalog.eventCommitsTotal.name)
        groups = IngestGroups(
            maximumEvents: Self.maximumGroup, executor: WriterExecutor.shared, committed: { commits.increment() },
            write: { [environment] events in
                Self.invalidating(
                    try await environment.store.ingest(events, recordedAt: environment.clock(), atomic: false),
                    in: environment)
            })
    }

    /// `outcomes`, after dropping the cached news pages when any event was accepted.
    static func invalidating(_ outcomes: [IngestOutcome], in environment: ServerEnvironment) -> [IngestOutcome] {
        if outcomes.contains(.accepted) { environment.invalidation.invalidate([.catalog]) }
        return outcomes
    }

    /// The most events one group commit writes: a request of the API's largest batch (10,000).
    static let maximumGroup = 10_000

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

    /// Validates and ingests wire events in one transaction — with other requests' events when
    /// they arrive together (``IngestGroups``: each request still gets the outcomes it would get
    /// alone, once its transaction committed). When `atomic`, the first refusal is thrown and
    /// nothing is written.
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
            // One request's events stand or fall together when atomic: written alone. Any other is
            // committed with the requests that arrive while the previous write commits.
            let stored: [IngestOutcome]
            if atomic {
                stored = Self.invalidating(
                    try await store.ingest(valid, recordedAt: now, atomic: true), in: environment)
            } else {
                stored = try await groups.ingest(valid)
            }
            for (position, outcome) in zip(positions, stored) { outcomes[position] = outcome }
        }
        let report = Report(outcomes: outcomes)
        ingested.increment(by: report.accepted)
        duplicated.increment(by: report.duplicates)
        rejected.increment(by: report.rejected.count)
        return report
    }

    /// Ingests already validated events (the backfill path).
    public func ingest(validated events: [CatalogEvent]) async throws -> [IngestOutcome] {
        let outcomes = Self.invalidating(try await store.ingest(events, recordedAt: clock()), in: environment)
        ingested.increment(by: outcomes.count(where: { $0 == .accepted }))
        return outcomes
    }

    /// Recomputes news from the log and drops cached pages.
    public func rebuild(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> RebuildSummary {
        let summary = try await store.rebuildNews(progress: progress)
        environment.invalidation.invalidate([.catalog])
        return summary
    }

    /// The consumer price for a store price.
    public func consumerPrice(_ storePrice: Money) -> Money { storePrice.markedUp(by: configuration.markupPercent) }

    /// `product` as the API gives it, at its consumer price.
    func resource(_ product: Product) -> ProductResource {
        ProductResource(product: product, consumerPrice: consumerPrice(product.storePrice))
    }
}
