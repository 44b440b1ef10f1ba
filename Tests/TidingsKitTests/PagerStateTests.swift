import Testing
import TidingsKit

/// Every phase × every event: the phase, action, items and cursor that follow.
@Suite("PagerState transitions")
struct PagerStateTests {
    typealias Kind = PagerRequest.Kind

    /// A starting state, reached from idle through events.
    enum Start: String, CaseIterable, Sendable {
        case idle, loadingFirst, loaded, loadingMore, refreshing, ended, endedEmpty
        case failedFirst, failedMore, failedRefresh

        /// The state, and the request issued last (nil from idle).
        func build() -> (PagerFixture.State, PagerRequest?) {
            var driver = PagerDriver()
            switch self {
            case .idle: break
            case .loadingFirst: driver.send(.start)
            case .loaded: driver.send(.start, .loaded([1, 2, 3], "c1"))
            case .loadingMore: driver.send(.start, .loaded([1, 2, 3], "c1"), .loadMore)
            case .refreshing: driver.send(.start, .loaded([1, 2, 3], "c1"), .refresh)
            case .ended: driver.send(.start, .loaded([1, 2], nil))
            case .endedEmpty: driver.send(.start, .loaded([], nil))
            case .failedFirst: driver.send(.start, .failed)
            case .failedMore: driver.send(.start, .loaded([1, 2, 3], "c1"), .loadMore, .failed)
            case .failedRefresh: driver.send(.start, .loaded([1, 2, 3], "c1"), .refresh, .failed)
            }
            return (driver.state, driver.last)
        }
    }

    /// An event, the responses answering the request issued last or an older one.
    enum Input: String, CaseIterable, Sendable {
        case start, loadMore, refresh, retry, moreLoaded, lastLoaded, staleLoaded, failed, staleFailed

        func event(after last: PagerRequest?) -> PagerFixture.Event {
            let last = last ?? PagerRequest(.first, generation: 0)
            let stale = PagerRequest(last.kind, generation: last.generation - 1)
            switch self {
            case .start: return .start
            case .loadMore: return .loadMore
            case .refresh: return .refresh
            case .retry: return .retry
            case .moreLoaded: return .pageLoaded(PagerFixture.page([3, 4, 5], next: "c2"), for: last)
            case .lastLoaded: return .pageLoaded(PagerFixture.page([6], next: nil), for: last)
            case .staleLoaded: return .pageLoaded(PagerFixture.page([7], next: "c9"), for: stale)
            case .failed: return .pageFailed(PagerFixture.Failure(code: 1), for: last)
            case .staleFailed: return .pageFailed(PagerFixture.Failure(code: 9), for: stale)
            }
        }
    }

    /// The phase without its payload, failures told apart by what retry reissues.
    enum Name: Sendable, Hashable {
        case idle, loadingFirst, loaded, loadingMore, refreshing, ended, failedFirst, failedMore, failedRefresh

        init(_ phase: PagerFixture.State.Phase) {
            switch phase {
            case .idle: self = .idle
            case .loadingFirst: self = .loadingFirst
            case .loaded: self = .loaded
            case .loadingMore: self = .loadingMore
            case .refreshing: self = .refreshing
            case .ended: self = .ended
            case .failed(_, .first): self = .failedFirst
            case .failed(_, .next): self = .failedMore
            case .failed(_, .refresh): self = .failedRefresh
            }
        }
    }

    /// What follows: nothing at all, or a phase, the fetch asked for, the ids shown and the cursor.
    enum Outcome: Sendable {
        case same
        case to(Name, fetch: Kind? = nil, ids: [Int], cursor: String?)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var start: Start
        var input: Input
        var outcome: Outcome
        var testDescription: String { "\(start.rawValue) + \(input.rawValue)" }
    }

    static let rows: [Row] = PagerTransitionTable.entries.map { Row(start: $0.0, input: $0.1, outcome: $0.2) }

    @Test("the table lists every phase × event pair once")
    func tableIsComplete() {
        let pairs = Self.rows.map { "\($0.start.rawValue) \($0.input.rawValue)" }
        #expect(Set(pairs).count == pairs.count)
        #expect(pairs.count == Start.allCases.count * Input.allCases.count)
    }

    @Test("each phase × event gives the listed phase, action, items and cursor", arguments: rows)
    func transition(_ row: Row) {
        var (state, last) = row.start.build()
        let before = state
        let action = state.handle(row.input.event(after: last))
        #expect(state.invariantsHold)
        switch row.outcome {
        case .same:
            #expect(action == nil)
            #expect(state == before)
        case .to(let name, let fetch, let ids, let cursor):
            #expect(Name(state.phase) == name)
            #expect(PagerFixture.request(action)?.kind == fetch)
            #expect(state.ids == ids)
            #expect(state.nextCursor == cursor)
            if let request = PagerFixture.request(action) {
                #expect(request.generation > (last?.generation ?? 0))
                #expect(state.inFlight == request)
            }
        }
    }
}

/// Feeds events to a state, answering the request issued last.
struct PagerDriver {
    enum Step {
        case start, loadMore, refresh, retry
        case loaded([Int], String?)
        case failed
    }

    var state = PagerFixture.State()
    var last: PagerRequest?

    mutating func send(_ steps: Step...) {
        for step in steps {
            let event: PagerFixture.Event
            switch step {
            case .start: event = .start
            case .loadMore: event = .loadMore
            case .refresh: event = .refresh
            case .retry: event = .retry
            case .loaded(let ids, let next): event = .pageLoaded(PagerFixture.page(ids, next: next), for: last!)
            case .failed: event = .pageFailed(PagerFixture.Failure(code: 1), for: last!)
            }
            if let request = PagerFixture.request(state.handle(event)) { last = request }
        }
    }
}
