import FeedComposition
import Foundation
import TidingsModel

/// Injects slots client-side into another loader's pages — ads, widgets, cards from
/// `FeedComposition` providers — at absolute positions that hold across pages, as the server does.
/// Its cursor carries the position reached and the wrapped loader's cursor.
public struct InjectingLoader: FeedLoader {
    public let base: any FeedLoader
    public let composer: FeedComposer
    public let context: CompositionContext

    /// Wraps `base`, placing `providers`' items in priority order.
    public init(_ base: any FeedLoader, providers: [any SlotProvider], context: CompositionContext = .init()) {
        self.base = base
        self.composer = FeedComposer(providers: providers)
        self.context = context
    }

    public func load(cursor: String?) async throws(TidingsError) -> Feed {
        var position = 0
        var inner: String?
        if let cursor {
            let parts = cursor.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let value = Int(parts[0]) else {
                throw TidingsError.badResponse("not a cursor of this loader: \(cursor)")
            }
            position = value
            inner = String(parts[1])
        }
        var feed = try await base.load(cursor: inner)
        guard case .native(let items) = feed.content else { return feed }
        let page = composer.compose(content: items, startingAt: position, context: context)
        feed.content = .native(page.items)
        feed.nextCursor = feed.nextCursor.map { "\(page.nextPosition)|\($0)" }
        return feed
    }
}

extension InjectingLoader: LiveFeedLoader {
    /// The wrapped loader's live updates, when it has them.
    public func liveUpdates(_ link: LiveUpdatesLink, from position: String) async throws(TidingsError)
        -> AsyncThrowingStream<LiveUpdate, any Error>?
    {
        guard let live = base as? any LiveFeedLoader else { return nil }
        return try await live.liveUpdates(link, from: position)
    }
}
