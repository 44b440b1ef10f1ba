import Foundation
import Testing
import TidingsModel
import TidingsTesting

@testable import TidingsIngest

/// Per-host permits: the limit holds under load, hosts are independent, the interval is kept (on a
/// clock the test moves), waiters are served in order and a cancelled one leaves nothing behind.
@Suite("HostPoliteness: per-host permits")
struct HostPolitenessTests {
    @Test("never more requests in flight to one host than the limit", arguments: [1, 2, 3])
    func limit(_ limit: Int) async throws {
        let politeness = HostPoliteness(maxConcurrent: limit, interval: .zero)
        let meter = Meter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    try await politeness.withPermit(forHost: "news.example") {
                        meter.enter()
                        // Held until `limit` are in (or 2 s pass): on a loaded machine 2 ms
                        // holders seldom overlapped, and the limit looked unused.
                        let until = ContinuousClock.now + .seconds(2)
                        while meter.current < limit, ContinuousClock.now < until {
                            try await Task.sleep(for: .milliseconds(2))
                        }
                        meter.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(meter.peak == limit)
        #expect(await politeness.isIdle("news.example"))
    }

    @Test("the default is two at a time")
    func defaultLimit() async throws {
        let politeness = HostPoliteness(interval: .zero)
        let meter = Meter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try await politeness.withPermit(for: URL(string: "https://news.example/a")!) {
                        meter.enter()
                        try await Task.sleep(for: .milliseconds(2))
                        meter.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(meter.peak == 2)
    }

    @Test("a full host, or one inside its interval, does not hold up another host")
    func hostsAreIndependent() async throws {
        let clock = ManualClock()
        let politeness = HostPoliteness(maxConcurrent: 1, interval: .seconds(1), clock: clock)
        let latch = Latch()
        let holder = Task { try await politeness.withPermit(forHost: "a.example") { await latch.wait() } }
        await waitUntil("a.example is held") { await politeness.load(forHost: "a.example").running == 1 }
        let waiting = Task { try await politeness.withPermit(forHost: "A.EXAMPLE") {} }
        await waitUntil("a second request to a.example waits") {
            await politeness.load(forHost: "a.example").waiting == 1
        }
        // The clock does not move: b.example starts at once.
        let other = Task { try await politeness.withPermit(forHost: "b.example") {} }
        #expect(await outcome(of: other)?.succeeded == true)
        #expect(await politeness.isIdle("b.example"))
        latch.open()
        #expect(await outcome(of: holder)?.succeeded == true)
        clock.advance(by: .seconds(1))
        #expect(await outcome(of: waiting)?.succeeded == true)
    }

    @Test("starts to one host are at least the interval apart, or the crawl-delay, capped")
    func interval() async throws {
        let clock = ManualClock()
        let politeness = HostPoliteness(
            maxConcurrent: 2, interval: .seconds(1), maxInterval: .seconds(60), clock: clock)
        let starts = Locked<[Duration]>([])
        /// Sends a request, checks it waits on a timer, and lets the clock go on until it starts:
        /// first to just before the time it must wait for (`wait` after the last start), then to it.
        func request(
            crawlDelay: Duration? = nil, waits wait: Duration, sourceLocation: SourceLocation = #_sourceLocation
        )
            async
        {
            let task = Task {
                try await politeness.withPermit(forHost: "a.example", crawlDelay: crawlDelay) {
                    starts.withLock { $0.append(clock.now.offset) }
                }
            }
            await waitUntil("the request waits on a timer", sourceLocation: sourceLocation) {
                await politeness.load(forHost: "a.example").waiting == 1 && clock.sleepers == 1
            }
            let since = clock.now.offset - (starts.current.last ?? .zero)
            clock.advance(by: wait - since - .milliseconds(1))
            // The timer would have been woken (and dropped) by now if it were due.
            #expect(clock.sleepers == 1, "not started a millisecond early", sourceLocation: sourceLocation)
            clock.advance(by: .milliseconds(1))
            #expect(await outcome(of: task)?.succeeded == true, sourceLocation: sourceLocation)
        }
        try await politeness.withPermit(forHost: "a.example") { starts.withLock { $0.append(clock.now.offset) } }
        await request(waits: .seconds(1))
        // A crawl-delay larger than the interval replaces it, up to the cap; a smaller one does not
        // lower it.
        await request(crawlDelay: .seconds(5), waits: .seconds(5))
        await request(crawlDelay: .seconds(3_600), waits: .seconds(60))
        await request(crawlDelay: .milliseconds(100), waits: .seconds(1))
        #expect(starts.current == [.zero, .seconds(1), .seconds(6), .seconds(66), .seconds(67)])
    }

    @Test("waiters get their permits in the order they asked")
    func fifo() async throws {
        let politeness = HostPoliteness(maxConcurrent: 1, interval: .zero)
        let latch = Latch()
        let holder = Task { try await politeness.withPermit(forHost: "a.example") { await latch.wait() } }
        await waitUntil("a.example is held") { await politeness.load(forHost: "a.example").running == 1 }
        let order = Locked<[Int]>([])
        var waiters: [Task<Void, any Error>] = []
        for index in 0..<8 {
            waiters.append(
                Task { try await politeness.withPermit(forHost: "a.example") { order.withLock { $0.append(index) } } })
            await waitUntil("waiter \(index) queues") {
                await politeness.load(forHost: "a.example").waiting == index + 1
            }
        }
        latch.open()
        #expect(await outcome(of: holder)?.succeeded == true)
        for waiter in waiters { #expect(await outcome(of: waiter)?.succeeded == true) }
        #expect(order.current == Array(0..<8))
    }

    @Test("a waiter cancelled in the queue leaves it, never runs and holds no permit")
    func cancelledWaiter() async throws {
        let politeness = HostPoliteness(maxConcurrent: 1, interval: .zero)
        let latch = Latch()
        let holder = Task { try await politeness.withPermit(forHost: "a.example") { await latch.wait() } }
        await waitUntil("a.example is held") { await politeness.load(forHost: "a.example").running == 1 }
        let ran = Locked<[String]>([])
        let cancelled = Task {
            try await politeness.withPermit(forHost: "a.example") { ran.withLock { $0.append("cancelled") } }
        }
        await waitUntil("the first waiter queues") { await politeness.load(forHost: "a.example").waiting == 1 }
        let next = Task { try await politeness.withPermit(forHost: "a.example") { ran.withLock { $0.append("next") } } }
        await waitUntil("the second waiter queues") { await politeness.load(forHost: "a.example").waiting == 2 }
        cancelled.cancel()
        #expect(await outcome(of: cancelled)?.wasCancelled == true)
        #expect(await politeness.load(forHost: "a.example").waiting == 1)
        latch.open()
        #expect(await outcome(of: holder)?.succeeded == true)
        #expect(await outcome(of: next)?.succeeded == true)
        #expect(ran.current == ["next"])
        #expect(await politeness.isIdle("a.example"))
        // A task cancelled before it asks is refused at once.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await politeness.withPermit(forHost: "a.example") { ran.withLock { $0.append("early") } }
        }
        #expect(await outcome(of: early)?.wasCancelled == true)
        #expect(ran.current == ["next"])
        #expect(await politeness.isIdle("a.example"))
    }

    @Test("a cancelled waiter that was waiting on the interval leaves no timer behind")
    func cancelledTimer() async throws {
        let clock = ManualClock()
        let politeness = HostPoliteness(maxConcurrent: 2, interval: .seconds(10), clock: clock)
        try await politeness.withPermit(forHost: "a.example") {}
        let waiter = Task { try await politeness.withPermit(forHost: "a.example") {} }
        await waitUntil("the waiter waits on a timer") { clock.sleepers == 1 }
        waiter.cancel()
        #expect(await outcome(of: waiter)?.wasCancelled == true)
        await waitUntil("the timer is gone") { clock.sleepers == 0 }
        #expect(await politeness.isIdle("a.example"))
        // The interval still counts from the last start.
        let later = Task { try await politeness.withPermit(forHost: "a.example") {} }
        await waitUntil("a later request waits on a timer") { clock.sleepers == 1 }
        clock.advance(by: .seconds(10))
        #expect(await outcome(of: later)?.succeeded == true)
    }

    @Test("a caller that will not wait long gets its turn booked instead: one spacing apart, after the queue")
    func turnsBookedForLater() async throws {
        let clock = ManualClock()
        let politeness = HostPoliteness(maxConcurrent: 2, interval: .seconds(1), clock: clock)
        let url = URL(string: "https://slow.example/a")!
        func admit(_ delay: Duration? = .seconds(5)) async throws -> Duration? {
            switch try await politeness.withPermit(for: url, crawlDelay: delay, waitingAtMost: .seconds(1), {}) {
            case .ran: nil
            case .later(let turn): clock.now.duration(to: turn)
            }
        }
        #expect(try await admit() == nil, "free now: runs")
        #expect(try await admit() == .seconds(5), "the crawl delay: booked")
        #expect(try await admit() == .seconds(10), "booked after the one before")
        // Its own pace (one second) is waited for in place.
        #expect(try await admit(nil) == .seconds(11), "still after what is booked")
        let other = URL(string: "https://other.example/a")!
        let ran = try await politeness.withPermit(for: other, waitingAtMost: .zero) { "other" }
        guard case .ran("other") = ran else {
            Issue.record("another host waits for nothing")
            return
        }
        // At the first booked turn the caller comes back and runs.
        clock.advance(by: .seconds(5))
        #expect(try await admit() == nil)
        // A turn that passed with its page not back yet still spaces the next booking: started at
        // 7 s, the next start could be at 12 s, but the page booked for 11 s may come back then.
        clock.advance(by: .seconds(2))
        try await politeness.withPermit(forHost: "slow.example") {}
        clock.advance(by: .milliseconds(4500))
        #expect(try await admit() == .milliseconds(4500), "five seconds after the turn booked for 11 s")
        // A host with as many requests running as it may have books at least `busyTurn` off.
        let busy = HostPoliteness(maxConcurrent: 1, interval: .zero, clock: clock)
        let latch = Latch()
        let holder = Task { try await busy.withPermit(forHost: "busy.example") { await latch.wait() } }
        await waitUntil("busy.example is held") { await busy.load(forHost: "busy.example").running == 1 }
        let turn = try await busy.withPermit(
            for: URL(string: "https://busy.example/b")!, waitingAtMost: .seconds(1), {})
        guard case .later(let instant) = turn else {
            Issue.record("a full host is not waited for")
            return
        }
        #expect(clock.now.duration(to: instant) == HostPoliteness<ManualClock>.busyTurn)
        latch.open()
        try await holder.value
    }
}

extension HostPoliteness {
    /// Whether nothing runs or waits for `host`.
    func isIdle(_ host: String) -> Bool { load(forHost: host) == (0, 0) }
}

/// Waits, polling every 2 ms, until `condition` holds; after a minute records an issue (what
/// passes in microseconds here took over five seconds beside a parallel release build).
func waitUntil(
    _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async -> Bool
) async {
    if await eventually(within: .seconds(60), every: .milliseconds(2), condition) { return }
    Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}

/// How `task` ended, or nil when it had not within a minute: a request stuck in a queue fails its
/// test instead of hanging it (five seconds was too short for a loaded machine).
func outcome(of task: Task<Void, any Error>) async -> Result<Void, any Error>? {
    let waiter = Locked<CheckedContinuation<Result<Void, any Error>?, Never>?>(nil)
    let finish: @Sendable (Result<Void, any Error>?) -> Void = { result in
        let continuation = waiter.withLock { waiter in
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume(returning: result)
    }
    return await withCheckedContinuation { continuation in
        waiter.withLock { $0 = continuation }
        Task { finish(await task.result) }
        Task {
            try? await Task.sleep(for: .seconds(60))
            finish(nil)
        }
    }
}

extension Result<Void, any Error> {
    var succeeded: Bool {
        guard case .success = self else { return false }
        return true
    }

    var wasCancelled: Bool {
        guard case .failure(let error) = self else { return false }
        return error is CancellationError
    }
}

/// Counts bodies running at once and the most there were.
final class Meter: Sendable {
    private let state = Locked<(now: Int, peak: Int)>((0, 0))

    var peak: Int { state.current.peak }
    var current: Int { state.current.now }

    func enter() {
        state.withLock {
            $0.now += 1
            $0.peak = max($0.peak, $0.now)
        }
    }

    func leave() { state.withLock { $0.now -= 1 } }
}

/// Holds tasks in `wait()` until `open()`, without polling.
final class Latch: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}

/// A clock that moves only when the test moves it: sleepers wake when `advance(by:)` reaches their
/// deadline, or throw when cancelled.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state = Locked(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }
    /// How many sleeps are waiting for the clock to move.
    var sleepers: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on, waking every sleep whose deadline it reaches.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            defer { state.sleepers.removeAll { $0.deadline <= now } }
            return state.sleepers.filter { $0.deadline <= now }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
