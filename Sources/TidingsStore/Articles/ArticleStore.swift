import Foundation
import TidingsModel

/// The web pages behind entries' links and the article extracted from each, kept so readers show
/// the whole article offline. Pages are fetched on a schedule by whichever process leases them,
/// as sources are (``SectionStore/claimDueSources(owner:now:lease:limit:among:)``): servers
/// sharing a database never fetch one page at once.
///
/// The store refuses a page it cannot keep whole, writing nothing, with ``ArticlePageRefused``: a
/// URL that is not absolute http(s) or is over ``ArticlePage/maxURLBytes``, html or text over
/// ``ArticlePage/maxContentBytes``, any other text over ``ArticlePage/maxFieldBytes``. It never
/// cuts them (cut HTML is not well formed). U+0000 is removed from every text, URLs included,
/// since PostgreSQL cannot store it.
public protocol ArticleStore: Sendable {
    /// Asks for these pages: unknown URLs are added, due now; known ones keep their state but their
    /// requestedAt moves to now (never back). Returns the known ones that gave another address as
    /// their own (``ArticlePage/canonicalURL``), by URL: their entries are one story with the
    /// entries linking there (``samePages(_:in:rule:at:)``) before the page is fetched again.
    @discardableResult
    func requestArticles(_ urls: [String], now: Date) async throws -> [String: String]
    /// Leases up to `limit` due pages (nextCheckAt <= now, not leased by another owner) to `owner`
    /// until now + lease, oldest due first but taking turns between sites (each site's oldest, then
    /// each one's second, …), so one site's backlog holds back no other; returns them with their
    /// stored state (validators included).
    func claimDueArticles(owner: String, now: Date, lease: TimeInterval, limit: Int) async throws -> [ArticlePage]
    /// Stores an attempt's outcome — every field but `requestedAt`, which only requests move — and
    /// releases the lease (only if `owner` still holds it; otherwise, or when the page was pruned
    /// meanwhile, the write is ignored and false is returned).
    func recordArticle(_ page: ArticlePage, owner: String) async throws -> Bool
    /// The stored pages for these URLs, keyed as asked (missing ones absent).
    func articles(urls: [String]) async throws -> [String: ArticlePage]
    /// Entries whose links lead to one page tell one story: `pages` maps a page's URL to the
    /// address it gives as its own. In each of `sections` (those with story grouping under
    /// `rule`), each entry linking to such a URL is compared, as if it linked to the address, with
    /// the entries linking there — their stories become one where `rule`'s test of links says so
    /// (dates within its window; one source's entries also alike in text) — and later entries
    /// linking there find it. Kept as a `same_page` decision (a rebuild makes it again). Returns
    /// the sections whose stories changed.
    func samePages(_ pages: [String: String], in sections: [SectionKey], rule: StoryRule, at now: Date) async throws
        -> Set<SectionKey>
    /// Removes pages not requested since `before`; returns how many.
    func pruneArticles(requestedBefore before: Date) async throws -> Int
    /// For each source whose kept entries link to stored pages: how many pages stand at each
    /// status, and the latest failure (`tidings sources list`).
    func articleSummaries() async throws -> [String: ArticleSummary]
}

/// Where the article pages of one source's entries stand.
public struct ArticleSummary: Sendable, Hashable {
    /// A page that failed, was disallowed or was not an article: which, why and when.
    public struct Problem: Sendable, Hashable {
        public var url: String
        public var status: ArticlePageStatus
        public var error: String?
        public var at: Date?

        public init(url: String, status: ArticlePageStatus, error: String?, at: Date?) {
            self.url = url
            self.status = status
            self.error = error
            self.at = at
        }
    }

    /// Pages by status.
    public var counts: [ArticlePageStatus: Int] = [:]
    /// The latest problem.
    public var lastProblem: Problem?

    public init() {}
}

/// Where an article page stands. A status a newer build wrote reads as `pending`.
public enum ArticlePageStatus: String, Sendable, Hashable {
    case pending, extracted, failed, disallowed
    case notArticle = "not_article"
}

