import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import TidingsIngest
import TidingsModel
import TidingsStore
import TidingsWeb
import Tracing

/// Builds the HTTP application over the process's parts, which `Runtime` (the composition root)
/// makes: the router over them, the HTTP server's settings, and `services` run beside it — among
/// them the image proxy, which shuts its HTTP clients down when the server stops. Tests pass port 0.
public func buildApplication(
    environment: ServerEnvironment, catalog: CatalogService, sections: SectionService, images: ImageProxy?,
    registry: PrometheusCollectorRegistry = TidingsMetrics.registry, services: [any Service] = [],
    poller: PollerHeartbeat? = nil, logger: Logger = Logger(label: "tidings"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let configuration = environment.configuration
    let router = buildRouter(
        environment: environment, catalog: catalog, sections: sections, images: images, registry: registry,
        poller: poller, logger: logger)
    // Every request pays this chain, before the router; a kept answer nothing after it
    // (docs/benchmarks.md). The order and the reasons for it are in `EveryRequestMiddleware`.
    let limits = configuration.limits
    let everyRequest = EveryRequestMiddleware(
        // Spans cost a few percent of a cached page even when no tracer takes them: only when
        // one is bootstrapped (docs/operations.md, Tracing).
        tracing: InstrumentationSystem.tracer is NoOpTracer ? nil : TracingMiddleware(),
        clientLimit: limits.clientRate > 0
            ? ClientRateLimitMiddleware(
                limiter: RateLimiter(rate: limits.clientRate, burst: limits.clientBurst, clock: environment.clock),
                trustForwardedFor: limits.trustForwardedFor) : nil,
        kept: KeptResponsesMiddleware(kept: environment.kept, clock: environment.clock))
    return Application(
        responder: EveryRequestResponder(chain: everyRequest, router: router.buildResponder()),
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [
                    RequestBodyDeadline(timeout: .milliseconds(Int64(configuration.bodyTimeout * 1000)))
                ],
                idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000)))),
        // Live readers come back together (after a restart, thousands at once): with Hummingbird's
        // queue of 256 pending connections, the rest of a burst was dropped and retried by the
        // clients' kernels a second or more later (docs/benchmarks.md, live updates). The kernel
        // caps it at `net.core.somaxconn`.
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Tidings",
            backlog: 4096),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger)
}

/// Every route of the server, with its middleware: what `buildApplication` serves behind every
/// request's chain (`EveryRequestMiddleware`), and what the contract test compares with
/// `docs/openapi.yaml`. Without `images`, images are not served (a
/// router made to list the routes). `poller` is the heartbeat of the poller the application
/// runs, for `/health/ready`.
public func buildRouter(
    environment: ServerEnvironment, catalog: CatalogService, sections: SectionService, images: ImageProxy? = nil,
    registry: PrometheusCollectorRegistry = TidingsMetrics.registry, poller: PollerHeartbeat? = nil,
    logger: Logger = Logger(label: "tidings")
) -> Router<TidingsRequestContext> {
    let (store, configuration) = (environment.store, environment.configuration)
    let router = Router(context: TidingsRequestContext.self)
    let limits = configuration.limits
    // Around every route and the router's 404 (what comes before the router, every request's
    // chain and the kept answers, is `everyRequest`, which `buildApplication` puts in front).
    router.add(middleware: RouteMiddleware(compression: configuration.compress ? CompressionMiddleware() : nil))
    let keyLimiter =
        limits.keyRate > 0
        ? RateLimiter(rate: limits.keyRate, burst: limits.keyBurst, clock: environment.clock) : nil
    let keys = APIKeyCache(store: store)
    let writes = router.group().add(middleware: APIKeyMiddleware(keys: keys, scope: .write, limiter: keyLimiter))
        .add(middleware: JSONContentTypeMiddleware())
    // The newsroom's API: `read` keys (and admin keys) see the brands kept, admin keys change them.
    let adminReads = router.group().add(middleware: APIKeyMiddleware(keys: keys, scope: .read, limiter: keyLimiter))
    let adminWrites = router.group().add(middleware: APIKeyMiddleware(keys: keys, scope: .admin, limiter: keyLimiter))
        .add(middleware: JSONContentTypeMiddleware())
    AdminController(sections: sections).addRoutes(reads: adminReads, writes: adminWrites)
    SystemRoutes(
        registry: registry,
        health: HealthChecks(
            store: store, poller: poller, timeout: .seconds(configuration.readyTimeout)),
        metricsAccess: MetricsAccess(allow: configuration.metricsAllow, token: configuration.metricsToken)
    ).addRoutes(to: router)
    NewsItemsController(
        catalog: catalog, live: environment.live, keys: environment.keys, defaultLocale: configuration.defaultLocale
    ).addRoutes(to: router)
    ProductsController(catalog: catalog).addRoutes(to: router, writes: writes)
    EventsController(catalog: catalog).addRoutes(to: writes)
    SectionsController(sections: sections, live: environment.live).addRoutes(to: router)
    SearchController(search: BrandSearch(sections: sections, catalog: catalog)).addRoutes(to: router)
    FeedsController(sections: sections).addRoutes(to: router)
    var renderer: WebRenderer?
    do {
        renderer = try WebRenderer()
        WebController(environment: environment, sections: sections, catalog: catalog, renderer: renderer!)
            .addRoutes(to: router)
    } catch {
        logger.error("web: the reader is off: \(error)")
    }
    let placeholder = renderer?.assets.files["placeholder.svg"].map { ByteBuffer(bytes: $0.bytes) }
    ImageController(keys: environment.keys, proxy: images, placeholder: placeholder).addRoutes(to: router)
    return router
}

/// The process-wide metrics registry. swift-metrics can be bootstrapped once per process, so this
/// does it on first use and every application shares the result.
public enum TidingsMetrics {
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(CatalogMetricsFactory(registry: registry))
        // Which build is scraped, by convention a gauge of 1 whose labels say it.
        registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: MetricCatalog.buildInfo.name, unitName: "", helpText: MetricCatalog.buildInfo.help),
            labels: [("version", TidingsVersion.current), ("commit", BuildCommit.current)]
        ).set(1.0)
        return registry
    }()
}
