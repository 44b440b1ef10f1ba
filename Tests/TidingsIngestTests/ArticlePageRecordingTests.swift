import ArticleExtraction
import Foundation
import Testing
import TidingsStore

@testable import TidingsIngest

/// What an attempt does to a stored article page: pure, so every case is a line.
@Suite("ArticlePage.recording")
struct ArticlePageRecordingTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)
    static let page = ArticlePage(url: "https://news.example/a.html", requestedAt: start, nextCheckAt: start)

    static func article(_ text: String) -> ExtractedArticle {
        var article = ExtractedArticle()
        article.html = "<p>\(text)</p>"
        article.text = text
        article.title = "Title"
        article.isArticle = true
        return article
    }

    static func result(_ outcome: ArticlePageFetcher.Outcome, etag: String? = nil) -> ArticlePageFetcher.Result {
        ArticlePageFetcher.Result(outcome: outcome, etag: etag, lastModified: nil, finalURL: nil)
    }

    @Test("an article is stored with its validators; the same article again does not count as a change")
    func extracted() {
        let first = Self.page.recording(Self.result(.extracted(Self.article("one")), etag: "\"a\""), at: Self.start)
        #expect(first.status == .extracted)
        #expect(first.html == "<p>one</p>")
        #expect(first.etag == "\"a\"")
        #expect(first.changedAt == Self.start)
        #expect(first.nextCheckAt == Self.start.addingTimeInterval(6 * 3600))
        let later = Self.start.addingTimeInterval(3600)
        let same = first.recording(Self.result(.extracted(Self.article("one"))), at: later)
        #expect(same.changedAt == Self.start)
        #expect(same.etag == "\"a\"", "validators the response did not repeat are kept")
        let changed = same.recording(Self.result(.extracted(Self.article("two"))), at: later)
        #expect(changed.changedAt == later)
        #expect(changed.text == "two")
    }

    @Test("failures keep the article found before and back off, doubling up to a day")
    func failures() {
        let good = Self.page.recording(Self.result(.extracted(Self.article("kept"))), at: Self.start)
        var page = good
        var waits: [TimeInterval] = []
        for attempt in 1...8 {
            let now = Self.start.addingTimeInterval(Double(attempt) * 1_000)
            page = page.recording(Self.result(.failed("fetch: 503", temporary: true)), at: now)
            waits.append(page.nextCheckAt.timeIntervalSince(now))
        }
        #expect(page.html == "<p>kept</p>")
        #expect(page.status == .extracted)
        #expect(page.failures == 8)
        #expect(waits == [900, 1800, 3600, 7200, 14400, 28800, 57600, 86400])
        let recovered = page.recording(Self.result(.notModified), at: Self.start)
        #expect(recovered.failures == 0)
        #expect(recovered.error == nil)
        let never = Self.page.recording(Self.result(.failed("fetch: 404", temporary: false)), at: Self.start)
        #expect(never.status == .failed)
        #expect(never.nextCheckAt == Self.start.addingTimeInterval(86400))
    }

    @Test("not an article, or disallowed: said, not fetched again for a day, an earlier article kept")
    func settled() {
        let home = Self.page.recording(Self.result(.notArticle(ExtractedArticle(), reason: "no prose")), at: Self.start)
        #expect(home.status == .notArticle)
        #expect(home.html == nil)
        #expect(home.error == "not an article: no prose")
        let refused = Self.page.recording(Self.result(.disallowed), at: Self.start)
        #expect(refused.status == .disallowed)
        #expect(refused.nextCheckAt == Self.start.addingTimeInterval(86400))
        let good = Self.page.recording(Self.result(.extracted(Self.article("kept"))), at: Self.start)
        let walled = good.recording(Self.result(.notArticle(ExtractedArticle(), reason: "login")), at: Self.start)
        #expect(walled.html == "<p>kept</p>")
        #expect(walled.status == .extracted)
    }

    @Test("what a page that is not an article holds is kept with its confidence and kind, but replaces no article")
    func notArticleKept() {
        var found = Self.article("a forum thread's posts")
        found.isArticle = false
        found.confidence = 0.42
        found.kind = .forum
        let thread = Self.page.recording(Self.result(.notArticle(found, reason: "no prose")), at: Self.start)
        #expect(thread.status == .notArticle)
        #expect(thread.text == "a forum thread's posts")
        #expect(thread.confidence == 0.42)
        #expect(thread.kind == "forum")
        #expect(thread.error == "not an article: no prose")
        #expect(thread.nextCheckAt == Self.start.addingTimeInterval(86400))
        let good = Self.page.recording(Self.result(.extracted(Self.article("kept"))), at: Self.start)
        let walled = good.recording(Self.result(.notArticle(found, reason: "login")), at: Self.start)
        #expect(walled.text == "kept")
        #expect(walled.status == .extracted)
    }

    @Test("a turn given back is due at its instant: ahead, or already passed while the task waited")
    func laterKeepsTheTurn() {
        let fetched = Self.page.recording(Self.result(.extracted(Self.article("kept"))), at: Self.start)
        let now = Self.start.addingTimeInterval(60)
        let ahead = fetched.recording(Self.result(.later(.milliseconds(4500))), at: now)
        #expect(ahead.nextCheckAt == now.addingTimeInterval(4.5))
        // Clamped to now, a passed turn moved closer to the next one booked after it (issue 34:
        // turns booked 5 s apart were stored 2.5 s apart on a loaded machine).
        let clock = ContinuousClock.now
        let late = ArticlePageFetcher.Result.later(clock.advanced(by: .milliseconds(-2500)), now: clock)
        guard case .later(let wait) = late.outcome else {
            Issue.record("\(late.outcome)")
            return
        }
        #expect(wait == .milliseconds(-2500))
        let passed = fetched.recording(late, at: now, instant: clock)
        #expect(passed.nextCheckAt == now.addingTimeInterval(-2.5))
        // Recorded 3 s after the fetch returned (the caller resumed late): the page is still due
        // at the turn booked, counted from the fetch's return, not 3 s after it.
        let resumedLate = fetched.recording(late, at: now, instant: clock.advanced(by: .seconds(3)))
        #expect(resumedLate.nextCheckAt == now.addingTimeInterval(-5.5))
        // Not an attempt: nothing else changes.
        #expect(passed.fetchedAt == fetched.fetchedAt && passed.failures == fetched.failures)
    }
}

extension ArticlePageRecordingTests {
    @Test("a page is followed for a week after an entry last asked for it, then left alone")
    func follow() {
        let eightDays = Self.start.addingTimeInterval(8 * 86_400)
        let old = Self.page.recording(Self.result(.notModified), at: eightDays)
        #expect(old.nextCheckAt == eightDays.addingTimeInterval(365 * 86_400))
        let fresh = Self.page.recording(Self.result(.notModified), at: Self.start.addingTimeInterval(86_400))
        #expect(fresh.nextCheckAt == Self.start.addingTimeInterval(86_400 + 6 * 3600))
    }
}
