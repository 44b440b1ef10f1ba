import Foundation
import HummingbirdTesting
import TidingsIngest
import TidingsSections
import TidingsServer

extension TestApp {
    /// Runs `body` with an app serving `sections` whose sources the real poller has fetched once;
    /// the poller drops the app's cached pages when it writes, as in `tidings serve`.
    public static func withPolled(
        _ sections: SectionsConfiguration, backend: TestDatabase.Backend = .sqlite,
        configuration: TidingsConfiguration = TidingsConfiguration(),
        clock: @escaping @Sendable () -> Date = { TestApp.now },
        testing: TestingSetup = .router,
        _ body: @Sendable (TestApp, any TestClientProtocol, SourcePoller) async throws -> Void
    ) async throws {
        try await TestApp.with(
            backend, configuration: configuration, sections: sections, clock: clock, testing: testing
        ) { app, client in
            let poller = app.runtime.poller()
            do {
                _ = try await poller.pollAllNow()
                try await body(app, client, poller)
            } catch {
                try? await poller.shutdown()
                throw error
            }
            try await poller.shutdown()
        }
    }
}
