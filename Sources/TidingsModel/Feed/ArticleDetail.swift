import Foundation

/// One article of a section with its body, as
/// `GET /api/v1/brands/{brand}/sections/{section}/articles/{id}` gives it: the teaser, the feed's
/// own content, and — for sources with `full_text` — the article extracted from its page. The SDK
/// keeps it for reading offline.
public struct ArticleDetail: Codable, Hashable, Sendable {
    /// The teaser, as the section lists it.
    public var item: Teaser
    /// The feed's own content, sanitized; image sources are paths on the server (its image proxy).
    public var contentHTML: String?
    /// The article extracted from its page, when the source asks for full text and it was found.
    public var fullText: FullText?

    /// The body to show: the full text, else the feed's content.
    public var bodyHTML: String? { fullText?.html ?? contentHTML }

    /// An article extracted from its web page.
    public struct FullText: Codable, Hashable, Sendable {
        /// Sanitized HTML; image sources are paths on the server (its image proxy).
        public var html: String
        public var text: String
        /// The author line.
        public var byline: String?
        public var siteName: String?
        /// The lead image, and the same through the server's image proxy.
        public var imageURL: URL?
        public var imageProxyURL: String?
        public var publishedAt: Date?
        /// The page's language (`html lang`) and text direction (`ltr`, `rtl`), when it says.
        public var language: String?
        public var direction: String?
        /// When the server last found the article changed.
        public var changedAt: Date?

        public init(
            html: String, text: String, byline: String? = nil, siteName: String? = nil, imageURL: URL? = nil,
            imageProxyURL: String? = nil, publishedAt: Date? = nil, language: String? = nil,
            direction: String? = nil, changedAt: Date? = nil
        ) {
            self.html = html
            self.text = text
            self.byline = byline
            self.siteName = siteName
            self.imageURL = imageURL
            self.imageProxyURL = imageProxyURL
            self.publishedAt = publishedAt
            self.language = language
            self.direction = direction
            self.changedAt = changedAt
        }

        enum CodingKeys: String, CodingKey {
            case html, text, byline, language, direction
            case siteName = "site_name"
            case imageURL = "image_url"
            case imageProxyURL = "image_proxy_url"
            case publishedAt = "published_at"
            case changedAt = "changed_at"
        }
    }

    public init(item: Teaser, contentHTML: String? = nil, fullText: FullText? = nil) {
        self.item = item
        self.contentHTML = contentHTML
        self.fullText = fullText
    }

    enum CodingKeys: String, CodingKey {
        case item
        case contentHTML = "content_html"
        case fullText = "full_text"
    }
}
