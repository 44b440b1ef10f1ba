/// What happens to a pager: the screen's requests and the responses to its fetches.
public enum PagerEvent<Item: Identifiable & Sendable & Equatable, Failure: Error & Equatable>: Sendable, Equatable {
    /// The screen appeared: load the first page, from scratch if started (not while it loads).
    case start
    /// The reader neared the bottom: load the next page if there is one and nothing is loading.
    case loadMore
    /// Pull to refresh: load the first page again and put its new items on top.
    case refresh
    /// The reader tapped retry: issue the failed request again.
    case retry
    /// A fetch succeeded.
    case pageLoaded(PagerPage<Item>, for: PagerRequest)
    /// A fetch failed.
    case pageFailed(Failure, for: PagerRequest)
}
