import Testing
import TidingsKit
import TidingsModel

/// Random event sequences against a server answering out of order; invariants after every event.
@Suite("PagerState properties")
struct PagerStatePropertyTests {
    @Test("ids unique, one request counts at a time, fresh generations, the end stays the end")
    func randomSequences() {
        var random = SplitMix64(seed: 2)
        var reached: [PagerStateTests.Name] = []
        for _ in 0..<300 {
            var state = PagerFixture.State()
            var outstanding: [PagerRequest] = []
            var lastGeneration = 0
            for _ in 0..<60 {
                let before = state
                let (event, answered) = Self.event(&random, outstanding)
                outstanding.removeAll { $0 == answered }
                if let request = PagerFixture.request(state.handle(event)) {
                    #expect(request.generation > lastGeneration)
                    lastGeneration = request.generation
                    outstanding.append(request)
                }
                #expect(state.invariantsHold, "\(event) after \(before)")
                reached.append(PagerStateTests.Name(state.phase))
                // Only the response to one outstanding request would still change anything.
                let counted = outstanding.filter { request in
                    var copy = state
                    _ = copy.handle(.pageLoaded(PagerPage(items: [], nextCursor: nil), for: request))
                    return copy != state
                }
                #expect(counted.count == (state.isLoading ? 1 : 0))
                if state.phase == .ended || state.isLoading {
                    var copy = state
                    #expect(copy.handle(.loadMore) == nil)
                }
                // Shown stories leave only when starting again.
                if event != .start { #expect(Set(before.ids).isSubset(of: state.ids)) }
            }
        }
        // The sequences visit every phase, failures of every kind included.
        #expect(Set(reached).count == 9)
    }

    /// A random event; a response answers one of the outstanding requests, returned with it.
    private static func event(_ random: inout SplitMix64, _ outstanding: [PagerRequest]) -> (
        PagerFixture.Event, PagerRequest?
    ) {
        let pick = random.next(upTo: 10)
        if pick < 4, !outstanding.isEmpty {
            let request = outstanding[random.next(upTo: outstanding.count)]
            if pick == 0 { return (.pageFailed(PagerFixture.Failure(code: 1), for: request), request) }
            // Ids from a small pool, so pages repeat stories.
            let ids = (0..<random.next(upTo: 5)).map { _ in random.next(upTo: 12) }
            let next = random.next(upTo: 4) == 0 ? nil : "c\(random.next(upTo: 3))"
            return (.pageLoaded(PagerFixture.page(ids, next: next), for: request), request)
        }
        let events: [PagerFixture.Event] = [.start, .loadMore, .loadMore, .refresh, .retry, .loadMore]
        return (events[random.next(upTo: events.count)], nil)
    }
}
