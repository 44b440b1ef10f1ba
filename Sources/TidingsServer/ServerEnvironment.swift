import Foundation
import TidingsModel
import TidingsStore

/// What the server's parts share, made once per process by `Runtime` (the composition root): the
/// store, the clock, the server's settings, the invalidation every cache registers with, the hub
/// live readers wait on, and the signing keys. Services and controllers take the parts they use
/// from it; none reaches through another service to get them.
public struct ServerEnvironment: Sendable {
    public let store: any TidingsStorage
    public let configuration: TidingsConfiguration
    public let clock: @Sendable () -> Date
    /// Drops the cached values built from what a write changed, in every cache of the process.
    let invalidation: CacheInvalidation
    /// Live readers of the catalog news and of sections, told when what they follow changes.
    let live: LiveUpdates
    /// Signs and opens cursors and image URLs.
    let keys: SigningKeys
    /// Whole answers kept by what their request says (``KeptResponsesMiddleware``).
    let kept: KeptResponses

    public init(
        store: any TidingsStorage, configuration: TidingsConfiguration,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        // Metric handles bind to the factory that exists when they are made (the hub makes one).
        _ = TidingsMetrics.registry
        self.store = store
        self.configuration = configuration
        self.clock = clock
        invalidation = CacheInvalidation()
        keys = SigningKeys(store: store, imageKey: configuration.images.key)
        kept = KeptResponses(invalidation: invalidation)
        live = LiveUpdates(
            store: store, invalidation: invalidation, newsWindow: configuration.oldestNews(at:), clock: clock)
    }
}
