import Logging
import TidingsStore

/// Writes finished fetches to the store as they end. Fetches that end while a write is under way
/// (or within a few milliseconds of each other, as a first load of many feeds does) are written
/// together in one transaction, so the new entries of sources sharing a section still merge by
/// date; a slow source is written alone when it ends and delays nobody.
actor FetchRecorder {
    typealias Outcome = Result<UpsertSummary, any Error>

    private let store: any SectionStore
    /// The poller whose leases the records release.
    private let owner: String
    private let logger: Logger
    private var queue: [(record: FetchRecord, done: CheckedContinuation<Outcome, Never>)] = []
    private var writing = false

    init(store: any SectionStore, owner: String, logger: Logger) {
        self.store = store
        self.owner = owner
        self.logger = logger
    }

    /// Records `record` and returns what changed, once it is written.
    func record(_ record: FetchRecord) async -> Outcome {
        await withCheckedContinuation { done in
            queue.append((record, done))
            guard !writing else { return }
            writing = true
            // Not cancelled with the fetch that started it: a fetched document is written whole.
            Task { await self.drain() }
        }
    }

    private func drain() async {
        try? await Task.sleep(for: .milliseconds(20))
        while !queue.isEmpty {
            let batch = queue
            queue = []
            let outcomes = await write(batch.map(\.record))
            for (entry, outcome) in zip(batch, outcomes) { entry.done.resume(returning: outcome) }
        }
        writing = false
    }

    /// One transaction for all of `records`; when the database refuses it for something other than
    /// being unavailable (one record it cannot store), each record alone, so the others are kept.
    private func write(_ records: [FetchRecord]) async -> [Outcome] {
        do {
            return try await store.recordFetches(records, owner: owner).map { .success($0) }
        } catch let error as StoreUnavailable {
            // Said once for the batch: the loop's backoff reports the outage itself.
            logger.error(
                "poller: could not record \(records.count) fetches (leases expire and they are fetched again): \(error)",
                metadata: ["error": .string("\(error)"), "fetches": .stringConvertible(records.count)])
            return records.map { _ in .failure(error) }
        } catch {
            guard records.count > 1 else { return [.failure(error)] }
            logger.warning("poller: writing \(records.count) fetches together failed (\(error)); writing each alone")
            var outcomes: [Outcome] = []
            for record in records {
                do {
                    outcomes.append(.success(try await store.recordFetches([record], owner: owner)[0]))
                } catch {
                    outcomes.append(.failure(error))
                }
            }
            return outcomes
        }
    }
}
