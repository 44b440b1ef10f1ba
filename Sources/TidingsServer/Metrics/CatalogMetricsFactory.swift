import CoreMetrics
import Prometheus
import TidingsStore

/// swift-metrics' factory for `/metrics`: Prometheus's collectors, named and described by
/// ``MetricCatalog``. A label a dependency records under (Hummingbird's `hb.requests` …) is renamed
/// to the catalog's conventional name; every catalogued metric gets its `# HELP` line. A label the
/// catalog does not know is kept (the registry turns its dots into underscores) with a help text naming it as such.
struct CatalogMetricsFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry
    private static let byLabel: [String: MetricDescription] = Dictionary(
        MetricCatalog.all.flatMap { entry in [(entry.name, entry)] + (entry.recordedAs.map { [($0, entry)] } ?? []) },
        uniquingKeysWith: { first, _ in first })
    /// The buckets of every duration histogram: 5 ms … 10 s (swift-prometheus's), then a minute, for
    /// the poller's lag and slow fetches.
    static let durationBuckets: [Duration] = [
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        .seconds(30), .seconds(60),
    ]
    static let valueBuckets: [Double] = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000]

    /// The exported name and help text of what was recorded as `label`.
    static func described(_ label: String) -> MetricNameDescriptor {
        guard let entry = byLabel[label] else {
            return MetricNameDescriptor(
                metricName: label, unitName: "", helpText: "Recorded as \(label) (not in Tidings' metric catalog)")
        }
        return MetricNameDescriptor(metricName: entry.name, unitName: "", helpText: entry.help)
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        return registry.makeCounter(descriptor: Self.described(label), labels: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        return registry.makeCounter(descriptor: Self.described(label), labels: dimensions)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(descriptor: Self.described(label), labels: dimensions) }
        return registry.makeValueHistogram(
            descriptor: Self.described(label), labels: dimensions, buckets: Self.valueBuckets)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        return registry.makeGauge(descriptor: Self.described(label), labels: dimensions)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        return registry.makeDurationHistogram(
            descriptor: Self.described(label), labels: dimensions, buckets: Self.durationBuckets)
    }

    func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any RecorderHandler) {
        switch handler {
        case let gauge as Prometheus.Gauge: registry.unregisterGauge(gauge)
        case let histogram as ValueHistogram: registry.unregisterValueHistogram(histogram)
        default: break
        }
    }

    func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}
