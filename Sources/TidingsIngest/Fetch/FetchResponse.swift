import Foundation

/// What a successful fetch brought back: a body (2xx) or "not modified" (304), and the server's hints.
public struct FetchResponse: Sendable, Hashable {
    /// The final status: 200 (or another 2xx) with a body, or 304 with none.
    public var status: Int
    /// The decompressed body; empty for 304.
    public var body: [UInt8]
    /// The URL that answered, after redirects.
    public var finalURL: URL
    /// The validator to send next time as `If-None-Match` (on a 304 without one, the request's).
    public var etag: String?
    /// The validator to send next time as `If-Modified-Since` (on a 304 without one, the request's).
    public var lastModified: String?
    /// The media type, lowercased, without parameters (`application/rss+xml`).
    public var contentType: String?
    /// The Content-Type's charset parameter, if any (`windows-1251`).
    public var charset: String?
    /// Seconds the server says the response stays fresh (s-maxage, max-age or Expires − Date, less Age;
    /// 0 for `no-cache`), nil when it says nothing.
    public var freshness: TimeInterval?
    /// True when the server sent `Cache-Control: no-store`.
    public var noStore: Bool
    /// How many redirects were followed.
    public var redirects: Int
    /// True when the body was longer than the policy's `maxBodyBytes`: `body` is its first part, cut
    /// there (mid-character, mid-entry: the parser keeps the entries complete in it).
    public var isCut = false
    /// Whether the request was sent a second time, on a new connection, because the first closed
    /// unanswered (a pooled keep-alive connection the origin closed as it was reused): the origin
    /// may have read both.
    public var resent = false

    /// A response with every field given.
    public init(
        status: Int, body: [UInt8], finalURL: URL, etag: String?, lastModified: String?, contentType: String?,
        charset: String?, freshness: TimeInterval?, noStore: Bool, redirects: Int
    ) {
        self.status = status
        self.body = body
        self.finalURL = finalURL
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.charset = charset
        self.freshness = freshness
        self.noStore = noStore
        self.redirects = redirects
    }

    /// True for 304 Not Modified: the source has not changed since the validators were issued.
    public var notModified: Bool { status == 304 }
}
