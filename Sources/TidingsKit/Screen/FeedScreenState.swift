import Foundation
import TidingsModel

/// What a feed screen shows: seed 003's container states (loading, native, web, error) and seed
/// 000's empty state with a reload button.
public enum FeedScreenState: Sendable, Equatable {
    /// The first page is loading and nothing is stored.
    case loading
    /// Items to show natively.
    case native(FeedScreenContent)
    /// A web page to show instead.
    case web(url: URL, title: String)
    /// Nothing to show: the message explains what the feed will show; `canReload` offers a button.
    case empty(message: String, canReload: Bool)
    /// The first page failed and nothing is stored.
    case error(FeedScreenFailure)
}

/// A failure as a screen shows it: the error, to decide by its case (an offline banner, a sign-in
/// prompt), and its message in the model's language, to show as it is.
public struct FeedScreenFailure: Sendable, Equatable, Error {
    public var error: TidingsError
    /// `error`'s message in the screen's language.
    public var message: String

    /// `error` with its message in `language`.
    public init(_ error: TidingsError, language: LanguageTag) {
        self.error = error
        self.message = error.message(in: language)
    }

    /// Whether trying again can help (a retry button): the connection or the server may recover.
    public var canRetry: Bool { error.isRetryable }
}

/// A native feed on screen.
public struct FeedScreenContent: Sendable, Equatable {
    public var title: String
    /// Top to bottom, ids unique: ready for a diffable data source.
    public var items: [FeedItem]
    /// Whether scrolling to the bottom should call `loadMore()`.
    public var canLoadMore: Bool
    public var isLoadingMore: Bool
    /// Pull to refresh is running.
    public var isRefreshing: Bool
    /// Set when the items come from the offline store: when they were fetched.
    public var staleSince: Date?
    /// Loading more or refreshing failed: what for a retry footer (the items stay).
    public var footerError: FeedScreenFailure?
    /// New items waiting above the list (the "3 new" pill); `showPending()` puts them on top.
    public var pending: Int

    /// Creates content.
    public init(
        title: String, items: [FeedItem], canLoadMore: Bool = false, isLoadingMore: Bool = false,
        isRefreshing: Bool = false, staleSince: Date? = nil, footerError: FeedScreenFailure? = nil, pending: Int = 0
    ) {
        self.title = title
        self.items = items
        self.canLoadMore = canLoadMore
        self.isLoadingMore = isLoadingMore
        self.isRefreshing = isRefreshing
        self.staleSince = staleSince
        self.footerError = footerError
        self.pending = pending
    }
}

extension FeedScreenState {
    /// What the screen shows for a pager state. Pure: the screen model's whole presentation logic.
    ///
    /// - `web`: the loader answered with a web page.
    /// - `stored`: the items kept from an earlier visit, shown (marked stale) while the first page
    ///   loads or when it fails.
    /// - `pending`: new items the feed's live updates announced, not shown yet.
    public static func make(
        pager: PagerState<FeedItem, TidingsError>, title: String, web: URL?, stored: StoredFeed?,
        language: LanguageTag, emptyMessage: String, pending: Int = 0
    ) -> FeedScreenState {
        if let web { return .web(url: web, title: title) }
        switch pager.phase {
        case .idle, .loadingFirst:
            guard let stored, !stored.items.isEmpty else { return .loading }
            return .native(
                FeedScreenContent(
                    title: stored.title, items: stored.items, isRefreshing: true, staleSince: stored.fetchedAt))
        case .failed(let error, .first) where pager.items.isEmpty:
            if let stored, !stored.items.isEmpty {
                return .native(
                    FeedScreenContent(
                        title: stored.title, items: stored.items, staleSince: stored.fetchedAt,
                        footerError: FeedScreenFailure(error, language: language)))
            }
            return .error(FeedScreenFailure(error, language: language))
        default:
            break
        }
        guard !pager.items.isEmpty else {
            if case .failed(let error, _) = pager.phase {
                return .error(FeedScreenFailure(error, language: language))
            }
            if pager.phase == .refreshing { return .loading }
            return .empty(message: emptyMessage, canReload: true)
        }
        var footer: FeedScreenFailure?
        if case .failed(let error, _) = pager.phase { footer = FeedScreenFailure(error, language: language) }
        return .native(
            FeedScreenContent(
                title: title, items: pager.items, canLoadMore: pager.canLoadMore,
                isLoadingMore: pager.phase == .loadingMore, isRefreshing: pager.phase == .refreshing,
                footerError: footer, pending: pending))
    }

    /// The default empty-state text: what a feed will show, in the reader's language.
    public static func defaultEmptyMessage(_ language: LanguageTag) -> String {
        Translations.current.string("kit.empty", language)
    }
}

/// A feed as the offline store kept it.
public struct StoredFeed: Sendable, Equatable {
    public var title: String
    public var items: [FeedItem]
    public var nextCursor: String?
    public var fetchedAt: Date

    /// Creates a stored feed.
    public init(title: String, items: [FeedItem], nextCursor: String?, fetchedAt: Date) {
        self.title = title
        self.items = items
        self.nextCursor = nextCursor
        self.fetchedAt = fetchedAt
    }
}
