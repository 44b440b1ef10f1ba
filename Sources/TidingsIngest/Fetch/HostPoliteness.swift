import Foundation

/// Per-host permits, so that fetching many article pages never hammers one site: at most
/// `maxConcurrent` requests to a host at once, and at least `interval` between the starts of two
/// (raised to the site's robots.txt crawl-delay, up to `maxInterval`). Hosts are independent.
///
/// Waiters are served first come, first served, each resumed by a continuation when its turn
/// comes: when a permit is returned, or when a timer on `clock` says the interval has passed (one
/// timer per host at most, and none while the host is only full). A waiter cancelled while it
/// waits leaves the queue at once with `CancellationError` and holds nothing. The clock is a
/// parameter so that tests drive time by hand instead of sleeping.
public actor HostPoliteness<C: Clock> where C.Duration == Duration {
    /// The most requests to one host at once.
    public let maxConcurrent: Int
    /// The least time between the starts of two requests to one host.
    public let interval: Duration
    /// The most a crawl-delay may raise `interval` to: a site asking for an hour between requests
    /// is read as asking for this.
    public let maxInterval: Duration
    private let clock: C

    private struct Waiter {
        var id: UInt64
        var spacing: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Host {
        var running = 0
        var lastStart: C.Instant?
        var waiters: [Waiter] = []
        var timer: Task<Void, Never>?
        var timerDue: C.Instant?
        /// The latest turn handed out by `withPermit(…waitingAtMost:…)` for later: newcomers that
        /// cannot start at once are booked after it.
        var booked: C.Instant?
    }

    /// What `withPermit(for:crawlDelay:waitingAtMost:_:)` did: ran the body, or booked the turn
    /// at this instant of the clock instead of waiting for it. An instant, not a wait: the caller
    /// may resume long after the booking on a loaded machine, and a wait counted from then would
    /// put its turn late by as much (and turns booked a spacing apart closer together).
    public enum Admission<T> {
        case ran(T)
        case later(C.Instant)
    }

    private var hosts: [String: Host] = [:]
    private var nextID: UInt64 = 0
    /// The number of hosts at which idle ones are next forgotten.
    private var sweepAt = 64

    /// Permits of `maxConcurrent` requests per host, `interval` apart, timed by `clock`.
    public init(
        maxConcurrent: Int = 2, interval: Duration = .seconds(1), maxInterval: Duration = .seconds(60), clock: C
    ) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.interval = max(.zero, interval)
        self.maxInterval = max(self.interval, maxInterval)
        self.clock = clock
    }

    /// Runs `body` holding a permit for `url`'s host, waiting for one first; `crawlDelay` is the
    /// host's robots.txt crawl-delay, if any. Throws `CancellationError` when cancelled while
    /// waiting (`body` then never runs); the permit is returned however `body` ends.
    public func withPermit<T>(
        for url: URL, crawlDelay: Duration? = nil, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async throws -> T {
        try await withPermit(forHost: url.host ?? "", crawlDelay: crawlDelay, body)
    }

    /// Runs `body` holding a permit for `host` (case-insensitive), as `withPermit(for:)` does.
    public func withPermit<T>(
        forHost host: String, crawlDelay: Duration? = nil, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async throws -> T {
        let key = host.lowercased()
        try await acquire(key, crawlDelay: crawlDelay)
        do {
            let result = try await body()
            await release(key)
            return result
        } catch {
            await release(key)
            throw error
        }
    }

    /// Runs `body` holding a permit for `url`'s host when one is free now or within `limit`;
    /// otherwise waits for nothing and books the host's next free turn for the caller, who comes
    /// back then (`.later`). For callers that must not hold scarce slots while a host keeps its
    /// pace: the article refresher gives a page whose host is busy back to the database, due at
    /// its turn, and fetches other hosts' pages meanwhile. Turns are booked one `spacing` apart
    /// after the queue and after each other; a host with as many requests running as it may have (a
    /// slow site) books at least ``busyTurn`` off, since when they end is unknown.
    public func withPermit<T>(
        for url: URL, crawlDelay: Duration? = nil, waitingAtMost limit: Duration,
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async throws -> Admission<T> {
        let key = (url.host ?? "").lowercased()
        if let turn = await book(key, crawlDelay: crawlDelay, unlessWithin: limit) { return .later(turn) }
        return .ran(try await withPermit(forHost: key, crawlDelay: crawlDelay, body))
    }

    /// `key`'s next free turn when it is over `limit` away, booked; nil when it is not.
    private func book(_ key: String, crawlDelay: Duration?, unlessWithin limit: Duration) -> C.Instant? {
        let spacing = spacing(crawlDelay: crawlDelay)
        let now = clock.now
        var host = hosts[key] ?? Host()
        // A booking whose turn has passed still spaces the next one: its page may not have been
        // claimed again yet (the refresher looks about once a second), and a turn booked from the
        // last start alone would come due within the crawl delay of it.
        var start = now
        if let last = host.lastStart {
            start = max(start, last.advanced(by: spacing * (host.waiters.count + 1)))
        }
        if host.running >= maxConcurrent {
            start = max(start, now.advanced(by: max(spacing, Self.busyTurn)))
        }
        if start > now, let booked = host.booked { start = max(start, booked.advanced(by: spacing)) }
        let wait = now.duration(to: start)
        guard wait > limit else { return nil }
        host.booked = start
        hosts[key] = host
        return start
    }

    /// How far off a turn is booked on a host that is full: its requests may end at any time.
    public static var busyTurn: Duration { .seconds(5) }

    /// The spacing a host with `crawlDelay` gets: the interval, or the delay when larger, capped.
    func spacing(crawlDelay: Duration?) -> Duration {
        max(interval, min(crawlDelay ?? .zero, maxInterval))
    }

    /// Requests to `host` running and waiting, for tests and metrics.
    func load(forHost host: String) -> (running: Int, waiting: Int) {
        let state = hosts[host.lowercased()]
        return (state?.running ?? 0, state?.waiters.count ?? 0)
    }

    private func acquire(_ key: String, crawlDelay: Duration?) async throws {
        try Task.checkCancellation()
        let spacing = spacing(crawlDelay: crawlDelay)
        let now = clock.now
        sweepIfNeeded(now)
        var host = hosts[key] ?? Host()
        if host.waiters.isEmpty, host.running < maxConcurrent,
            host.lastStart.map({ now >= $0.advanced(by: spacing) }) ?? true
        {
            host.running += 1
            host.lastStart = now
            hosts[key] = host
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Cancelled before this ran: the handler below found nothing to remove.
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                hosts[key, default: Host()].waiters.append(
                    Waiter(id: id, spacing: spacing, continuation: continuation))
                pump(key)
            }
        } onCancel: {
            Task { await self.cancel(id, host: key) }
        }
    }

    private func release(_ key: String) {
        hosts[key]?.running -= 1
        pump(key)
    }

    /// Removes a waiting request that was cancelled; one already given its permit keeps it (and
    /// returns it when its body ends).
    private func cancel(_ id: UInt64, host key: String) {
        guard let index = hosts[key]?.waiters.firstIndex(where: { $0.id == id }) else { return }
        hosts[key]?.waiters.remove(at: index).continuation.resume(throwing: CancellationError())
        pump(key)
    }

    /// Gives permits to the waiters at the head of `key`'s queue while the host has room and the
    /// interval has passed; when only the interval holds the head back, sets a timer for it.
    private func pump(_ key: String) {
        guard var host = hosts[key] else { return }
        let now = clock.now
        var due: C.Instant?
        while let first = host.waiters.first, host.running < maxConcurrent {
            if let last = host.lastStart, now < last.advanced(by: first.spacing) {
                due = last.advanced(by: first.spacing)
                break
            }
            host.waiters.removeFirst()
            host.running += 1
            host.lastStart = now
            first.continuation.resume()
        }
        if let due {
            if host.timerDue != due {
                host.timer?.cancel()
                host.timerDue = due
                host.timer = timer(key, at: due)
            }
        } else if host.timer != nil {
            host.timer?.cancel()
            host.timer = nil
            host.timerDue = nil
        }
        hosts[key] = host
    }

    private func timer(_ key: String, at due: C.Instant) -> Task<Void, Never> {
        let clock = self.clock
        return Task { [weak self] in
            guard (try? await clock.sleep(until: due, tolerance: nil)) != nil else { return }
            await self?.timerFired(key, due: due)
        }
    }

    private func timerFired(_ key: String, due: C.Instant) {
        // A timer replaced by another (the queue's head changed) may still fire: ignore it.
        guard let host = hosts[key], host.timerDue == due else { return }
        hosts[key]?.timer = nil
        hosts[key]?.timerDue = nil
        pump(key)
    }

    /// Forgets hosts with nothing running or waiting whose last start is further back than any
    /// spacing, once the table has doubled since the last sweep, so that it does not grow with
    /// every host ever fetched.
    private func sweepIfNeeded(_ now: C.Instant) {
        guard hosts.count >= sweepAt else { return }
        hosts = hosts.filter { _, host in
            host.running > 0 || !host.waiters.isEmpty || host.booked.map { now < $0 } ?? false
                || host.lastStart.map { now < $0.advanced(by: maxInterval) } ?? false
        }
        sweepAt = max(64, hosts.count * 2)
    }
}

extension HostPoliteness where C == ContinuousClock {
    /// Permits of `maxConcurrent` requests per host, `interval` apart, on the continuous clock.
    public init(maxConcurrent: Int = 2, interval: Duration = .seconds(1), maxInterval: Duration = .seconds(60)) {
        self.init(maxConcurrent: maxConcurrent, interval: interval, maxInterval: maxInterval, clock: ContinuousClock())
    }
}
