import ArticleExtraction
import FeedParsing
import Foundation
import TidingsStore

/// When an article page is looked at again.
public struct ArticleSchedule: Sendable, Hashable {
    /// After a successful fetch (an article, or not modified): pages are edited after publication.
    public var recheck: TimeInterval = 6 * 3600
    /// After a page that is not an article, or that robots.txt disallows.
    public var settled: TimeInterval = 24 * 3600
    /// After the first temporary failure; doubled for each failure in a row, up to `settled`.
    public var retry: TimeInterval = 15 * 60
    /// A page is followed (checked again) this long after an entry last asked for it; then it is
    /// left as it is, not asked for again for a year: feeds list an entry for days, publishers edit
    /// in the first hours, and a page checked every six hours for months costs its site for nothing.
    public var follow: TimeInterval = 7 * 86_400

    public init() {}
}

extension ArticlePage {
    /// The page after an attempt at `now`: what the fetch found, its validators, and when to look
    /// again. A failure never loses an article extracted before (readers keep seeing it); a page
    /// that stopped being an article, or that robots.txt now refuses, keeps its last article too
    /// but is not fetched again soon.
    /// `instant` is `now` on the monotonic clock (read together with it), from which a later
    /// turn's wait is counted.
    public func recording(
        _ result: ArticlePageFetcher.Result, at now: Date, instant: ContinuousClock.Instant = .now,
        schedule: ArticleSchedule = .init()
    ) -> ArticlePage {
        var page = self
        if case .later(let wait) = result.outcome {
            // Not an attempt: only when to come back changes (to the past, when the turn passed).
            // `now` is read as this is called: the wait is counted from then, not from the fetch's
            // return, which may be seconds before on a loaded machine (turns then came closer than
            // the crawl delay, as an ArticleFairnessTests run in CI saw: 7.7 s for two 5 s gaps).
            let since = result.countedAt.map { $0.duration(to: instant) } ?? .zero
            page.nextCheckAt = now.addingTimeInterval((wait - since) / .seconds(1))
            return page
        }
        page.fetchedAt = now
        if let etag = result.etag { page.etag = etag }
        if let lastModified = result.lastModified { page.lastModified = lastModified }
        switch result.outcome {
        case .extracted(let article):
            page.keep(article, at: now, finalURL: result.finalURL)
            page.status = .extracted
            page.failures = 0
            page.error = nil
            page.nextCheckAt = now.addingTimeInterval(schedule.recheck)
        case .notModified:
            page.failures = 0
            page.error = nil
            page.nextCheckAt = now.addingTimeInterval(schedule.recheck)
        case .notArticle(let article, let reason):
            // What was found is kept with its confidence (readers see it above
            // full_text.min_confidence), unless it would replace an article found before.
            if !article.text.isEmpty, html == nil || status != .extracted {
                page.keep(article, at: now)
                page.status = .notArticle
            } else {
                page.status = html == nil ? .notArticle : status
            }
            page.failures = 0
            page.error = "not an article: \(reason)"
            page.nextCheckAt = now.addingTimeInterval(schedule.settled)
        case .disallowed:
            page.status = html == nil ? .disallowed : status
            page.error = "robots.txt disallows it"
            page.nextCheckAt = now.addingTimeInterval(schedule.settled)
        case .failed(let message, let temporary):
            page.failures = failures + 1
            page.status = html == nil ? .failed : status
            page.error = message
            let backoff = schedule.retry * pow(2, Double(min(page.failures - 1, 16)))
            page.nextCheckAt = now.addingTimeInterval(temporary ? min(backoff, schedule.settled) : schedule.settled)
        case .later: break
        }
        if page.nextCheckAt.timeIntervalSince(requestedAt) > schedule.follow {
            page.nextCheckAt = now.addingTimeInterval(365 * 86_400)
        }
        return page
    }

    /// Takes the extraction's content and what it says of the page (`changedAt` moves when the
    /// content changed): its own address is the one it gives (rel=canonical, og:url), else the
    /// one its URL redirected to (`finalURL`: an article's only — a page that is not one may be a
    /// login, consent or paywall page many links redirect to), and none when that is its URL.
    mutating func keep(_ article: ExtractedArticle, at now: Date, finalURL: URL? = nil) {
        let own = article.canonicalURL ?? finalURL?.absoluteString
        canonicalURL = own == url ? nil : own
        let hash = StableHash.hex(article.html)
        if hash != contentHash { changedAt = now }
        html = article.html
        text = article.text
        title = article.title
        byline = article.author
        siteName = article.siteName
        imageURL = article.image
        language = article.language
        direction = article.direction
        publishedAt = article.published
        confidence = article.confidence
        kind = article.kind.rawValue
        contentHash = hash
    }
}
