import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsServer
import TidingsStore

/// A server over a fresh test database with one API key, for router and live tests.
public struct TestApp: Sendable {
    /// The process as `tidings serve` builds it, over the test database.
    public let runtime: Runtime
    public let database: TestDatabase
    public var store: any TidingsStorage { runtime.store }
    public var catalog: CatalogService { runtime.catalog }
    public var sections: SectionService { runtime.sections }
    /// A valid API key's secret.
    public let key: String

    /// The instant router tests treat as now: one day after `Events.epoch`.
    public static let now = Events.at(minutes: 24 * 60)

    /// Runs `body` against the application built over a fresh database.
    public static func with(
        _ backend: TestDatabase.Backend = .sqlite, configuration: TidingsConfiguration = TidingsConfiguration(),
        sections: SectionsConfiguration = SectionsConfiguration(),
        clock: @escaping @Sendable () -> Date = { TestApp.now }, testing: TestingSetup = .router,
        databaseTimeout: Duration = TestDatabase.patientTimeout,
        _ body: @Sendable (TestApp, any TestClientProtocol) async throws -> Void
    ) async throws {
        try await TestDatabase.with(backend) { database in
            var settings = Settings()
            settings.server = configuration
            settings.server.port = 0
            // A test host running a thousand tests at once is slow, not down: `/health/ready`
            // waits for the database as long as the store's calls do.
            settings.server.readyTimeout = max(
                settings.server.readyTimeout, Double(databaseTimeout.components.seconds))
            settings.sections = sections
            let store = try await database.open(policy: settings.server.newsPolicy, timeout: databaseTimeout)
            let key = APIKeys.generate()
            _ = try await store.createAPIKey(name: "test", hash: APIKeys.hash(key), at: clock())
            let runtime = Runtime(settings: settings, store: store, logger: Logger(label: "tidings"), clock: clock)
            let app = TestApp(runtime: runtime, database: database, key: key)
            do {
                // On threads of its own (`withOwnThreads` says why).
                try await withOwnThreads("test app") {
                    try await runtime.application().test(testing) { client in
                        try await body(app, client)
                    }
                }
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
    }

    /// Headers for a JSON write with this app's key.
    public var writeHeaders: HTTPFields {
        [.authorization: "Bearer \(key)", .contentType: "application/json"]
    }
}

extension TestResponse {
    /// The body as text.
    public var text: String { String(buffer: body) }

    /// The body decoded with Tidings' JSON decoder.
    public func json<T: Decodable>(_ type: T.Type) throws -> T {
        try TidingsJSON.decoder().decode(type, from: Data(buffer: body))
    }

    /// The error envelope's detail, if the body is one.
    public var apiError: APIErrorBody.Detail? { try? json(APIErrorBody.self).error }
}

extension ByteBuffer {
    /// A buffer holding `text`.
    public static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
}
