import Foundation
import Logging
import TidingsCatalog
import TidingsStore
import TidingsStorePostgres
import TidingsStoreSQLite

/// Where the data lives: `sqlite:PATH` (the default, `sqlite:./tidings.sqlite`) or `postgres://…`.
public enum DatabaseURL: Equatable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    public init(_ text: String) throws {
        if text.hasPrefix("sqlite:") {
            var path = String(text.dropFirst("sqlite:".count))
            if path.hasPrefix("//") { path.removeFirst(2) }  // sqlite://PATH is accepted too
            guard !path.isEmpty else {
                throw StoreError("database URL sqlite: needs a path, as in sqlite:./tidings.sqlite")
            }
            self = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else {
            throw StoreError("database URL must be sqlite:PATH or postgres://…, not \(text)")
        }
    }

    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let url): Self.redacted(url)
        }
    }

    /// The URL with its password replaced, for logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }

    /// Opens the store and applies pending migrations. A call that cannot finish within `timeout`
    /// (SQLite: waiting for a lock another process holds; PostgreSQL: any call) fails with
    /// `StoreUnavailable`. A database that is not a Tidings database (SQLite: an empty, foreign
    /// or damaged file; PostgreSQL: tables but no `schema_migrations`) is refused unchanged, with
    /// a `StoreError` naming it.
    public func open(
        policy: NewsPolicy, logger: Logger = Logger(label: "tidings.store"), timeout: Duration = .seconds(10)
    ) async throws -> any TidingsStorage {
        switch self {
        case .sqlite(let path):
            let store = SQLStore(
                source: try await SQLiteSource.open(path: path, busyTimeout: timeout), policy: policy)
            return try await Self.migrated(store, name: description)
        case .postgres(let url):
            let store = SQLStore(
                source: try PostgresSource(url: url, logger: logger, timeout: timeout), policy: policy)
            return try await Self.migrated(store, name: description)
        }
    }

    private static func migrated<S>(_ store: SQLStore<S>, name: String) async throws -> any TidingsStorage {
        do {
            try await store.migrate()
            return store
        } catch let error as ForeignDatabase {
            try? await store.close()
            throw StoreError(
                "\(name) is not a Tidings database: it has tables (\(error.listed)) but no schema_migrations; nothing was changed"
            )
        } catch {
            try? await store.close()
            throw error
        }
    }
}
