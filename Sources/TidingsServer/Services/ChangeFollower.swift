import Logging
import Metrics
import ServiceLifecycle
import TidingsModel
import TidingsStore

/// Hears what other processes sharing the database commit (``StoreChange``) and drops the cached
/// pages built from it, so a write through one server shows on every server at once rather than
/// when a cached page's lifetime ends. A service of the application; on SQLite, which one process
/// serves, it only waits for the shutdown. A lost connection is logged, retried with backoff, and
/// every cache is dropped when following starts again (changes made meanwhile were not heard).
public struct ChangeFollower: Service {
    let store: any TidingsStorage
    let invalidation: CacheInvalidation
    let logger: Logger
    /// Told when the kept brands changed (or may have: following started again).
    let brands: BrandsFollower?
    /// Changes heard, and connections lost.
    private let heard: Counter
    private let lost: Counter

    /// Follows `environment`'s store, dropping from its caches and telling `brands` of changes of
    /// the brands.
    public init(environment: ServerEnvironment, brands: BrandsFollower? = nil, logger: Logger) {
        self.brands = brands
        _ = TidingsMetrics.registry
        store = environment.store
        invalidation = environment.invalidation
        self.logger = logger
        heard = Counter(label: MetricCatalog.changesHeardTotal.name)
        lost = Counter(label: MetricCatalog.changeConnectionsLostTotal.name)
    }

    public func run() async throws {
        let failures = Locked(0)
        let (store, invalidation, logger, heard, brands) = (store, invalidation, logger, heard, brands)
        let follows: Bool = try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let followed = try await store.followChanges { change in
                        if change.everything,
                            failures.withLock({ count in
                                defer { count = 0 }
                                return count > 0
                            })
                        {
                            logger.info("changes: hearing other servers' writes again")
                        }
                        heard.increment()
                        invalidation.invalidate(change)
                        if change.brands || change.everything { brands?.heard() }
                    }
                    return followed
                } catch let error where !Task.isCancelled {
                    self.lost.increment()
                    let count = failures.withLock { count in
                        count += 1
                        return count
                    }
                    logger.warning(
                        "changes: lost the database's notifications (\(error)); cached pages live at most 5 s until they are heard again",
                        metadata: ["error": .string("\(error)"), "failures": .stringConvertible(count)])
                    try await Task.sleep(for: .seconds(min(30, 1 << min(count - 1, 5))))
                }
            }
            return true
        }
        if !follows { try await gracefulShutdown() }
    }
}
