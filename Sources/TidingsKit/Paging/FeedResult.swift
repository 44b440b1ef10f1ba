/// One step through a paged feed: a page and how to load the next step, the end, or a failure
/// and how to try the same step again.
///
/// Each step is a value holding the closure that loads the following one, so a caller walks
/// the feed without keeping a cursor: `switch await result.next()`.
public enum FeedResult<Page: Sendable, Failure: Error>: Sendable {
    /// Loads a step.
    public typealias Step = @Sendable () async -> FeedResult<Page, Failure>
    /// Loads the page at `cursor` (nil: the first page) and the cursor of the page after it
    /// (nil: this is the last page), or fails. A `Result` rather than a typed `throws`: a stored
    /// closure with a typed `throws` needs the iOS 18 / macOS 15 runtime.
    public typealias Loader = @Sendable (_ cursor: String?) async -> Result<(Page, nextCursor: String?), Failure>

    /// A page, and how to load the step after it.
    case success(page: Page, next: Step)
    /// The page before was the last.
    case end
    /// Loading failed, and how to try again.
    case failure(Failure, retry: Step)

    /// The first step of the feed `loader` reads.
    public static func first(_ loader: @escaping Loader) async -> FeedResult<Page, Failure> {
        await load(at: nil, loader)
    }

    /// The step loading the page at `cursor`.
    private static func load(at cursor: String?, _ loader: @escaping Loader) async -> FeedResult<Page, Failure> {
        switch await loader(cursor) {
        case .success(let (page, nextCursor)):
            return .success(page: page) {
                guard let nextCursor else { return .end }
                return await load(at: nextCursor, loader)
            }
        case .failure(let error):
            return .failure(error) { await load(at: cursor, loader) }
        }
    }
}
