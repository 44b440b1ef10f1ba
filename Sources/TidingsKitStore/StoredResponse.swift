import Foundation

/// An HTTP response kept by the SDK's cache across launches, with what it needs to revalidate it.
public struct StoredResponse: Sendable, Hashable {
    /// The request URL, the key.
    public var url: String
    /// The `ETag` header, for `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` header, for `If-Modified-Since`.
    public var lastModified: String?
    /// The response body.
    public var body: Data
    /// When it was fetched, kept to the millisecond.
    public var fetchedAt: Date
    /// Until when it may be used without revalidating (from `Cache-Control` or a minimum freshness).
    public var freshUntil: Date

    /// Creates a stored response.
    public init(
        url: String, etag: String? = nil, lastModified: String? = nil, body: Data, fetchedAt: Date, freshUntil: Date
    ) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
        self.fetchedAt = fetchedAt
        self.freshUntil = freshUntil
    }
}
