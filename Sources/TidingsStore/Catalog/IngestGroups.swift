import Foundation
import TidingsCatalog

/// Group commit for catalog writes: requests that arrive while a write is committing wait, and
/// the next write takes them together — one transaction, one pass of the batch logic — instead of
/// one transaction each. A single event costs several statements (the log, the product's state,
/// its news, the announcement), each a trip to the database's thread or server, so many writers
/// sending one event at a time otherwise pay for every event what a batch pays once.
///
/// Each request is answered only after the transaction holding its events committed, with its own
/// outcomes, the same as if the requests had been written one at a time in the order they
/// arrived. That holds because a group only ever joins requests that share no product and no
/// event id: a request's outcomes depend only on its own events, the log's earlier copies of their
/// ids and its products' states, so requests with nothing in common give the same outcomes
/// together or apart. A request sharing a product or an id with one already in the group starts
/// the next group, and keeps its place in the order (`StoreCheck` "groupCommit" checks the whole
/// against one-at-a-time writes, duplicates, conflicts and refusals among them).
///
/// A group whose write fails is written again one request at a time, so that each gets its own
/// answer — one request's failure (a constraint a bug broke) is not its neighbours'. A database
/// that is unavailable (`StoreUnavailable`) is every request's answer at once: each is refused
/// with it (503 and Retry-After), not written alone into the same outage. Requests that must stand
/// or fall together (`atomic`) do not come here.
public actor IngestGroups {
    /// Writes one group's events in one transaction, one outcome per event in order.
    public typealias Write = @Sendable (_ events: [CatalogEvent]) async throws -> [IngestOutcome]

    private struct Waiting {
        let events: [CatalogEvent]
        let continuation: CheckedContinuation<[IngestOutcome], any Error>
    }

    private let write: Write
    /// The most events one group takes (a request larger than this is a group of its own).
    public let maximumEvents: Int
    /// Called after each group's write (a metric counts transactions).
    private let committed: @Sendable () -> Void
    private var waiting: [Waiting] = []
    private var writing = false
    /// Where the writer runs, nil: the shared pool.
    private let executor: (any TaskExecutor)?

    /// `executor`: where the writer's task runs — a thread of its own keeps each step of a write
    /// (each statement's answer, the batch logic between them) from waiting behind the requests
    /// queued in the shared pool.
    public init(
        maximumEvents: Int = 10_000, executor: (any TaskExecutor)? = nil,
        committed: @escaping @Sendable () -> Void = {}, write: @escaping Write
    ) {
        self.maximumEvents = maximumEvents
        self.executor = executor
        self.committed = committed
        self.write = write
    }

    /// Writes `events` with whatever else is waiting, and returns their outcomes once committed.
    public func ingest(_ events: [CatalogEvent]) async throws -> [IngestOutcome] {
        guard !events.isEmpty else { return [] }
        return try await withCheckedThrowingContinuation { continuation in
            waiting.append(Waiting(events: events, continuation: continuation))
            if !writing {
                writing = true
                Task(executorPreference: executor) { await self.drain() }
            }
        }
    }

    /// Writes groups until nobody waits. Requests that arrive during a write join the next group.
    private func drain() async {
        while !waiting.isEmpty {
            let count = Self.groupLength(waiting.lazy.map(\.events), maximumEvents: maximumEvents)
            let group = Array(waiting.prefix(count))
            waiting.removeFirst(count)
            let results = await Self.commit(group.map(\.events), write: write)
            committed()
            for (request, result) in zip(group, results) { request.continuation.resume(with: result) }
        }
        writing = false
    }

    /// How many of `requests`, from the first, one group takes: each next one while it shares no
    /// product and no event id with those taken and the events stay within `maximumEvents` (the
    /// first is always taken).
    static func groupLength(_ requests: some Sequence<[CatalogEvent]>, maximumEvents: Int) -> Int {
        var products = Set<String>()
        var ids = Set<String>()
        var events = 0
        var taken = 0
        for request in requests {
            if taken > 0 {
                guard events + request.count <= maximumEvents,
                    !request.contains(where: { products.contains($0.productID) || ids.contains($0.id) })
                else { break }
            }
            taken += 1
            events += request.count
            for event in request {
                products.insert(event.productID)
                ids.insert(event.id)
            }
        }
        return taken
    }

    /// Writes `requests` as groups the way the queue forms them, in order, and returns each
    /// request's result and how many groups were written: what the queue does, for a caller (a
    /// test) that has all the requests at once.
    public static func commitInGroups(
        _ requests: [[CatalogEvent]], maximumEvents: Int = 10_000, write: Write
    ) async -> (results: [Result<[IngestOutcome], any Error>], groups: Int) {
        var results: [Result<[IngestOutcome], any Error>] = []
        var groups = 0
        var start = 0
        while start < requests.count {
            let count = groupLength(requests[start...], maximumEvents: maximumEvents)
            results += await commit(Array(requests[start..<start + count]), write: write)
            groups += 1
            start += count
        }
        return (results, groups)
    }

    /// One group's write, its outcomes cut back into each request's; when it fails, each request
    /// written alone.
    private static func commit(_ requests: [[CatalogEvent]], write: Write) async -> [Result<
        [IngestOutcome], any Error
    >] {
        do {
            let events = requests.flatMap { $0 }
            let outcomes = try await write(events)
            guard outcomes.count == events.count else {
                throw StoreError("store: \(outcomes.count) outcomes for \(events.count) events")
            }
            var results: [Result<[IngestOutcome], any Error>] = []
            var start = 0
            for request in requests {
                results.append(.success(Array(outcomes[start..<start + request.count])))
                start += request.count
            }
            return results
        } catch {
            // The database unavailable (gone, restarting, no answer within the store's timeout) is
            // every request's answer: writing each alone would wait that long again, once a request
            // — a group of five, five timeouts — and answer each long after its client gave up.
            guard requests.count > 1, !(error is StoreUnavailable) else {
                return requests.map { _ in .failure(error) }
            }
            var results: [Result<[IngestOutcome], any Error>] = []
            for request in requests {
                do {
                    results.append(.success(try await write(request)))
                } catch {
                    results.append(.failure(error))
                }
            }
            return results
        }
    }
}
