import Foundation
import Observation
import Testing
import TidingsKit
import TidingsModel
import TidingsTesting

/// The SwiftUI face of the screen model, tested with Observation on Linux: what a view reads, that
/// reading it registers for changes, and that several observers follow one model.
@Suite("FeedScreen (@Observable) against a live server")
struct FeedScreenTests {
    final class Counter: Sendable {
        private let value = Locked(0)
        func raise() { value.withLock { $0 += 1 } }
        var count: Int { value.current }
    }

    @MainActor
    static func loadObserved(port: Int) async {
        let screen = FeedScreen(model: FeedScreenModelTests.model(port))
        #expect(screen.state == .loading)
        // Two views reading the same screen are both told when it changes.
        let first = Counter()
        let second = Counter()
        withObservationTracking {
            _ = screen.state
        } onChange: {
            first.raise()
        }
        withObservationTracking {
            _ = screen.state
        } onChange: {
            second.raise()
        }
        await screen.load()
        #expect(FeedScreenModelTests.titles(screen.state).count == 5, "\(screen.state)")
        #expect(first.count == 1 && second.count == 1)
        // And again after loading more.
        let third = Counter()
        withObservationTracking {
            _ = screen.state
        } onChange: {
            third.raise()
        }
        await screen.loadMore()
        #expect(FeedScreenModelTests.titles(screen.state).count == 10)
        #expect(third.count == 1)
    }

    @Test("load() leaves the feed in state, and views reading state are told it changed")
    func observed() async throws {
        try await ClientTests.withServer { _, port, _, _ in
            await Self.loadObserved(port: port)
        }
    }

    @Test("several consumers follow one model, each seeing loading and then the feed")
    func severalConsumers() async throws {
        try await ClientTests.withServer { _, port, _, _ in
            let model = FeedScreenModelTests.model(port)
            let streams = [await model.updates(), await model.updates()]
            await model.load()
            for stream in streams {
                var seen: [FeedScreenState] = []
                for await state in stream {
                    seen.append(state)
                    if case .native = state { break }
                }
                #expect(seen.first == .loading)
                #expect(FeedScreenModelTests.titles(seen.last ?? .loading).count == 5)
            }
        }
    }
}
