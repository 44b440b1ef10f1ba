/// What the reader's state machine asks its I/O shell to do.
enum ReadEffect: Hashable, Sendable {
    case loadBrands
    case loadSections(brand: String)
    /// A new `FeedScreenModel` for the feed, loaded.
    case openFeed(brand: String, section: String)
    case loadMore
    case refresh
    /// `model.showPending()`: the new items the live updates announced, on top.
    case showPending
    case retry
    /// `client.dismiss(notification:)`.
    case dismiss(notification: String)
    /// `client.article(…)` for an opened teaser, its full text when the section fetches it (else
    /// what the store kept of it).
    case loadArticle(brand: String, section: String, id: String)
    /// `client.search(…)`: a search's first page, or the page `cursor` names.
    case search(brand: String, query: String, cursor: String?)
    case quit
}
