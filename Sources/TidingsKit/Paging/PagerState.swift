import TidingsModel

/// A paged list as a pure value: events in, fetch actions out, no I/O.
///
/// idle → loadingFirst → loaded ⇄ loadingMore → ended, refreshing from any list, and failed
/// with a retry of the request that failed. At most one request is awaited at a time; a response
/// to any other (superseded by `start` or `refresh`) is ignored. Item ids are unique in `items`
/// at all times, so an app can hand them straight to a diffable data source.
public struct PagerState<Item: Identifiable & Sendable & Equatable, Failure: Error & Equatable>: Sendable, Equatable {
    /// Where the pager is.
    public enum Phase: Sendable, Equatable {
        /// Not started.
        case idle
        /// Loading the first page into an empty list.
        case loadingFirst
        /// Showing items; there are more to load.
        case loaded
        /// Showing items and loading the page after them.
        case loadingMore
        /// Showing items and loading the first page again.
        case refreshing
        /// Showing every item there is.
        case ended
        /// A request failed; `retry` issues a request of that kind again. Items, if any, stay.
        case failed(Failure, retry: PagerRequest.Kind)
    }

    /// Where the pager is.
    public private(set) var phase: Phase = .idle
    /// The items shown, top to bottom, ids unique.
    public private(set) var items: [Item] = []
    /// The cursor of the page after the bottom of `items`: nil before the first page and at the end.
    public private(set) var nextCursor: String?
    /// The request whose response is awaited: set exactly while loading.
    public private(set) var inFlight: PagerRequest?
    private var generation = 0
    /// Which items are slots and which fold others, for a refresh (not part of equality).
    public let rules: PagerRules<Item>

    /// An idle pager with no items, putting refreshed pages on top by `rules`.
    public init(rules: PagerRules<Item>) {
        self.rules = rules
    }

    /// An idle pager with no items, whose items are all content and fold nothing.
    public init() {
        self.init(rules: PagerRules())
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.phase == right.phase && left.items == right.items && left.nextCursor == right.nextCursor
            && left.inFlight == right.inFlight && left.generation == right.generation
    }

    /// Whether `loadMore` would fetch a page now.
    public var canLoadMore: Bool { phase == .loaded }

    /// Whether a page is loading.
    public var isLoading: Bool { inFlight != nil }

    /// Applies `event`; returns the fetch to run, if any.
    public mutating func handle(_ event: PagerEvent<Item, Failure>) -> PagerAction? {
        switch event {
        case .start:
            return phase == .loadingFirst ? nil : restart()
        case .loadMore:
            guard phase == .loaded, let cursor = nextCursor else { return nil }
            return issue(.next(cursor: cursor))
        case .refresh:
            switch phase {
            case .idle: return restart()
            case .failed where items.isEmpty: return restart()
            case .loaded, .loadingMore, .ended, .failed: return issue(.refresh)
            case .loadingFirst, .refreshing: return nil
            }
        case .retry:
            guard case .failed(_, let kind) = phase else { return nil }
            return issue(kind)
        case .pageLoaded(let page, let request):
            guard request == inFlight else { return nil }
            inFlight = nil
            receive(page, for: request.kind)
            return nil
        case .pageFailed(let failure, let request):
            guard request == inFlight else { return nil }
            inFlight = nil
            phase = .failed(failure, retry: request.kind)
            return nil
        }
    }

    /// Takes the item with `id` out of the list (a dismissed card); the phase and cursor stay.
    public mutating func removeItem(id: Item.ID) {
        items.removeAll { $0.id == id }
    }

    /// Merges the page answering a request of `kind` into the list and settles the phase.
    private mutating func receive(_ page: PagerPage<Item>, for kind: PagerRequest.Kind) {
        switch kind {
        case .refresh where page.startsOver:
            items = []
            fallthrough
        case .first, .next:
            items = Self.appending(page.items, to: items)
            nextCursor = page.nextCursor
        case .refresh:
            // The bottom of a list shown stays where it was: its cursor still says what comes next.
            if items.isEmpty { nextCursor = page.nextCursor }
            items = Self.puttingOnTop(page.items, of: items, rules: rules)
        }
        phase = nextCursor == nil ? .ended : .loaded
    }

    /// Empties the list and fetches the first page.
    private mutating func restart() -> PagerAction {
        items = []
        nextCursor = nil
        return issue(.first)
    }

    /// Awaits a new request of `kind`, superseding any in flight.
    private mutating func issue(_ kind: PagerRequest.Kind) -> PagerAction {
        generation += 1
        let request = PagerRequest(kind, generation: generation)
        inFlight = request
        switch kind {
        case .first: phase = .loadingFirst
        case .next: phase = .loadingMore
        case .refresh: phase = .refreshing
        }
        return .fetch(request)
    }
}

extension PagerState where Item == FeedItem {
    /// An idle pager of a feed's items: slots and aggregates by ``PagerRules/feedItems``.
    public init() {
        self.init(rules: .feedItems)
    }
}
