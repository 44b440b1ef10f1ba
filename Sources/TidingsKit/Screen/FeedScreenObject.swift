#if canImport(Combine)
    import Combine
    import Foundation
    import TidingsModel

    /// ``FeedScreen`` for apps that still run on iOS 16 or macOS 13: the same screen as an
    /// `ObservableObject` whose `state` is `@Published`, over the same engine, so both behave alike.
    ///
    /// ```swift
    /// struct NewsView: View {
    ///     @StateObject private var screen = FeedScreenObject(
    ///         loader: SectionLoader(client: client, brand: "courier", section: "news"),
    ///         storage: try? OfflineStore(path: cachePath), storageKey: "courier/news")
    ///
    ///     var body: some View {
    ///         FeedList(state: screen.state) { await screen.loadMore() }
    ///             .task { await screen.load() }
    ///             .refreshable { await screen.refresh() }
    ///     }
    /// }
    /// ```
    ///
    /// Available where Combine is (Apple's platforms); on Linux use ``FeedScreen`` or
    /// ``FeedScreenModel``.
    @MainActor
    public final class FeedScreenObject: ObservableObject {
        /// What the screen shows now.
        @Published public private(set) var state: FeedScreenState = .loading
        /// The model doing the work, for what this object does not forward.
        public var model: FeedScreenModel { driver.model }
        private var driver: FeedScreenDriver!

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

        /// The view appeared: show what is stored, then load the first page.
        public func load() async { await driver.perform { await $0.load() } }

        /// Near the bottom: load the next page.
        public func loadMore() async { await driver.perform { await $0.loadMore() } }

        /// Pull to refresh: new items on top, without duplicates.
        public func refresh() async { await driver.perform { await $0.refresh() } }

        /// From an error or a failed footer.
        public func retry() async { await driver.perform { await $0.retry() } }

        /// The "3 new" pill: the announced items go on top.
        public func showPending() async { await driver.perform { await $0.showPending() } }

        /// Dismisses a notification card (see ``FeedScreenModel/dismiss(notification:using:)``).
        public func dismiss(notification id: String, using client: TidingsClient) async throws(TidingsError) {
            try await driver.dismiss(notification: id, using: client)
        }
    }
#endif
