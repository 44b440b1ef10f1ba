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

    @MainActor
    static func pill(port: Int, files: FeedFiles, poller: SourcePoller) async throws {
        let screen = FeedScreen(model: FeedScreenModelTests.model(port))
        await screen.load()
        let before = FeedScreenModelTests.titles(screen.state)
        try files.write("news.rss", FeedFiles.rss(items: Array(1...14)))
        _ = try await poller.pollAllNow()
        // A view reading `state` sees the pending count arrive without any action of its own.
        _ = await eventually {
            if case .native(let content) = screen.state { content.pending == 2 } else { false }
        }
        guard case .native(let content) = screen.state else { return }
        #expect(content.pending == 2 && FeedScreenModelTests.titles(screen.state) == before)
        await screen.showPending()
        #expect(Array(FeedScreenModelTests.titles(screen.state).prefix(2)) == ["Story 14", "Story 13"])
    }

    @Test("the screen follows its feed live: the pending count arrives in state, showPending puts it on top")
    func livePill() async throws {
        try await ClientTests.withServer { _, port, files, poller in
            try await Self.pill(port: port, files: files, poller: poller)
        }
    }
}
