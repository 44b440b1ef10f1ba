import Testing
import TidingsKit

/// The pager's I/O shell against a scripted loader: no network.
@Suite("Pager", .timeLimit(.minutes(1)))
struct PagerTests {
    typealias Failure = PagerFixture.Failure

    @Test("concurrent loadMore calls fetch once, and all return once that page is in")
    func concurrentLoadMore() async throws {
        let script = PagerScript([
            .success(PagerFixture.page([1, 2], next: "c1")), .success(PagerFixture.page([3], next: nil)),
        ])
        let pager = Pager { request in await script.load(request) }
        await pager.start()
        await script.hold()
        let phases = await withTaskGroup { group in
            for _ in 0..<5 {
                group.addTask {
                    await pager.loadMore()
                    return await pager.state.phase
                }
            }
            await script.waitForCalls(2)
            // Give the other four calls time to reach the pager while the page is held.
            try? await Task.sleep(for: .milliseconds(50))
            await script.release()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(await script.requests.map(\.kind) == [.first, .next(cursor: "c1")])
        #expect(phases == Array(repeating: .ended, count: 5))
        #expect(await pager.state.items.map(\.id) == [1, 2, 3])
    }

    @Test("the states stream shows every phase in order and ends with the pager")
    func statesInOrder() async {
        let script = PagerScript([
            .success(PagerFixture.page([1], next: "c1")), .success(PagerFixture.page([2], next: nil)),
        ])
        var pager: Pager<PagerFixture.Story, Failure>? = Pager { request in
            await script.load(request)
        }
        let states = pager!.states
        await pager!.start()
        await pager!.loadMore()
        await pager!.loadMore()
        pager = nil
        var phases: [PagerStateTests.Name] = []
        for await state in states { phases.append(PagerStateTests.Name(state.phase)) }
        #expect(phases == [.idle, .loadingFirst, .loaded, .loadingMore, .ended])
    }

    @Test("a failed first page is retried through the pager")
    func retry() async {
        let script = PagerScript([.failure(Failure(code: 7)), .success(PagerFixture.page([1], next: nil))])
        let pager = Pager { request in await script.load(request) }
        await pager.start()
        #expect(await pager.state.phase == .failed(Failure(code: 7), retry: .first))
        await pager.retry()
        #expect(await pager.state.phase == .ended)
        #expect(await pager.state.items.map(\.id) == [1])
    }

    @Test("refresh cancels the load-more in flight and ignores its page")
    func refreshSupersedesLoadMore() async {
        let script = PagerScript([
            .success(PagerFixture.page([1, 2], next: "c1")), .success(PagerFixture.page([3], next: "c2")),
            .success(PagerFixture.page([0, 1], next: "t")),
        ])
        let pager = Pager { request in await script.load(request) }
        await pager.start()
        await script.hold()
        async let more: Void = pager.loadMore()
        await script.waitForCalls(2)
        await pager.refresh()
        await script.release()
        await more
        #expect(await script.requests.map(\.kind) == [.first, .next(cursor: "c1"), .refresh])
        #expect(await script.cancelled == [.next(cursor: "c1")])
        #expect(await pager.state.items.map(\.id) == [0, 1, 2])
        #expect(await pager.state.nextCursor == "c1")
    }

    @Test("removing an item publishes the list without it; the phase and cursor stay")
    func removeItem() async {
        let script = PagerScript([.success(PagerFixture.page([1, 2, 3], next: "c1"))])
        var pager: Pager<PagerFixture.Story, Failure>? = Pager { request in await script.load(request) }
        let states = pager!.states
        await pager!.start()
        await pager!.removeItem(id: 2)
        await pager!.removeItem(id: 42)
        #expect(await pager!.state.items.map(\.id) == [1, 3])
        #expect(await pager!.state.phase == .loaded)
        #expect(await pager!.state.nextCursor == "c1")
        pager = nil
        var lists: [[Int]] = []
        for await state in states { lists.append(state.items.map(\.id)) }
        #expect(lists == [[], [], [1, 2, 3], [1, 3]], "one state for the removal, none for an unknown id")
    }
}

/// A loader answering requests with scripted results in order; it can hold pages back.
actor PagerScript {
    private var results: [Result<PagerPage<PagerFixture.Story>, PagerFixture.Failure>]
    private var holding = 0
    private var held: [CheckedContinuation<Void, Never>] = []
    /// The requests seen, in order.
    private(set) var requests: [PagerRequest] = []
    /// The requests whose task was cancelled by the time their page was handed over.
    private(set) var cancelled: [PagerRequest.Kind] = []

    init(_ results: [Result<PagerPage<PagerFixture.Story>, PagerFixture.Failure>]) {
        self.results = results
    }

    func load(_ request: PagerRequest) async -> Result<PagerPage<PagerFixture.Story>, PagerFixture.Failure> {
        requests.append(request)
        let result = results.removeFirst()
        if holding > 0 {
            holding -= 1
            await withCheckedContinuation { held.append($0) }
        }
        if Task.isCancelled { cancelled.append(request.kind) }
        return result
    }

    /// Holds back the page of the next request until `release()`.
    func hold() { holding = 1 }

    /// Hands over the pages held back.
    func release() {
        holding = 0
        for continuation in held { continuation.resume() }
        held = []
    }

    /// Returns once `count` requests have been seen.
    func waitForCalls(_ count: Int) async {
        // Cancelled (the suite's time limit), a sleep returns at once: stop rather than spin, which
        // starved the pool and hung the whole run (issue 34).
        while requests.count < count, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
    }
}
