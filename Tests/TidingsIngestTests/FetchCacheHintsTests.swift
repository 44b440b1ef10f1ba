import FeedParsing
import Foundation
import Testing

@testable import TidingsIngest

/// Freshness, Retry-After, HTTP dates and Content-Type, from header values alone.
@Suite("Fetch: cache hints and header values")
struct FetchCacheHintsTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    func hints(_ cacheControl: String?, expires: String? = nil, date: String? = nil, age: String? = nil) -> CacheHints {
        CacheHints(cacheControl: cacheControl, expires: expires, date: date, age: age, now: Self.now)
    }

    @Test("Cache-Control: s-maxage over max-age, no-cache is 0, no-store is reported, Age is subtracted")
    func cacheControl() {
        #expect(hints("max-age=300").freshness == 300)
        #expect(hints("public, MAX-AGE=\"600\"").freshness == 600)
        #expect(hints("max-age=300, s-maxage=900").freshness == 900)
        #expect(hints("no-cache, max-age=300").freshness == 0)
        #expect(hints("no-cache=\"Set-Cookie\", max-age=300").freshness == 300, "a qualified no-cache is about a field")
        #expect(hints("max-age=300", age: "100").freshness == 200)
        #expect(hints("max-age=300", age: "400").freshness == 0)
        #expect(hints("max-age=-1").freshness == nil)
        #expect(hints("max-age=soon").freshness == nil)
        #expect(hints("no-store").noStore)
        #expect(hints("no-store").freshness == nil)
        #expect(!hints("max-age=1").noStore)
        #expect(hints(nil).freshness == nil)
    }

    @Test("Expires counts from Date; an unreadable Expires means already stale; max-age wins")
    func expires() {
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        #expect(hints(nil, expires: "Sun, 06 Nov 1994 09:49:37 GMT", date: date).freshness == 3600)
        #expect(hints(nil, expires: "Sun, 06 Nov 1994 07:49:37 GMT", date: date).freshness == 0)
        #expect(hints(nil, expires: "0", date: date).freshness == 0)
        #expect(hints("max-age=5", expires: "0").freshness == 5)
        let inAnHour = "Wed, 18 Nov 2026 12:06:40 GMT"
        #expect(hints(nil, expires: inAnHour).freshness == 3600, "no Date: measured from now")
    }

    @Test("Retry-After as seconds or as a date")
    func retryAfter() {
        #expect(CacheHints.retryAfter("120", date: nil, now: Self.now) == 120)
        #expect(CacheHints.retryAfter(" 0 ", date: nil, now: Self.now) == 0)
        #expect(
            CacheHints.retryAfter("Sun, 06 Nov 1994 08:51:37 GMT", date: "Sun, 06 Nov 1994 08:49:37 GMT", now: Self.now)
                == 120)
        #expect(CacheHints.retryAfter("Sun, 06 Nov 1994 08:51:37 GMT", date: nil, now: Self.now) == 0)
        #expect(CacheHints.retryAfter("-5", date: nil, now: Self.now) == nil)
        #expect(CacheHints.retryAfter("soon", date: nil, now: Self.now) == nil)
        #expect(CacheHints.retryAfter(nil, date: nil, now: Self.now) == nil)
    }

    @Test("the three HTTP date formats, and nothing else")
    func dates() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(HTTPDate.parse("Tue, 29 Feb 2028 23:59:59 GMT") == Date(timeIntervalSince1970: 1_835_481_599))
        for text in [
            "", "0", "-1", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT", "2026-11-21T10:00:00Z",
        ] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }

    @Test("Content-Type splits into a lowercased media type and its charset, the parameter in any case")
    func mediaType() {
        let rss = MediaType(header: "application/RSS+xml; charset=\"windows-1251\"")
        #expect(rss.type == "application/rss+xml" && rss.charset == "windows-1251")
        let xml = MediaType(header: "text/xml;Charset=UTF-8;foo=bar")
        #expect(xml.type == "text/xml" && xml.charset == "UTF-8")
        #expect(MediaType(header: "text/xml; CHARSET=koi8-r").charset == "koi8-r")
        let json = MediaType(header: "application/json")
        #expect(json.type == "application/json" && json.charset == nil)
        #expect(MediaType(header: nil) == MediaType(header: ""))
        #expect(MediaType(header: nil).type == nil && MediaType(header: nil).charset == nil)
    }
}
