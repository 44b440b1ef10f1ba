import Foundation
import ServiceLifecycle
import TidingsModel
import TidingsStore

/// What live readers of a section are told, and when (issue 19; the SSE endpoints build on it).
///
/// A reader subscribes to a section and gets a signal whenever its content may have changed —
/// this process's poller wrote it, or another process's announcement was heard: both reach
/// ``CacheInvalidation``, which drops cached pages first and then signals here. Signals coalesce
/// (a reader busy writing gets one, not a queue). The reader then asks ``changes(of:since:)``
/// what was added and changed since the position it last sent; readers at the same position share
/// one database query until the section changes again, so ten thousand idle readers cost one
/// query per change, not ten thousand.
final class LiveUpdates: Sendable {
    private struct State {
        var next = 0
        var readers: [SectionKey: [Int: AsyncStream<Void>.Continuation]] = [:]
        var closed = false
    }

    private let state = Locked(State())
    private let store: any SectionStore
    /// Answers by (section, position), dropped when the section changes.
    private let answers: PageCache<ChangesKey, StreamChanges>

    struct ChangesKey: PageCacheKey {
        var section: SectionKey
        var since: StreamPosition?
        var scopes: [CacheScope] { [.section(section)] }
    }

    init(store: any SectionStore, invalidation: CacheInvalidation) {
        self.store = store
        answers = PageCache("live_changes", invalidation: invalidation)
        // Registered after the page caches, so a reader signalled here finds them dropped.
        invalidation.register { [weak self] scopes in self?.changed(scopes) }
    }

    /// Signals for `section`: one at once (so a reader resuming from an old position is answered
    /// without waiting for a change), then one per change; it ends when ``close()`` is called.
    func subscribe(_ section: SectionKey) -> AsyncStream<Void> {
        let (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            state.next += 1
            state.readers[section, default: [:]][state.next] = continuation
            return state.next
        }
        guard let id else {
            continuation.finish()
            return signals
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                state.readers[section]?[id] = nil
                if state.readers[section]?.isEmpty == true { state.readers[section] = nil }
            }
        }
        continuation.yield()
        return signals
    }

    /// What `section` added and changed since `position` (everything, when nil).
    func changes(of section: SectionKey, since position: StreamPosition?, now: Date) async throws -> StreamChanges {
        try await answers.value(for: ChangesKey(section: section, since: position), now: now) { [store] in
            try await store.streamChanges(stream: section.stream, since: position)
        }
    }

    /// Readers subscribed now, by section (for tests and metrics).
    var readerCount: Int { state.withLock { $0.readers.values.reduce(0) { $0 + $1.count } } }

    /// Ends every reader's signals, and refuses new ones: the server is stopping.
    func close() {
        let all = state.withLock { state in
            state.closed = true
            defer { state.readers = [:] }
            return state.readers.values.flatMap(\.values)
        }
        for continuation in all { continuation.finish() }
    }

    private func changed(_ scopes: Set<CacheScope>?) {
        let signalled = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            guard let scopes else { return state.readers.values.flatMap(\.values) }
            return scopes.flatMap { scope -> [AsyncStream<Void>.Continuation] in
                guard case .section(let key) = scope else { return [] }
                return state.readers[key].map { Array($0.values) } ?? []
            }
        }
        for continuation in signalled { continuation.yield() }
    }
}

/// Closes the live readers when the server begins to stop, so their responses end and the
/// graceful shutdown does not wait for them.
struct LiveUpdatesService: Service {
    let live: LiveUpdates

    func run() async throws {
        try? await gracefulShutdown()
        live.close()
    }
}
