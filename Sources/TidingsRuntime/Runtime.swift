import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TidingsIngest
import TidingsModel
import TidingsSections
import TidingsServer
import TidingsStore

/// The composition root: store → environment → catalog and section services → poller, image
/// proxy, change follower → HTTP application, wired in one place. `tidings serve`, the commands,
/// the benchmarks and the test helpers all build their process through it, so a new service is
/// added once.
public struct Runtime: Sendable {
    public let settings: Settings
    public let store: any TidingsStorage
    /// What the services share: store, clock, settings, cache invalidation, live hub, signing keys.
    public let environment: ServerEnvironment
    public let catalog: CatalogService
    public let sections: SectionService
    /// Keeps the brands shown as the database keeps them (a server's); nil when they are the
    /// settings' alone (a command's, a test's).
    public let brands: BrandsFollower?
    public let logger: Logger

    /// Opens the database `settings` name (migrating it, unless `schema` says otherwise) and
    /// builds the services over it. With `brandsFromDatabase` (a server), the brands shown are
    /// the database's (``servedBrands(_:store:logger:at:)``), not only the settings'.
    public static func open(
        _ settings: Settings, logger: Logger? = nil, clock: @escaping @Sendable () -> Date = Date.init,
        databaseTimeout: Duration = .seconds(10), schema: DatabaseURL.Schema = .migrate,
        brandsFromDatabase: Bool = false
    ) async throws -> Runtime {
        var settings = settings
        let logger = logger ?? Self.logger(settings)
        // The deployment's own words, on top of the shipped ones, before anything is rendered.
        if let catalogs = settings.server.catalogs {
            Translations.activate(Translations.shipped.adding(catalogs))
            logger.info(
                "locale: catalogs on top of the shipped ones: \(catalogs.languages.map(\.identifier).joined(separator: ", "))"
            )
        }
        // Metric handles bind to the factory that exists when they are made: bootstrap it before
        // the store (and everything after it) makes theirs.
        _ = TidingsMetrics.registry
        let store = try await DatabaseURL(settings.server.database).open(
            policy: settings.server.newsPolicy, logger: logger, timeout: databaseTimeout, schema: schema,
            poolSize: settings.server.databasePoolSize)
        var version: Int64?
        do {
            if schema != .asIs, try await store.alignStories(settings.sections.grouping.rule, at: clock()) {
                let rule = settings.sections.grouping.rule?.description ?? "off"
                logger.info("sections: grouped the stored entries' stories again for grouping.* (\(rule))")
            }
            if brandsFromDatabase {
                let served = try await servedBrands(settings, store: store, logger: logger, at: clock())
                settings.sections.brands = served.brands
                version = served.version
            }
        } catch {
            // Closed before the failure is told: an open store dropped on the floor hides it.
            try? await store.close()
            throw error
        }
        return Runtime(settings: settings, store: store, logger: logger, clock: clock, brandsVersion: version)
    }

    /// The services over a store already opened (a test's database). With `brandsVersion` (the
    /// version of the kept brands `settings` shows), the brands shown follow the database's.
    public init(
        settings: Settings, store: any TidingsStorage, logger: Logger? = nil,
        clock: @escaping @Sendable () -> Date = Date.init, brandsVersion: Int64? = nil
    ) {
        self.settings = settings
        self.store = store
        let logger = logger ?? Self.logger(settings)
        self.logger = logger
        environment = ServerEnvironment(store: store, configuration: settings.server, clock: clock)
        catalog = CatalogService(environment: environment)
        let sections = SectionService(
            live: LiveSections(settings.sections, version: brandsVersion ?? 0), environment: environment,
            catalog: catalog)
        self.sections = sections
        brands = brandsVersion.map { _ in BrandsFollower(sections: sections, logger: logger) }
    }

    /// The process's logger at the configured level.
    public static func logger(_ settings: Settings) -> Logger {
        var logger = Logger(label: "tidings")
        logger.logLevel = settings.logLevel
        return logger
    }

    /// A poller for the configured sources that drops the cached pages of the sections it writes.
    public func poller(clock: @escaping @Sendable () -> Date = Date.init) -> SourcePoller {
        let sections = sections
        return SourcePoller(
            live: sections.live, store: store, logger: logger, clock: clock,
            onChange: { changed in sections.contentChanged(sections: changed) })
    }

    /// The service fetching the article pages of sources with `full_text` (issue 20), leasing
    /// pages as `poller`'s owner. It asks the database for due pages only while a section shown
    /// asks for full text (brands change live).
    public func articleRefresher(owner: String, clock: @escaping @Sendable () -> Date = Date.init) -> ArticleRefresher {
        let live = sections.live
        return ArticleRefresher(
            configuration: settings.sections, store: store, owner: owner, logger: logger, clock: clock,
            onChange: { [sections] urls in sections.articlesChanged(urls: urls) },
            wanted: { live.current.sections.contains { $0.section.fullText != .never } },
            fullTextSections: {
                live.current.sections.filter { $0.section.fullText != .never }.map {
                    SectionKey(brand: $0.brand.id, section: $0.section.id)
                }
            },
            onStories: { [sections] changed in sections.contentChanged(sections: changed) })
    }

    /// The HTTP application over these services, running `poller` (whose heartbeat
    /// `/health/ready` reads), the article refresher when a source asks for full text, the image
    /// proxy, the follower of other servers' writes, the closing of live readers at shutdown, and
    /// `services` beside them.
    public func application(
        poller: SourcePoller? = nil, services: [any Service] = [],
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var running: [any Service] = poller.map { [$0] } ?? []
        if let poller { running.append(articleRefresher(owner: poller.owner)) }
        if let brands { running.append(brands) }
        let images = ImageProxy(settings: settings.server.images, fetch: settings.sections.fetch, logger: logger)
        running += [
            images, ChangeFollower(environment: environment, brands: brands, logger: logger),
            LiveUpdatesService(environment: environment),
        ]
        return buildApplication(
            environment: environment, catalog: catalog, sections: sections, images: images,
            services: running + services, poller: poller?.heartbeat, logger: logger, onServerRunning: onServerRunning)
    }

    /// Closes the store.
    public func close() async throws { try await store.close() }
}
