import Foundation
import TidingsModel

/// Where a section's content comes from (`source.type` in the configuration).
public enum SourceSpec: Sendable, Hashable {
    /// The catalog's news items (new products, price changes).
    case catalog
    /// RSS, Atom or JSON Feed URLs, merged newest first; each entry is known by its own feed, so a
    /// story two of them carry shows once per feed.
    case feed([URL])
    /// A partner endpoint returning typed items (teasers, ads, widgets) in editorial order.
    case unifiedJSON(URL)
    /// A legacy endpoint returning plain items, and `renderAsWeb`/`renderAsWebUrl`.
    case legacyJSON(URL)
    /// Nothing to fetch: the section is this web page.
    case web(URL)
    /// Local documents in one of the formats above, re-read when they change (offline demos, tests).
    case file([String], format: SourceFormat)

    /// The configuration name of the source type.
    public var typeName: String {
        switch self {
        case .catalog: "catalog"
        case .feed: "feed"
        case .unifiedJSON: "unified_json"
        case .legacyJSON: "legacy_json"
        case .web: "web"
        case .file: "file"
        }
    }

    /// What the poller fetches for this source.
    public var fetched: [FetchedSource] {
        switch self {
        case .catalog, .web: []
        case .feed(let urls): urls.map { FetchedSource(location: .url($0), format: .feed) }
        case .unifiedJSON(let url): [FetchedSource(location: .url(url), format: .unifiedJSON)]
        case .legacyJSON(let url): [FetchedSource(location: .url(url), format: .legacyJSON)]
        case .file(let paths, let format): paths.map { FetchedSource(location: .file($0), format: format) }
        }
    }

    /// The format of the documents fetched, when there are any.
    public var format: SourceFormat? {
        switch self {
        case .catalog, .web: nil
        case .feed: .feed
        case .unifiedJSON: .unifiedJSON
        case .legacyJSON: .legacyJSON
        case .file(_, let format): format
        }
    }
}

/// One document the poller fetches: a URL or a local file, and how to read it.
public struct FetchedSource: Sendable, Hashable {
    /// Where it is.
    public enum Location: Sendable, Hashable {
        case url(URL)
        /// An absolute path.
        case file(String)
    }

    /// Where it is.
    public var location: Location
    /// How to read it.
    public var format: SourceFormat

    /// Creates a fetched source.
    public init(location: Location, format: SourceFormat) {
        self.location = location
        self.format = format
    }

    /// A short name for teasers whose document has no title: the host, or the file name.
    public var displayName: String {
        switch location {
        case .url(let url): url.host ?? url.absoluteString
        case .file(let path): URL(fileURLWithPath: path).lastPathComponent
        }
    }

    /// The id it is stored and listed under: the URL, or `file:` and the path.
    public var id: String {
        switch location {
        case .url(let url): url.absoluteString
        case .file(let path): "file:" + path
        }
    }
}
