import ArticleExtraction
import Foundation

/// Fetches the web page behind a feed entry and finds the article in it, as a polite crawler: the
/// site's robots.txt is asked first (for `productToken`), requests to one host wait their turn
/// (`HostPoliteness`: a few at a time, spaced, slower when robots.txt asks for a crawl delay), a
/// page fetched before is asked for with its validators (a 304 costs the site nothing), and every
/// request goes through the SSRF-guarded `SourceFetcher` with its size cap and timeouts.
public struct ArticlePageFetcher: Sendable {
    /// What one attempt found.
    public enum Outcome: Sendable {
        /// The page holds an article.
        case extracted(ExtractedArticle)
        /// The page was read but is not an article (a home page, a login wall); why.
        case notArticle(ExtractedArticle, reason: String)
        /// Unchanged since the validators sent.
        case notModified
        /// robots.txt does not let us fetch it.
        case disallowed
        /// The fetch failed; one sentence, and whether trying again later may help.
        case failed(String, temporary: Bool)
        /// Nothing was fetched: the host's turn is this far off (`fetch(…waitingAtMost:)`), counted
        /// from when `fetch` returned — negative when the turn passed while this task waited for a
        /// thread, so that the page is due at its turn all the same, not at the moment it resumed.
        case later(Duration)
    }

    /// An outcome with the validators to send next time and the address the page ended at.
    public struct Result: Sendable {
        public var outcome: Outcome
        public var etag: String?
        public var lastModified: String?
        public var finalURL: URL?
        /// When a `.later` wait was counted: `ArticlePage.recording` takes off the time since, so
        /// a caller that resumed late (the refresher, seconds later on a loaded machine) still
        /// books the page at the turn and not that much after it.
        public var countedAt: ContinuousClock.Instant?

        public init(outcome: Outcome, etag: String? = nil, lastModified: String? = nil, finalURL: URL? = nil) {
            self.outcome = outcome
            self.etag = etag
            self.lastModified = lastModified
            self.finalURL = finalURL
        }

        /// The host's turn booked at `turn`, counted at `now` — when the fetch returns, not at the
        /// booking: the task may have waited for a thread since (seconds, on a loaded machine).
        /// Not clamped at zero: a turn that passed meanwhile stays where it was booked, a spacing
        /// from its neighbours; clamped, it moved to when the task resumed, closer to the next
        /// turn than the crawl delay (issue 34).
        static func later(_ turn: ContinuousClock.Instant, now: ContinuousClock.Instant) -> Result {
            var result = Result(outcome: .later(now.duration(to: turn)))
            result.countedAt = now
            return result
        }
    }

    /// The name robots.txt groups are matched against.
    public static let productToken = "Tidings"

    let fetcher: SourceFetcher
    let politeness: HostPoliteness<ContinuousClock>
    let robots: RobotsTxtCache
    let extractor: ArticleExtractor

    /// A fetcher over `fetcher` (its policy sets the user agent, the size cap and the hosts
    /// allowed), with `politeness` shared by every fetch to the same hosts.
    public init(
        fetcher: SourceFetcher, politeness: HostPoliteness<ContinuousClock> = HostPoliteness(),
        extractor: ArticleExtractor = ArticleExtractor()
    ) {
        self.fetcher = fetcher
        self.politeness = politeness
        self.extractor = extractor
        self.robots = RobotsTxtCache(productToken: Self.productToken) { url in
            await RobotsTxt.FetchOutcome.fetch(url, with: fetcher)
        }
    }

    /// Fetches `url` (with the validators of the last fetch, when there was one) and extracts it.
    /// With `waitingAtMost`, waits that long at most for the host's turn: when it is further off
    /// (a crawl delay, a busy host), the outcome is `.later` with the wait, and the turn is booked.
    public func fetch(
        _ url: URL, etag: String? = nil, lastModified: String? = nil, waitingAtMost limit: Duration? = nil
    ) async -> Result {
        let rules = await robots.rules(for: url)
        guard rules.allows(url) else { return Result(outcome: .disallowed) }
        do {
            let request = FetchRequest(url: url, etag: etag, lastModified: lastModified, accept: Self.accept)
            let response: FetchResponse
            if let limit {
                switch try await politeness.withPermit(
                    for: url, crawlDelay: rules.crawlDelay, waitingAtMost: limit, { try await fetcher.fetch(request) })
                {
                case .ran(let answer): response = answer
                case .later(let turn):
                    return Result.later(turn, now: ContinuousClock.now)
                }
            } else {
                response = try await politeness.withPermit(for: url, crawlDelay: rules.crawlDelay) {
                    try await fetcher.fetch(request)
                }
            }
            var result = Result(
                outcome: .notModified, etag: response.etag, lastModified: response.lastModified,
                finalURL: response.finalURL)
            guard response.status != 304 else { return result }
            if let type = response.contentType?.lowercased(), !type.contains("html") {
                result.outcome = .failed("the page is \(type), not HTML", temporary: false)
                return result
            }
            let article = extractor.extract(html: response.body, url: response.finalURL, httpCharset: response.charset)
            if let reason = article.notArticleReason {
                result.outcome = .notArticle(article, reason: reason)
            } else {
                result.outcome = .extracted(article)
            }
            return result
        } catch let error as FetchError {
            return Result(outcome: .failed(error.message, temporary: Self.isTemporary(error)))
        } catch {
            return Result(outcome: .failed("cancelled", temporary: true))
        }
    }

    static let accept = "text/html, application/xhtml+xml;q=0.9, */*;q=0.1"

    /// Whether a failure may pass: timeouts, connection trouble, 5xx and 429 may; a 404, a blocked
    /// address or a page too large will not.
    static func isTemporary(_ error: FetchError) -> Bool {
        switch error.kind {
        case .dns, .connect, .timeout, .tls, .cancelled, .other: true
        case .http(let status): status >= 500 || status == 429 || status == 408
        case .badURL, .blockedAddress, .tooLarge, .tooManyRedirects: false
        }
    }
}
