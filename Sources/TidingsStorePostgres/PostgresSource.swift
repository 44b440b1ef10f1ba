import Foundation
import Logging
import NIOSSL
import PostgresKit
import PostgresNIO
import TidingsStore

/// PostgreSQL backend: a `PostgresClient` pool. Writes take a transaction-scoped advisory lock, so
/// several `tidings serve` processes sharing one database derive news one batch at a time.
public final class PostgresSource: SQLConnectionSource {
    public var kind: SQLBackendKind { .postgres }
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger

    /// Key of the advisory lock every writer takes.
    static let writeLockKey: Int64 = 0x7469_6469_6E67  // "tiding"

    /// Connects to `postgres://user:password@host:port/database?sslmode=disable|prefer|require`.
    /// `?host=/path/to/socket/dir` selects a Unix socket.
    public init(url: String, logger: Logger = Logger(label: "tidings.postgres")) throws {
        client = PostgresClient(configuration: try Self.configuration(from: url), backgroundLogger: logger)
        self.logger = logger
        let client = self.client
        runner = Task { await client.run() }
    }

    static func configuration(from text: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text),
            components.scheme == "postgres" || components.scheme == "postgresql"
        else { throw StoreError("postgres: not a postgres:// URL: \(text)") }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        let password = components.password.flatMap { $0.removingPercentEncoding }
        let database = components.path.isEmpty ? nil : String(components.path.dropFirst())
        var configuration: PostgresClient.Configuration
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            let port = components.port ?? 5432
            configuration = .init(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                database: database)
        } else {
            let tls: PostgresClient.Configuration.TLS
            switch query["sslmode"] ?? "prefer" {
            case "disable": tls = .disable
            case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
            case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
            case let mode: throw StoreError("postgres: unsupported sslmode \(mode)")
            }
            configuration = .init(
                host: components.host ?? "127.0.0.1", port: components.port ?? 5432, username: user,
                password: password, database: database, tls: tls)
        }
        configuration.options.maximumConnections = 10
        return configuration
    }

    public func read<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await client.withConnection { connection in try await body(connection.sql()) }
    }

    public func write<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                let db = connection.sql()
                try await db.raw("SELECT pg_advisory_xact_lock(\(bind: Self.writeLockKey))").run()
                return try await body(db)
            }
        } catch let error as PostgresTransactionError {
            // Callers see their own error, as with SQLite; the wrapper only matters when rollback failed.
            if let closureError = error.closureError, error.rollbackError == nil { throw closureError }
            throw error
        }
    }

    public func close() async throws {
        runner.cancel()
        await runner.value
    }
}
