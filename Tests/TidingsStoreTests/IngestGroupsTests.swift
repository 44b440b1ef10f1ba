import Foundation
import Testing
import TidingsCatalog
import TidingsModel
import TidingsStore
import TidingsTesting

/// What a group commit answers when its write fails: a database outage once for the whole group,
/// any other failure by writing each request alone.
@Suite("Group commit failures")
struct IngestGroupsTests {
    static let now = Events.at(minutes: 100_000)

    /// Three requests of one event each, for products of their own: one group.
    static func requests() throws -> [[CatalogEvent]] {
        try (0..<3).map { n in
            [try CatalogEvent(validating: Events.created("e\(n)", product: "p\(n)", price: "1.00"), now: now)]
        }
    }

    @Test("a database outage refuses the whole group at once, without writing each request into it again")
    func outage() async throws {
        let writes = Locked(0)
        let (results, groups) = await IngestGroups.commitInGroups(try Self.requests()) { _ in
            writes.withLock { $0 += 1 }
            throw StoreUnavailable("postgres: no answer within 10 s")
        }
        #expect(groups == 1)
        #expect(writes.current == 1, "written once, not once more a request")
        #expect(results.count == 3)
        for result in results {
            #expect(throws: StoreUnavailable.self) { try result.get() }
        }
    }

    @Test("any other failure writes each request alone: one request's failure is not its neighbours'")
    func oneRequestFails() async throws {
        struct Broken: Error {}
        let writes = Locked(0)
        let (results, _) = await IngestGroups.commitInGroups(try Self.requests()) { events in
            writes.withLock { $0 += 1 }
            if events.contains(where: { $0.productID == "p1" }) { throw Broken() }
            return events.map { _ in .accepted }
        }
        #expect(writes.current == 4, "the group, then each of its three requests alone")
        #expect(try results[0].get() == [.accepted])
        #expect(throws: Broken.self) { try results[1].get() }
        #expect(try results[2].get() == [.accepted])
    }
}

/// The writer runs where it is told: its task prefers the executor given, so the write's steps run
/// there, not in the shared pool.
@Suite("Group commit executor")
struct IngestGroupsExecutorTests {
    /// Runs each job on one dispatch queue, counting the jobs and whether the write ran on it.
    final class CountingExecutor: TaskExecutor {
        static let mark = DispatchSpecificKey<Bool>()
        let queue = DispatchQueue(label: "writer")
        let jobs = Locked(0)

        init() { queue.setSpecific(key: Self.mark, value: true) }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            jobs.withLock { $0 += 1 }
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    @Test("the writer's task runs on the executor given")
    func writesOnTheExecutor() async throws {
        let executor = CountingExecutor()
        let onQueue = Locked<[Bool]>([])
        let groups = IngestGroups(executor: executor) { events in
            onQueue.withLock { $0.append(DispatchQueue.getSpecific(key: CountingExecutor.mark) == true) }
            return events.map { _ in IngestOutcome.accepted }
        }
        let event = try CatalogEvent(
            validating: Events.created("e1", product: "p1", price: "1.00"), now: IngestGroupsTests.now)
        #expect(try await groups.ingest([event]) == [.accepted])
        #expect(onQueue.current == [true])
        #expect(executor.jobs.current > 0)
    }
}
