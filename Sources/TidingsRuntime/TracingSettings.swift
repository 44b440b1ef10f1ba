import Foundation
import Logging
import TidingsSections
import TidingsTracing
import Tracing

/// `tracing.*`: where spans go. Off (no tracer, spans cost next to nothing) until
/// `tracing.otlp_endpoint` names a collector.
public struct TracingSettings: Sendable {
    /// `tracing.otlp_endpoint`: the collector's OTLP/HTTP address.
    public var endpoint: URL?
    /// `tracing.otlp_headers`: headers for every export (a secret: a vendor's API key).
    public var headers: [(name: String, value: String)] = []
    /// `tracing.service_name`.
    public var serviceName = "tidings"
    /// `tracing.sample_ratio`: the share of new traces recorded.
    public var sampleRatio = 1.0

    public init() {}

    static let settings: [Setting<TracingSettings>] = [
        Setting(
            "tracing.otlp_endpoint",
            "an OpenTelemetry collector's OTLP/HTTP address, such as http://localhost:4318 (spans go to its /v1/traces; a URL with a path is used as it is); unset sends no spans",
            write: { $0.endpoint?.absoluteString ?? "unset" },
            read: { tracing, value, _ in
                let text = try value.string()
                if text.isEmpty {
                    tracing.endpoint = nil
                    return
                }
                guard let url = OTLPConfiguration.tracesURL(text) else {
                    throw value.error(
                        "must be an http:// or https:// address such as http://localhost:4318, not \"\(text)\"")
                }
                tracing.endpoint = url
            }),
        Setting(
            "tracing.otlp_headers",
            "headers sent with every export, name=value,name=value with values percent-encoded, such as a vendor's API key",
            write: { ListText.text($0.headers.map { "\($0.name)=…" }) },
            read: { tracing, value, _ in
                guard let headers = OTLPConfiguration.headers(try value.string()) else {
                    throw value.error("must be name=value pairs separated by commas")
                }
                tracing.headers = headers
            }),
        .text("tracing.service_name", \.serviceName, "service.name on the spans"),
        Setting(
            "tracing.sample_ratio",
            "the share of new traces recorded, 0 to 1; a caller's sampled or not-sampled trace is followed as it says",
            write: { String(format: "%g", $0.sampleRatio) },
            read: { tracing, value, _ in
                let text = try value.string()
                guard let ratio = Double(text), (0...1).contains(ratio) else {
                    throw value.error("must be a number from 0 to 1, not \"\(text)\"")
                }
                tracing.sampleRatio = ratio
            }),
    ]

    /// The exporter's configuration; nil while no endpoint is set.
    public var otlp: OTLPConfiguration? {
        endpoint.map {
            OTLPConfiguration(endpoint: $0, serviceName: serviceName, headers: headers, sampleRatio: sampleRatio)
        }
    }
}

extension Runtime {
    /// Makes spans go to the collector `settings` name: bootstraps the process's tracer (once per
    /// process, before the application is built) and returns the exporter, to run first in the
    /// service group so that it sends what the others end before it stops. Nil, and nothing
    /// bootstrapped, when `tracing.otlp_endpoint` is not set.
    public static func bootstrapTracing(_ settings: Settings, logger: Logger) -> OTLPExporter? {
        guard let configuration = settings.tracing.otlp else { return nil }
        let exporter = OTLPExporter(configuration: configuration, logger: logger)
        InstrumentationSystem.bootstrap(OTLPTracer(exporter: exporter, sampleRatio: configuration.sampleRatio))
        logger.info(
            "tracing: spans go to \(configuration.endpoint.absoluteString) as \(configuration.serviceName) (sample ratio \(configuration.sampleRatio))"
        )
        return exporter
    }
}
