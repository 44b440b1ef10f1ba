import Foundation
import Testing
import TidingsCatalog
import TidingsModel
import TidingsStore
import TidingsTesting

/// Group commit (``IngestGroups``): requests written together give each the outcomes it gets
/// written alone, in the order they arrived, and leave the store as one-at-a-time writes do.
/// Run on both backends.
extension StoreCheck {
    static let groupCommit: [StoreCheck] = [
        .init(
            name:
                "requests committed in groups get what each gets alone, duplicates, conflicts and refusals among them",
            run: groupedLikeOneAtATime),
        .init(
            name: "concurrent writers of one event each are committed together and each answered",
            run: concurrentSingles),
    ]
}

private let recorded = Events.at(minutes: 100_000)

/// Requests of one to three events from a product history sent out of order (so changes arrive
/// before their product's creation and are refused), with copies of earlier events (duplicates,
/// also within a request), earlier ids with another body (conflicts) and products touched by
/// several requests in a row.
private func mixedRequests(seed: UInt64) throws -> [[CatalogEvent]] {
    var random = SplitMix64(seed: seed)
    var events = history(seed: seed, products: 20)
    for index in events.indices.reversed() { events.swapAt(index, random.next(upTo: index + 1)) }
    var requests: [[EventInput]] = []
    var sent: [EventInput] = []
    var start = 0
    while start < events.count {
        let end = min(events.count, start + 1 + random.next(upTo: 3))
        var request = Array(events[start..<end])
        switch random.next(upTo: 10) {
        case 0 where !sent.isEmpty:
            request.append(sent[random.next(upTo: sent.count)])  // sent before: a duplicate
        case 1 where sent.contains { $0.type == "price_changed" }:
            let changes = sent.filter { $0.type == "price_changed" }
            var copy = changes[random.next(upTo: changes.count)]  // an earlier id, another price: a conflict
            copy.storePrice = copy.storePrice == "1.23" ? "1.24" : "1.23"
            request.append(copy)
        case 2:
            request.append(request[0])  // twice in one request
        default:
            break
        }
        sent += request
        requests.append(request)
        start = end
    }
    return try requests.map { try Events.validated($0) }
}

private func groupedLikeOneAtATime(_ database: TestDatabase) async throws {
    let products = (0..<20).map { "p\($0)" }
    for seed in UInt64(1)...3 {
        let requests = try mixedRequests(seed: seed)
        var alone: [[IngestOutcome]] = []
        var reference: Snapshot?
        try await TestDatabase.with(database.backend) { fresh in
            let store = try await fresh.open()
            do {
                for request in requests { alone.append(try await store.ingest(request, recordedAt: recorded)) }
                reference = try await Snapshot.of(store, products: products)
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
        try await TestDatabase.with(database.backend) { fresh in
            let store = try await fresh.open()
            do {
                let (results, groups) = await IngestGroups.commitInGroups(requests) { events in
                    try await store.ingest(events, recordedAt: recorded)
                }
                let label = "seed \(seed): \(requests.count) requests in \(groups) groups"
                #expect(groups * 2 < requests.count, "\(label): requests should mostly share a group")
                let outcomes = alone.flatMap { $0 }
                #expect(outcomes.contains(.duplicate), "\(label): the scenario should hold duplicates")
                #expect(
                    outcomes.contains { if case .rejected(let error) = $0 { error.kind == .conflict } else { false } },
                    "\(label): and conflicts")
                #expect(
                    outcomes.contains { if case .rejected(let error) = $0 { error.kind != .conflict } else { false } },
                    "\(label): and refusals")
                for (index, (result, expected)) in zip(results, alone).enumerated() {
                    #expect(try result.get() == expected, "\(label), request \(index)")
                }
                let grouped = try await Snapshot.of(store, products: products)
                #expect(grouped == reference, "\(label):\n\(grouped)\nalone:\n\(String(describing: reference))")
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
    }
}

private func concurrentSingles(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let writes = Counter()
    let groups = IngestGroups { events in
        writes.add(1)
        return try await store.ingest(events, recordedAt: recorded)
    }
    let writers = 64
    let outcomes = try await withThrowingTaskGroup(of: (Int, [IngestOutcome]).self) { tasks in
        for writer in 0..<writers {
            tasks.addTask {
                let event = try Events.validated([Events.created("c\(writer)", product: "q\(writer)", price: "10.00")])
                return (writer, try await groups.ingest(event))
            }
        }
        var outcomes: [Int: [IngestOutcome]] = [:]
        for try await (writer, outcome) in tasks { outcomes[writer] = outcome }
        return outcomes
    }
    #expect(outcomes.count == writers)
    #expect(outcomes.values.allSatisfy { $0 == [.accepted] })
    #expect(try await store.counts().events == writers)
    #expect(writes.value < writers, "\(writes.value) transactions for \(writers) writers")
    // One more, alone: its own outcome, a duplicate of one already written.
    let again = try Events.validated([Events.created("c7", product: "q7", price: "10.00")])
    #expect(try await groups.ingest(again) == [.duplicate])
}

/// A count shared by concurrent tasks.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ amount: Int) { lock.withLock { count += amount } }
    var value: Int { lock.withLock { count } }
}
