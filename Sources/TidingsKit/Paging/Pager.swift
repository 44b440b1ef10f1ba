import TidingsModel

/// The I/O shell around a `PagerState`: runs its fetches with a loader and publishes every state.
///
/// Each entry point returns once the load it triggered, or the load already in flight that it
/// joined, has finished. A fetch superseded by `start` or `refresh` is cancelled and its
/// response ignored. Cancelling the caller that started a fetch (a SwiftUI `.task` ending when
/// its view goes away) cancels the fetch: the transport sees it, and the page fails with the
/// loader's cancellation error, which the next `start` or `retry` replaces.
public actor Pager<Item: Identifiable & Sendable & Equatable, Failure: Error & Equatable> {
    /// Fetches the page a request asks for, or fails. A `Result` rather than a typed `throws`: a
    /// stored closure with a typed `throws` needs the iOS 18 / macOS 15 runtime.
    public typealias Loader = @Sendable (PagerRequest) async -> Result<PagerPage<Item>, Failure>

    /// Every state the pager goes through, starting with the current one; for one consumer.
    public nonisolated let states: AsyncStream<PagerState<Item, Failure>>
    /// The current state.
    public private(set) var state: PagerState<Item, Failure>
    private let loader: Loader
    private let continuation: AsyncStream<PagerState<Item, Failure>>.Continuation
    private var running: Task<Void, Never>?
    /// How many states `states` has been given, the first included: a consumer counting what it
    /// took knows when it has caught up.
    private(set) var revision = 1

    /// A pager fetching pages with `loader`, putting refreshed pages on top by `rules`;
    /// `buffering` bounds the states kept for a slow consumer.
    public init(
        rules: PagerRules<Item>,
        buffering: AsyncStream<PagerState<Item, Failure>>.Continuation.BufferingPolicy = .unbounded,
        loader: @escaping Loader
    ) {
        self.loader = loader
        state = PagerState(rules: rules)
        (states, continuation) = AsyncStream.makeStream(bufferingPolicy: buffering)
        continuation.yield(state)
    }

    /// A pager whose items are all content and fold nothing (a pager of `FeedItem` knows its
    /// slots and aggregates: ``PagerRules/feedItems``).
    public init(
        buffering: AsyncStream<PagerState<Item, Failure>>.Continuation.BufferingPolicy = .unbounded,
        loader: @escaping Loader
    ) {
        self.init(rules: PagerRules(), buffering: buffering, loader: loader)
    }

    deinit {
        continuation.finish()
    }

    /// Loads the first page, from scratch if already started (joins a first page loading).
    public func start() async { await send(.start) }

    /// Loads the next page if there is one and nothing is loading.
    public func loadMore() async { await send(.loadMore) }

    /// Loads the first page again and puts its new items on top.
    public func refresh() async { await send(.refresh) }

    /// Issues the failed request again.
    public func retry() async { await send(.retry) }

    /// Takes the item with `id` out of the list (a dismissed card); the phase and cursor stay.
    public func removeItem(id: Item.ID) {
        let before = state
        state.removeItem(id: id)
        if state != before { publish(state) }
    }

    private func send(_ event: PagerEvent<Item, Failure>) async {
        guard case .fetch(let request) = apply(event) else {
            await running?.value
            return
        }
        running?.cancel()
        let task = Task { await fetch(request) }
        running = task
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func fetch(_ request: PagerRequest) async {
        let event: PagerEvent<Item, Failure> =
            switch await loader(request) {
            case .success(let page): .pageLoaded(page, for: request)
            case .failure(let error): .pageFailed(error, for: request)
            }
        // A response never asks for another fetch.
        _ = apply(event)
    }

    private func apply(_ event: PagerEvent<Item, Failure>) -> PagerAction? {
        let before = state
        let action = state.handle(event)
        if state != before { publish(state) }
        return action
    }

    private func publish(_ state: PagerState<Item, Failure>) {
        continuation.yield(state)
        revision += 1
    }
}

extension Pager where Item == FeedItem {
    /// A pager of a feed's items: slots and aggregates by ``PagerRules/feedItems``.
    public init(
        buffering: AsyncStream<PagerState<Item, Failure>>.Continuation.BufferingPolicy = .unbounded,
        loader: @escaping Loader
    ) {
        self.init(rules: .feedItems, buffering: buffering, loader: loader)
    }
}
