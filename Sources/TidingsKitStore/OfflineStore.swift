import Foundation
import GRDB
import TidingsModel

/// The SDK's offline store: the last pages of each feed, articles and HTTP responses in one SQLite
/// file, bounded by `maxBytes` with least-recently-used eviction. A file that is not a valid store is
/// rebuilt empty, at open or when SQLite reports corruption later, and never crashes the app.
public final class OfflineStore: Sendable {
    private struct State {
        var queue: DatabaseQueue
        var generation = 0
        var recovered = false
    }

    private let state: Locked<State>
    // Apart from `state`: stamps are taken inside transactions, while a rebuild holds `state`.
    private let clock: Locked<Int64>
    private let path: String?
    private let onRecover: @Sendable (OfflineStoreError) -> Void
    /// The size the database is kept under; writes evict beyond it.
    public let maxBytes: Int

    /// Opens (creating) the store at `path`. A file that is not a valid store (garbage, truncated,
    /// another app's database, a newer schema) is deleted and recreated; `onRecover` hears why.
    public init(
        path: String, maxBytes: Int = 50 << 20, onRecover: @escaping @Sendable (OfflineStoreError) -> Void = { _ in }
    ) throws {
        self.path = path
        self.maxBytes = maxBytes
        self.onRecover = onRecover
        let (queue, tick, problem) = try Self.open(path)
        state = Locked(State(queue: queue, recovered: problem != nil))
        clock = Locked(tick)
        if let problem { onRecover(problem) }
    }

    private init(queue: DatabaseQueue, maxBytes: Int) {
        path = nil
        self.maxBytes = maxBytes
        onRecover = { _ in }
        state = Locked(State(queue: queue))
        clock = Locked(0)
    }

    /// A store in memory, gone with the instance: for tests and previews.
    public static func inMemory(maxBytes: Int = 50 << 20) throws -> OfflineStore {
        OfflineStore(queue: try openInMemory(), maxBytes: maxBytes)
    }

    /// Whether this instance found its file unusable and rebuilt it empty.
    public var recovered: Bool { state.withLock { $0.recovered } }

    /// The database's size in bytes (its pages, including free ones not yet returned to the system).
    public var sizeBytes: Int {
        get throws { try perform("measure the store", write: false, Self.size) }
    }

    /// Runs `body` in a transaction. When SQLite says the file is corrupt, rebuilds it empty and runs
    /// `body` again there: a read then finds nothing, a write lands in the new file.
    func perform<T>(_ action: String, write: Bool = true, _ body: (Database) throws -> T) throws -> T {
        let (queue, generation) = state.withLock { ($0.queue, $0.generation) }
        do {
            return try write ? queue.write(body) : queue.read(body)
        } catch let error as DatabaseError where Self.isCorruption(error) {
            if let problem = try rebuild(after: generation, because: error) { onRecover(problem) }
            let queue = state.withLock { $0.queue }
            do {
                return try write ? queue.write(body) : queue.read(body)
            } catch {
                throw OfflineStoreError.database(action, error)
            }
        } catch let error as OfflineStoreError {
            throw error
        } catch {
            throw OfflineStoreError.database(action, error)
        }
    }

    /// Marks an entry as used after a read returns: the reader does not wait for this write (the
    /// first write of a process syncs the new WAL). Serial, so later calls see it; errors are ignored.
    func touch(_ table: String, _ key: String, _ value: String) {
        let queue = state.withLock { $0.queue }
        let stamp = tick()
        queue.asyncWriteWithoutTransaction { db in
            try? db.execute(sql: "UPDATE \(table) SET used_at = ? WHERE \(key) = ?", arguments: [stamp, value])
        }
    }

    /// A recency stamp: the clock in milliseconds, but always above the last one handed out.
    func tick() -> Int64 {
        let now = Date().millisecondsSince1970
        return clock.withLock {
            $0 = max(now, $0 + 1)
            return $0
        }
    }

    // Swaps in a fresh file unless another call already did since `generation`. The old queue is
    // held while its files are deleted, so no transaction of it is half-way through them.
    private func rebuild(after generation: Int, because error: DatabaseError) throws -> OfflineStoreError? {
        try state.withLock { state in
            guard state.generation == generation else { return nil }
            let problem = OfflineStoreError.rebuilt(path ?? ":memory:", "is corrupt (\(error))")
            if let path {
                try? state.queue.writeWithoutTransaction { _ in try OfflineStoreFile.remove(at: path) }
                state.queue = try Self.open(path).queue
            } else {
                state.queue = try Self.openInMemory()
            }
            state.generation += 1
            state.recovered = true
            return problem
        }
    }

    static func isCorruption(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }
}
