import Foundation
import TidingsModel

/// Loads a feed page by page (seed 003's `FeedLoadable`, async): a Tidings section, any RSS, Atom
/// or JSON Feed URL, or whatever an app defines. `cursor` is nil for the first page and the
/// previous page's `nextCursor` after that.
public protocol FeedLoader: Sendable {
    /// The page after `cursor`.
    func load(cursor: String?) async throws(TidingsError) -> Feed
}

/// A loader whose feeds have live updates: a first page's `updates` link can be followed.
/// ``FeedScreenModel`` follows them while observed; other loaders are polled.
public protocol LiveFeedLoader: FeedLoader {
    /// The feed's `update` events from `position` (``TidingsClient/liveUpdates(_:from:)``); nil
    /// when they cannot be streamed here.
    func liveUpdates(_ link: LiveUpdatesLink, from position: String) async throws(TidingsError)
        -> AsyncThrowingStream<LiveUpdate, any Error>?
}

/// A loader made of a closure, for app-defined feeds.
///
/// The closure returns a `Result` rather than throwing a `TidingsError`: a stored closure with a
/// typed `throws` needs the iOS 18 / macOS 15 runtime, and the SDK runs from iOS 16 / macOS 13.
public struct ClosureFeedLoader: FeedLoader {
    let body: @Sendable (String?) async -> Result<Feed, TidingsError>

    /// A loader calling `body`.
    public init(_ body: @escaping @Sendable (String?) async -> Result<Feed, TidingsError>) {
        self.body = body
    }

    public func load(cursor: String?) async throws(TidingsError) -> Feed { try await body(cursor).get() }
}

/// A composed section of a Tidings server.
public struct SectionLoader: FeedLoader {
    public let client: TidingsClient
    public let brand: String
    public let section: String
    /// Content items per page; nil for the server's default (20).
    public let limit: Int?

    /// A loader for `brand`/`section` on `client`'s server.
    public init(client: TidingsClient, brand: String, section: String, limit: Int? = nil) {
        self.client = client
        self.brand = brand
        self.section = section
        self.limit = limit
    }

    public func load(cursor: String?) async throws(TidingsError) -> Feed {
        try await client.section(brand: brand, section: section, cursor: cursor, limit: limit)
    }

    /// "brand/section": the key a section's feed is kept under offline (`FeedScreenModel`'s
    /// `storageKey`), the same name the server gives its stream.
    public static func storageKey(brand: String, section: String) -> String {
        SectionKey(brand: brand, section: section).stream
    }

    /// This loader's `storageKey(brand:section:)`.
    public var storageKey: String { Self.storageKey(brand: brand, section: section) }
}

extension SectionLoader: LiveFeedLoader {
    public func liveUpdates(_ link: LiveUpdatesLink, from position: String) async throws(TidingsError)
        -> AsyncThrowingStream<LiveUpdate, any Error>?
    {
        try await client.liveUpdates(link, from: position)
    }
}
