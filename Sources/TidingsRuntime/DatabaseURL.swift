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

    /// What opening does with the schema.
    public enum Schema: Sendable {
        /// Applies pending migrations (`serve`, the commands): the default.
        case migrate
        /// Refuses a schema that is not exactly this build's (`serve --no-migrate`, for
        /// deployments that run `tidings migrate` as a step of their own).
        case requireCurrent
        /// Leaves it as it is (`tidings migrate`, which looks before it changes anything).
        case asIs
    }

    /// Opens the store and, by default, applies pending migrations. A call that cannot finish
    /// within `timeout` (SQLite: waiting for a lock another process holds; PostgreSQL: any call)
    /// fails with `StoreUnavailable`. A database that is not a Tidings database (SQLite: an
    /// empty, foreign or damaged file; PostgreSQL: tables but no `schema_migrations`), or whose
    /// schema a newer tidings wrote, is refused unchanged, with a `StoreError` naming it; so is a
    /// PostgreSQL database that does not exist or a user or password the server refuses, at once.
    public func open(
        policy: NewsPolicy, logger: Logger = Logger(label: "tidings.store"), timeout: Duration = .seconds(10),
        schema: Schema = .migrate, poolSize: Int = 10
    ) async throws -> any TidingsStorage {
        switch self {
        case .sqlite(let path):
            let store = SQLStore(
                source: InstrumentedSource(try await SQLiteSource.open(path: path, busyTimeout: timeout)),
                policy: policy)
            return try await Self.prepared(store, name: description, schema: schema, logger: logger)
        case .postgres(let url):
            let source = try PostgresSource(url: url, logger: logger, timeout: timeout, maximumConnections: poolSize)
            do {
                try await source.checkAccess()
            } catch {
                // The refusal is the answer; the pool, never used, only has its task to stop.
                try? await source.close()
                throw error
            }
            let store = SQLStore(source: InstrumentedSource(source), policy: policy)
            return try await Self.prepared(store, name: description, schema: schema, logger: logger)
        }
    }

    /// Sorted versions as runs: "1–3, 5, 7–9".
    static func runs(_ versions: [Int]) -> String {
        var parts: [String] = []
        var start = 0
        while start < versions.count {
            var end = start
            while end + 1 < versions.count, versions[end + 1] == versions[end] + 1 { end += 1 }
            parts.append(end == start ? "\(versions[start])" : "\(versions[start])–\(versions[end])")
            start = end + 1
        }
        return parts.joined(separator: ", ")
    }

    /// Whether this is a SQLite file that does not exist yet (opening would create it).
    public var isAbsentFile: Bool {
        guard case .sqlite(let path) = self else { return false }
        return !FileManager.default.fileExists(atPath: path)
    }

    private static func prepared<S>(_ store: SQLStore<S>, name: String, schema: Schema, logger: Logger)
        async throws -> any TidingsStorage
    {
        do {
            switch schema {
            case .migrate:
                // Said only by the process that applied them: of several starting at once on an
                // empty database, each migration runs in one of them (they take turns for each).
                let applied = try await store.migrate()
                if !applied.isEmpty {
                    logger.info("database: applied migration\(applied.count == 1 ? "" : "s") \(Self.runs(applied))")
                }
            case .requireCurrent:
                let status = try await store.schemaStatus()
                try status.refuseIfNewer()
                guard status.pending.isEmpty else {
                    throw StoreError(
                        "\(name): the schema is at version \(status.version) and this tidings needs \(status.known)"
                            + " (\(status.pending.count) migration(s) pending); run `tidings migrate` first,"
                            + " or start serve without --no-migrate")
                }
                // Pages are served without writing: the cursor secret must exist before them.
                _ = try await store.cursorSecret()
            case .asIs:
                return store
            }
            if try await store.alignAggregates() {
                let rule = store.policy.aggregation?.description ?? "off"
                logger.info("news: folded the stored news again for news.aggregate (\(rule))")
            }
            return store
        } catch {
            try? await store.close()
            throw refusal(error, name: name) ?? error
        }
    }

    /// The one-line refusal of a database that must not be written to (another program's, or
    /// one a newer tidings migrated), naming it; nil for other errors.
    public static func refusal(_ error: any Error, name: String) -> StoreError? {
        switch error {
        case let error as ForeignDatabase:
            StoreError(
                "\(name) is not a Tidings database: it has tables (\(error.listed)) but no schema_migrations; nothing was changed"
            )
        case let error as SchemaTooNew: StoreError("\(name): \(error); nothing was changed")
        default: nil
        }
    }
}
