import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("Dates from every module, in one precedence", .ownThreads)
struct DatePrecedenceTests {
    static let early = "2026-01-01T00:00:00Z"
    static let late = "2026-06-01T00:00:00Z"
    static let earlyDate = Date(timeIntervalSince1970: 1_767_225_600)
    static let lateDate = Date(timeIntervalSince1970: 1_780_272_000)

    @Test(
        "an item's published and updated dates follow one precedence, whatever the order of the elements",
        arguments: [
            ("<dcterms:issued>\(early)</dcterms:issued>", earlyDate, nil),
            ("<dcterms:created>\(early)</dcterms:created>", earlyDate, nil),
            ("<dc:date>\(early)</dc:date>", earlyDate, nil),
            ("<dcterms:modified>\(late)</dcterms:modified>", nil, lateDate),
            // A dc:date beside a better publication date that says another time is the update
            // (craigslist.rss: dcterms:issued and dc:date); the same time is not repeated.
            ("<dc:date>\(late)</dc:date><pubDate>Thu, 01 Jan 2026 00:00:00 GMT</pubDate>", earlyDate, lateDate),
            ("<dc:date>\(late)</dc:date><dcterms:created>\(early)</dcterms:created>", earlyDate, lateDate),
            ("<dcterms:issued>\(early)</dcterms:issued><dc:date>\(early)</dc:date>", earlyDate, nil),
            (
                "<dc:date>\(late)</dc:date><dcterms:issued>\(early)</dcterms:issued><dcterms:modified>\(early)</dcterms:modified>",
                earlyDate, earlyDate
            ),
            ("<dcterms:created>\(late)</dcterms:created><dcterms:issued>\(early)</dcterms:issued>", earlyDate, nil),
            (
                "<dcterms:modified>\(late)</dcterms:modified><dcterms:issued>\(early)</dcterms:issued>", earlyDate,
                lateDate
            ),
        ] as [(String, Date?, Date?)])
    func itemDates(_ elements: String, _ published: Date?, _ updated: Date?) throws {
        let feed = try parse(
            rss("<item><title>a</title>\(elements)</item>").replacingOccurrences(
                of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:dcterms=\"http://purl.org/dc/terms/\""))
        let entry = try #require(feed.entries.first)
        #expect(entry.published == published)
        #expect(entry.updated == updated)
        #expect(feed.warnings.isEmpty)
    }

    @Test(
        "the feed's updated date: the last-modified kind first, then dc:date, then the publication kind",
        arguments: [
            ("<dcterms:modified>\(late)</dcterms:modified><lastBuildDate>bad</lastBuildDate>", lateDate),
            ("<dc:date>\(early)</dc:date><dcterms:modified>\(late)</dcterms:modified>", lateDate),
            ("<pubDate>Thu, 01 Jan 2026 00:00:00 GMT</pubDate><dc:date>\(late)</dc:date>", lateDate),
            ("<dcterms:issued>\(early)</dcterms:issued>", earlyDate),
            ("<dcterms:created>\(early)</dcterms:created>", earlyDate),
        ] as [(String, Date)])
    func feedDates(_ elements: String, _ updated: Date) throws {
        let feed = try parse(
            rss("", channel: "<title>T</title>\(elements)").replacingOccurrences(
                of: "<rss version=\"2.0\"", with: "<rss version=\"2.0\" xmlns:dcterms=\"http://purl.org/dc/terms/\""))
        #expect(feed.updated == updated)
    }
}
