import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import TidingsIngest
import TidingsRuntime
import TidingsSections
import TidingsServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP server; an empty database gets the demo catalog first.")

    @Option(help: "Address to bind (env TIDINGS_HOST; default 127.0.0.1).") var host: String?
    @Option(help: "Port to bind, 0 for any free one (env TIDINGS_PORT; default 8080).") var port: Int?
    @OptionGroup var database: DatabaseOption
    @Flag(help: "Do not load the demo catalog into an empty database.") var noDemo = false
    @Flag(
        help:
            "Do not migrate at start: refuse a schema that is not this version's (run `tidings migrate` as a step of its own)."
    )
    var noMigrate = false
    @OptionGroup var config: ConfigOption

    func run() async throws {
        let settings = try resolveSettings(config: config, database: database, host: host, port: port)
        let runtime = try await Runtime.open(
            settings, schema: noMigrate ? .requireCurrent : .migrate, brandsFromDatabase: true)
        let store = runtime.store
        do {
            if !noDemo, try await store.counts().events == 0 {
                var demo = try DemoCatalog.backfill(now: Date())
                let summary = try await demo.run(into: runtime.catalog)
                let counts = try await store.counts()
                say(
                    "Loaded the demo catalog into \(try DatabaseURL(settings.server.database)): \(summary.products) products, \(summary.accepted) events, \(counts.newsItems) news items."
                )
            }
            let host = settings.server.host
            // Before the application: its tracing middleware is added only when a tracer exists.
            let tracing = Runtime.bootstrapTracing(settings, logger: runtime.logger)
            let app = runtime.application(poller: runtime.poller()) { port in
                let url = "http://\(Self.address(host: host, port: port))"
                say("Tidings is listening on \(url)")
                say("Read the brands in a browser at \(url)/ (the JSON API is under \(url)/api/v1)")
            }
            let logger = runtime.logger
            // SIGTERM and SIGINT stop gracefully; after 8 s the rest is cancelled, and at 10 s the
            // watchdog ends the process whatever still runs (docs/architecture.md, availability).
            var group = ServiceGroupConfiguration(
                // The exporter first: the group stops services in reverse order, so it sends
                // what the application ended before stopping itself.
                services: (tracing.map { [ServiceGroupConfiguration.ServiceConfiguration(service: $0)] } ?? []) + [
                    .init(service: app),
                    .init(
                        service: ShutdownWatchdog(limit: .seconds(10), logger: logger),
                        successTerminationBehavior: .ignore),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            group.maximumGracefulShutdownDuration = .seconds(8)
            do {
                try await ServiceGroup(configuration: group).run()
            } catch let error as IOError where [EADDRINUSE, EACCES, EADDRNOTAVAIL].contains(error.errnoCode) {
                // NIO's own text ("bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)")
                // names neither the address nor what to do about it.
                printError(
                    Self.listenFailure(host: settings.server.host, port: settings.server.port, errno: error.errnoCode))
                throw ExitCode(1)
            }
        } catch {
            try? await runtime.close()
            throw error
        }
        try await runtime.close()
    }

    /// What `serve` says when it cannot bind: the address, the reason, and the options that change it.
    static func listenFailure(host: String, port: Int, errno: CInt) -> String {
        let reason =
            switch errno {
            case EADDRINUSE:
                "the port is already in use (another tidings serve?); choose another with --port (or TIDINGS_PORT)"
            case EACCES:
                "permission denied (ports below 1024 need privileges); choose another with --port (or TIDINGS_PORT)"
            default: "the address is not one of this machine's; choose another with --host (or TIDINGS_HOST)"
            }
        return "serve: cannot listen on \(address(host: host, port: port)): \(reason)"
    }

    /// `host:port`, with an IPv6 host in brackets.
    static func address(host: String, port: Int) -> String {
        "\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
