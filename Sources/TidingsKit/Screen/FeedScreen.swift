import Foundation
import Observation
import TidingsModel

/// A feed screen for SwiftUI: an `@Observable`, main-actor object whose `state` a view reads
/// directly, over a ``FeedScreenModel``. Any number of views may observe one screen; it follows
/// the model's states itself, in order, so a view sees `loading` before the feed.
///
/// ```swift
/// struct NewsView: View {
///     @State private var screen = FeedScreen(
///         loader: SectionLoader(client: client, brand: "courier", section: "news"),
///         storage: try? OfflineStore(path: cachePath), storageKey: "courier/news")
///
///     var body: some View {
///         FeedList(state: screen.state) { await screen.loadMore() }  // your list of cells
///             .task { await screen.load() }  // cancelled, with its request, when the view goes
///             .refreshable { await screen.refresh() }
///     }
/// }
/// ```
///
/// On iOS 16 and macOS 13, `FeedScreenObject` is the same screen as an `ObservableObject`. UIKit
/// and other consumers use ``FeedScreenModel`` and its `updates()` streams directly (see Getting
/// Started).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
@MainActor
public final class FeedScreen {
    /// What the screen shows now.
    public private(set) var state: FeedScreenState = .loading
    /// The model doing the work, for what this object does not forward.
    @ObservationIgnored public var model: FeedScreenModel { driver.model }
    @ObservationIgnored private var driver: FeedScreenDriver!

    /// A screen over `model`.
    public init(model: FeedScreenModel) {
        driver = FeedScreenDriver(model: model) { [weak self] state in self?.state = state }
    }

    /// A screen over a new ``FeedScreenModel`` with these settings.
    public convenience init(
        loader: any FeedLoader, language: LanguageTag = .en, emptyMessage: String? = nil,
        storage: (any FeedStorage)? = nil, storageKey: String = "feed", live: LiveOptions = LiveOptions()
    ) {
        self.init(
            model: FeedScreenModel(
                loader: loader, language: language, emptyMessage: emptyMessage, storage: storage,
                storageKey: storageKey, live: live))
    }

    /// The view appeared: show what is stored, then load the first page. Cancelling the calling
    /// task (SwiftUI's `.task` ending) cancels the request.
    public func load() async { await driver.perform { await $0.load() } }

    /// Near the bottom: load the next page.
    public func loadMore() async { await driver.perform { await $0.loadMore() } }

    /// Pull to refresh: new items on top, without duplicates.
    public func refresh() async { await driver.perform { await $0.refresh() } }

    /// From an error or a failed footer.
    public func retry() async { await driver.perform { await $0.retry() } }

    /// The "3 new" pill: the new items the feed's live updates announced (`state`'s `pending`)
    /// go on top. The screen follows its feed live from its first action on, while it exists.
    public func showPending() async { await driver.perform { await $0.showPending() } }

    /// Dismisses a notification card (see ``FeedScreenModel/dismiss(notification:using:)``).
    public func dismiss(notification id: String, using client: TidingsClient) async throws(TidingsError) {
        try await driver.dismiss(notification: id, using: client)
    }
}
