import Foundation
import Testing
import TidingsKit
import TidingsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the screen shows for each pager phase, with and without stored items and web answers.
struct FeedScreenStateTests {
    typealias State = PagerState<FeedItem, TidingsError>

    static func teasers(_ range: ClosedRange<Int>) -> [FeedItem] {
        range.map { .teaser(Teaser(id: "t\($0)", title: "T\($0)", source: "s")) }
    }

    static let stored = StoredFeed(
        title: "Kept", items: teasers(1...2), nextCursor: "c", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))

    /// Drives a pager through `events`, answering each fetch with `answers` in order.
    static func pager(_ steps: [PagerEvent<FeedItem, TidingsError>]) -> State {
        var state = State()
        for step in steps { _ = state.handle(step) }
        return state
    }

    static func make(_ pager: State, web: URL? = nil, stored: StoredFeed? = nil) -> FeedScreenState {
        FeedScreenState.make(
            pager: pager, title: "News", web: web, stored: stored, language: .en, emptyMessage: "Nothing yet")
    }

    static let first = PagerRequest(.first, generation: 1)

    @Test func beforeAnythingLoadsTheScreenIsLoading() {
        #expect(Self.make(State()) == .loading)
        #expect(Self.make(Self.pager([.start])) == .loading)
    }

    @Test func storedItemsShowWhileTheFirstPageLoadsMarkedStale() {
        guard case .native(let content) = Self.make(Self.pager([.start]), stored: Self.stored) else {
            Issue.record("not native")
            return
        }
        #expect(content.items == Self.stored.items && content.staleSince == Self.stored.fetchedAt)
        #expect(content.isRefreshing)
    }

    @Test func aFailedFirstPageIsAnErrorWithRetryOrTheStoredItemsWithAFooter() {
        let failed = Self.pager([.start, .pageFailed(.offline, for: Self.first)])
        #expect(Self.make(failed) == .error(FeedScreenFailure(.offline, language: .en)))
        guard case .error(let failure) = Self.make(failed) else { return }
        #expect(failure.canRetry && failure.message == TidingsError.offline.message(in: .en))
        let badResponse = Self.pager([.start, .pageFailed(.badResponse("x"), for: Self.first)])
        #expect(
            Self.make(badResponse) == .error(FeedScreenFailure(.badResponse("x"), language: .en)))
        guard case .error(let failure) = Self.make(badResponse) else { return }
        #expect(!failure.canRetry)
        guard case .native(let content) = Self.make(failed, stored: Self.stored) else {
            Issue.record("not native")
            return
        }
        #expect(content.staleSince == Self.stored.fetchedAt)
        #expect(content.footerError == FeedScreenFailure(.offline, language: .en))
    }

    @Test func anEmptyFirstPageIsTheEmptyStateWithReload() {
        let empty = Self.pager([.start, .pageLoaded(PagerPage(items: [], nextCursor: nil), for: Self.first)])
        #expect(Self.make(empty) == .empty(message: "Nothing yet", canReload: true))
    }

    @Test func loadedItemsReplaceStoredOnesAndSayWhetherMoreCanLoad() {
        let loaded = Self.pager([
            .start, .pageLoaded(PagerPage(items: Self.teasers(1...3), nextCursor: "n"), for: Self.first),
        ])
        #expect(
            Self.make(loaded, stored: Self.stored)
                == .native(FeedScreenContent(title: "News", items: Self.teasers(1...3), canLoadMore: true)))
        var more = loaded
        _ = more.handle(.loadMore)
        guard case .native(let loading) = Self.make(more) else { return }
        #expect(loading.isLoadingMore && !loading.canLoadMore)
        var refreshing = loaded
        _ = refreshing.handle(.refresh)
        guard case .native(let pulling) = Self.make(refreshing) else { return }
        #expect(pulling.isRefreshing)
    }

    @Test func aFailedLoadMoreKeepsTheItemsWithAFooter() {
        var state = Self.pager([
            .start, .pageLoaded(PagerPage(items: Self.teasers(1...3), nextCursor: "n"), for: Self.first),
        ])
        guard case .fetch(let request)? = state.handle(.loadMore) else { return }
        _ = state.handle(.pageFailed(.timeout, for: request))
        guard case .native(let content) = Self.make(state) else { return }
        #expect(content.items.count == 3 && content.footerError?.error == .timeout)
    }

    @Test func theEndOfTheFeedCannotLoadMore() {
        let ended = Self.pager([
            .start, .pageLoaded(PagerPage(items: Self.teasers(1...3), nextCursor: nil), for: Self.first),
        ])
        guard case .native(let content) = Self.make(ended) else { return }
        #expect(!content.canLoadMore && !content.isLoadingMore)
    }

    @Test func aWebAnswerShowsTheWebPage() {
        let url = URL(string: "https://sport.example/")!
        #expect(Self.make(State(), web: url) == .web(url: url, title: "News"))
    }

    @Test func messagesAreLocalized() {
        let errors: [TidingsError] = [
            .offline, .unreachable, .timeout, .server(status: 500, code: nil, message: nil), .badResponse("x"),
        ]
        for error in errors {
            #expect(error.message(in: .ru) != error.message(in: .en))
            #expect(!error.message(in: .ru).isEmpty)
        }
        #expect(FeedScreenState.defaultEmptyMessage(.ru).hasPrefix("Здесь пока ничего нет"))
    }

    /// Issue 34: a server that was down told the reader "You are offline".
    @Test func aServerThatIsDownIsNotTheDeviceBeingOffline() {
        #expect(TidingsError(transportError: URLError(.cannotConnectToHost)) == .unreachable)
        #expect(TidingsError(transportError: URLError(.cannotFindHost)) == .unreachable)
        #expect(TidingsError(transportError: URLError(.notConnectedToInternet)) == .offline)
        #expect(TidingsError(transportError: URLError(.networkConnectionLost)) == .offline)
        #expect(TidingsError.unreachable.isRetryable)
        #expect(!TidingsError.unreachable.message(in: .en).contains("offline"))
    }

    /// Issue 36: a refused connection became "You are offline" and what the transport said was lost.
    @Test("a failure keeps the error underneath, on the screen too; kinds alone decide equality")
    func underlyingKept() throws {
        let refused = TidingsError(transportError: URLError(.cannotConnectToHost))
        #expect((refused.underlying as? URLError)?.code == .cannotConnectToHost)
        let failure = FeedScreenFailure(refused, language: .en)
        #expect((failure.error.underlying as? URLError)?.code == .cannotConnectToHost)
        #expect(failure == FeedScreenFailure(.unreachable, language: .en), "the screen shows the same thing")
        #expect(TidingsError(transportError: CancellationError()) == .cancelled)
        #expect(TidingsError(transportError: refused).underlying is URLError, "a TidingsError stays itself")
        #expect(TidingsError.offline.underlying == nil)
        #expect(Set([refused, .unreachable, .offline]).count == 2)
        switch refused {
        case .offline: Issue.record("not offline")
        case .unreachable: break
        default: Issue.record("\(refused)")
        }
    }
}