/// A stored article page: the extraction, the fetch state and the schedule.
public struct ArticlePage: Sendable, Hashable {
    /// The absolute http(s) URL of the page: the key.
    public var url: String
    public var status: ArticlePageStatus
    /// The sanitized article HTML (extracted).
    public var html: String?
    public var text: String?
    public var title: String?
    public var byline: String?
    public var siteName: String?
    public var imageURL: String?
    public var language: String?
    public var direction: String?
    public var publishedAt: Date?
    /// How likely the extracted text is the page's main content, 0…1 (the extractor's
    /// `confidence`); nil for pages extracted before it was kept. Readers are shown the text
    /// only above `full_text.min_confidence`.
    public var confidence: Double?
    /// The kind of page the extractor believes it read (`article`, `forum`, `product`…).
    public var kind: String?
    /// The address the page gives as its own (`link rel=canonical`, `og:url`), else the one its
    /// URL redirected to; nil when it is the page's own URL or unknown. Entries whose links lead
    /// to one page are one story (``ArticleStore/samePages(_:in:rule:at:)``).
    public var canonicalURL: String?
    /// Validators for a conditional GET.
    public var etag: String?
    public var lastModified: String?
    /// A hash of the extracted html, to tell a changed page.
    public var contentHash: String?
    /// The last attempt.
    public var fetchedAt: Date?
    /// When html last changed (nil before the first extraction); the caller sets it.
    public var changedAt: Date?
    /// The last time an entry asked for it (retention).
    public var requestedAt: Date
    /// When it is due again.
    public var nextCheckAt: Date
    /// Failures in a row.
    public var failures: Int
    /// The last failure, one sentence.
    public var error: String?

    /// Creates a page with no fetch behind it yet.
    public init(url: String, status: ArticlePageStatus = .pending, requestedAt: Date, nextCheckAt: Date) {
        self.url = url
        self.status = status
        self.requestedAt = requestedAt
        self.nextCheckAt = nextCheckAt
        self.failures = 0
    }

    /// The longest URL kept, in UTF-8 bytes: the common limit of browsers and sitemaps, and short
    /// enough for PostgreSQL's B-tree index entries (2,704 bytes), so the URL itself is the key.
    public static let maxURLBytes = 2_048
    /// The largest html, and text, kept: 2 MiB each.
    public static let maxContentBytes = 2 * 1_024 * 1_024
    /// The longest of any other text (title, byline, validators, error …).
    public static let maxFieldBytes = 4_096

    /// Whether the store takes `url` as a key: absolute http(s), at most ``maxURLBytes`` without
    /// U+0000.
    public static func accepts(url: String) -> Bool { (try? storableURL(url)) != nil }

    /// `url` as it is stored, or why it cannot be.
    public static func storableURL(_ url: String) throws -> String {
        let url = url.withoutNUL
        let start = url.prefix(8).lowercased()
        let scheme = start.hasPrefix("https://") ? 8 : start.hasPrefix("http://") ? 7 : 0
        guard scheme > 0, url.utf8.count > scheme else {
            throw ArticlePageRefused("\(url.prefix(80).debugDescription) is not an absolute http(s) URL")
        }
        guard url.utf8.count <= maxURLBytes else {
            throw ArticlePageRefused(
                "a URL of \(url.utf8.count) bytes (\(url.prefix(60))…) is over the \(maxURLBytes) allowed")
        }
        return url
    }

    /// The page as it can be stored: without U+0000 (see `FetchRecord.storable`), within the bounds.
    func storable() throws -> ArticlePage {
        var page = self
        let url = try Self.storableURL(self.url)
        page.url = url
        func bounded(_ text: String?, _ name: String, _ limit: Int) throws -> String? {
            guard let text = text?.withoutNUL else { return nil }
            guard text.utf8.count <= limit else {
                throw ArticlePageRefused(
                    "\(url): \(name) of \(text.utf8.count) bytes is over the \(limit) allowed")
            }
            return text
        }
        // An address that cannot be a key is not kept; the article is.
        page.canonicalURL = canonicalURL.flatMap { try? Self.storableURL($0) }
        page.html = try bounded(html, "html", Self.maxContentBytes)
        page.text = try bounded(text, "text", Self.maxContentBytes)
        for (field, name) in [
            (\ArticlePage.title, "title"), (\.byline, "byline"), (\.siteName, "site name"), (\.imageURL, "image URL"),
            (\.language, "language"), (\.direction, "direction"), (\.kind, "kind"), (\.etag, "etag"),
            (\.lastModified, "last-modified"),
            (\.contentHash, "content hash"), (\.error, "error"),
        ] as [(WritableKeyPath<ArticlePage, String?>, String)] {
            page[keyPath: field] = try bounded(page[keyPath: field], name, Self.maxFieldBytes)
        }
        return page
    }
}

/// A page the store will not keep (see ``ArticleStore``); nothing was written.
public struct ArticlePageRefused: Error, CustomStringConvertible, Sendable {
    public var message: String
    init(_ message: String) { self.message = "store: article page refused: " + message }
    public var description: String { message }
}
