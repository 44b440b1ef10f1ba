import Foundation

/// One URL to fetch — a feed, with the validators from the last successful fetch for a conditional
/// GET, or an image for the proxy, with its own `Accept`.
public struct FetchRequest: Sendable, Hashable {
    /// The URL to fetch: http or https, without user info.
    public var url: URL
    /// The last response's ETag, sent as `If-None-Match`.
    public var etag: String?
    /// The last response's Last-Modified, sent as `If-Modified-Since`.
    public var lastModified: String?
    /// The `Accept` header; nil asks for feed formats first.
    public var accept: String?

    /// A request for `url`, conditional when validators are given.
    public init(url: URL, etag: String? = nil, lastModified: String? = nil, accept: String? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.accept = accept
    }
}
