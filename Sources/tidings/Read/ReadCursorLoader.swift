import TidingsKit
import TidingsModel

/// A loader remembering the last page's `nextCursor`, which `--once` prints: `FeedScreenState`
/// does not carry the cursor.
struct ReadCursorLoader: FeedLoader {
    /// The cursor kept between loads.
    actor Box {
        var cursor: String?
        func keep(_ cursor: String?) { self.cursor = cursor }
    }

    let base: any FeedLoader
    let box = Box()

    func load(cursor: String?) async throws(TidingsError) -> Feed {
        let feed = try await base.load(cursor: cursor)
        await box.keep(feed.nextCursor)
        return feed
    }
}
