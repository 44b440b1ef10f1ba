import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("Feed dates", .ownThreads)
struct FeedDateTests {
    /// Formats a parsed date for comparison, in UTC with milliseconds.
    static func iso(_ date: Date?) -> String? {
        guard let date else { return nil }
        var style = Date.ISO8601FormatStyle(includingFractionalSeconds: false)
        style.timeZone = TimeZone(identifier: "UTC")!
        return style.format(date)
    }

    @Test(
        "reads RFC 822 / 1123 as feeds write it",
        arguments: [
            ("Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 +0300", "2026-11-21T07:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 -05:00", "2026-11-21T15:00:00Z"),
            ("21 Nov 2026 10:00:00 +0000", "2026-11-21T10:00:00Z"),  // no day name
            ("Sat, 21 Nov 2026 10:00 GMT", "2026-11-21T10:00:00Z"),  // no seconds
            ("Sat, 21 Nov 26 10:00:00 GMT", "2026-11-21T10:00:00Z"),  // two-digit year
            ("Mon, 1 Nov 99 10:00:00 GMT", "1999-11-01T10:00:00Z"),  // two-digit year, last century
            ("Sat, 21 Nov 2026 10:00:00", "2026-11-21T10:00:00Z"),  // no zone: UTC
            ("Sat,21 Nov 2026 10:00:00 GMT", "2026-11-21T10:00:00Z"),  // no space after the comma
            ("Saturday, 21 November 2026 10:00:00 GMT", "2026-11-21T10:00:00Z"),  // full names
            ("Sat, 21 Sept 2026 10:00:00 GMT", "2026-09-21T10:00:00Z"),
            ("  Sat, 21 Nov 2026 10:00:00 GMT\n", "2026-11-21T10:00:00Z"),  // whitespace around
            ("sat, 21 nov 2026 10:00:00 gmt", "2026-11-21T10:00:00Z"),  // lower case
            ("03 Apr 02 1500 GMT", "2002-04-03T15:00:00Z"),  // obsolete HHMM time (a real feed)
        ])
    func rfc822(_ text: String, _ expected: String) {
        #expect(Self.iso(FeedDate.parse(text)) == expected)
    }

    @Test(
        "knows zone names and GMT offsets",
        arguments: [
            ("Sat, 21 Nov 2026 10:00:00 EST", "2026-11-21T15:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 PDT", "2026-11-21T17:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 MSK", "2026-11-21T07:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 UT", "2026-11-21T10:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 Z", "2026-11-21T10:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 GMT+3", "2026-11-21T07:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 GMT+03:00", "2026-11-21T07:00:00Z"),
            ("Sat, 21 Nov 2026 10:00:00 UTC-0530", "2026-11-21T15:30:00Z"),
            ("Sat Nov 21 2026 10:00:00 GMT+0300 (Moscow Standard Time)", "2026-11-21T07:00:00Z"),  // JavaScript
            ("Sat Nov 21 10:00:00 MSK 2026", "2026-11-21T07:00:00Z"),  // date(1)
        ])
    func zones(_ text: String, _ expected: String) {
        #expect(Self.iso(FeedDate.parse(text)) == expected)
    }

    @Test(
        "reads day and month names of other languages in RFC 822 dates (real feeds do this)",
        arguments: [
            ("Seg, 24 Set 2018 19:18:49 -0300", "2018-09-24T22:18:49Z"),  // Portuguese
            ("mer, 16 nov 2022 00:38:15 +0100", "2022-11-15T23:38:15Z"),  // French
            ("mar, 15 nov 2022 10:00:00 +0100", "2022-11-15T09:00:00Z"),  // "mar," is Tuesday, not March
            ("Di, 12 Okt 2021 08:00:00 +0200", "2021-10-12T06:00:00Z"),  // German
            ("lun, 05 dic 2022 10:00:00 GMT", "2022-12-05T10:00:00Z"),  // Spanish / Italian
            ("12 juin 2023 10:00", "2023-06-12T10:00:00Z"),
            ("Сб, 21 ноя 2026 10:15:00 +0300", "2026-11-21T07:15:00Z"),  // Russian
            ("9 мая 2026 12:00 MSK", "2026-05-09T09:00:00Z"),
            ("Τρι, 03 Ιούν 2025 09:39:21 GMT", "2025-06-03T09:39:21Z"),  // Greek: June and July share "Ιού"
            ("Πεμ, 17 Ιουλ 2025 10:00:00 +0300", "2025-07-17T07:00:00Z"),
            ("Παρ, 30 Μάι 2025 11:15:00 GMT", "2025-05-30T11:15:00Z"),
            ("2025-június-03T9:39+02:00", "2025-06-03T07:39:00Z"),  // Hungarian W3CDTF
            ("2025-szeptember-01T10:00+02:00", "2025-09-01T08:00:00Z"),
            ("fre, 12 des 2025 08:00:00 +0100", "2025-12-12T07:00:00Z"),  // Norwegian
            ("tis, 6 maj 2025 08:00:00 +0200", "2025-05-06T06:00:00Z"),  // Swedish
            ("12 déc. 2025 10:00", "2025-12-12T10:00:00Z"),  // French, accents folded
            ("3 août 2025 10:00", "2025-08-03T10:00:00Z"),
            ("3 März 2025 10:00", "2025-03-03T10:00:00Z"),
            // Whole month names `MonthName` knows whose first three letters name no month.
            ("4 mei 2026 09:00 +0200", "2026-05-04T07:00:00Z"),  // Dutch
            ("7 września 2025 12:00 +0200", "2025-09-07T10:00:00Z"),  // Polish
            ("4. joulukuuta 2026 08:00 +0200", "2026-12-04T06:00:00Z"),  // Finnish
            ("4 декабря 2026 10:00 +0300", "2026-12-04T07:00:00Z"),  // Russian, whole
        ])
    func otherLanguages(_ text: String, _ expected: String) {
        #expect(Self.iso(FeedDate.parse(text)) == expected)
    }

    @Test(
        "reads Korean dates in Korea's hours unless a zone is written (the forms feedparser documents)",
        arguments: [
            ("2025년 06월 03일 09:39:21", "2025-06-03T00:39:21Z"),  // OnBlog
            ("2025-06-01 오후 11:23:17", "2025-06-01T14:23:17Z"),  // Nate: 오후 is p.m.
            ("2025-05-28 오전 8:05:00", "2025-05-27T23:05:00Z"),  // 오전 is a.m.
            ("2025-05-28 오전 12:05:00", "2025-05-27T15:05:00Z"),  // 12 a.m. is midnight
            ("2025년 06월 03일 09:39:21 +0000", "2025-06-03T09:39:21Z"),
        ])
    func korean(_ text: String, _ expected: String) {
        #expect(Self.iso(FeedDate.parse(text)) == expected)
    }

    @Test(
        "a word that is no month, day or mark still gives no date", arguments: ["2025 Ιούνιος-ish 03", "2025년 모름 03"])
    func unknownWords(_ text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    @Test(
        "reads ISO 8601 and RFC 3339 variants",
        arguments: [
            ("2026-11-21T10:00:00Z", "2026-11-21T10:00:00Z"),
            ("2026-11-21T10:00:00+03:00", "2026-11-21T07:00:00Z"),
            ("2026-11-21T10:00:00+0300", "2026-11-21T07:00:00Z"),
            ("2026-11-21T10:00:00-05", "2026-11-21T15:00:00Z"),
            ("2026-11-21T10:00Z", "2026-11-21T10:00:00Z"),  // no seconds
            ("2026-11-21 10:00:00", "2026-11-21T10:00:00Z"),  // space, no zone
            ("2026-11-21t10:00:00z", "2026-11-21T10:00:00Z"),
            ("2026-11-21T10:00:00 UTC", "2026-11-21T10:00:00Z"),
            ("2026-11-21", "2026-11-21T00:00:00Z"),  // date only
            ("20261121T100000Z", "2026-11-21T10:00:00Z"),  // basic format
        ])
    func iso8601(_ text: String, _ expected: String) {
        #expect(Self.iso(FeedDate.parse(text)) == expected)
    }

    @Test("keeps fractional seconds")
    func fractions() throws {
        let date = try #require(FeedDate.parse("2026-11-21T10:00:00.250Z"))
        #expect(date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) == 0.25)
        #expect(FeedDate.parse("2026-11-21T10:00:00,5Z") != nil)
    }

    @Test(
        "falls back to common numeric and spelled-out forms",
        arguments: [
            ("2026/11/21 10:00", "2026-11-21T10:00:00Z"),
            ("21.11.2026 10:00", "2026-11-21T10:00:00Z"),  // day first
            ("November 21, 2026 10:00 PM", "2026-11-21T22:00:00Z"),
            ("November 21, 2026 12:30 AM", "2026-11-21T00:30:00Z"),
            ("21 Nov 2026", "2026-11-21T00:00:00Z"),
        ])
    func lenient(_ text: String, _ expected: String) {
        #expect(Self.iso(FeedDate.parse(text)) == expected)
    }

    @Test(
        "refuses what it cannot read rather than guess",
        arguments: [
            "", "   ", "yesterday", "now", "Sat, 31 Nov 2026 10:00:00 GMT", "2026-02-29", "2026-13-01",
            "2026-11-21T25:00:00Z", "Sat, 21 Nov 2026 10:61:00 GMT", "11/21/2026", "Sat, 21 Foo 2026 10:00:00 GMT",
            "2026-11-21T10:00:00+1500", "12345", String(repeating: "1", count: 500),
        ])
    func refuses(_ text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }

    @Test("leap days and the end of the century rule")
    func leapYears() {
        #expect(Self.iso(FeedDate.parse("2024-02-29")) == "2024-02-29T00:00:00Z")
        #expect(FeedDate.parse("1900-02-29") == nil)
        #expect(Self.iso(FeedDate.parse("2000-02-29")) == "2000-02-29T00:00:00Z")
        #expect(Self.iso(FeedDate.parse("1969-12-31T23:59:59Z")) == "1969-12-31T23:59:59Z")
    }
}

@Suite("RFC 822 fast path", .ownThreads)
struct RFC822FastPathTests {
    @Test(
        "the canonical form reads the same through the fast path as through the general reader",
        arguments: [
            "Sat, 21 Nov 2026 10:00:00 +0300", "21 Nov 2026 10:00 GMT", "Mon, 1 Jan 2024 00:00:00 UT",
            "Tue, 02 Feb 2021 23:59:60 -0000", "Sun, 29 Feb 2032 12:30:00 Z", "Wed, 3 MAR 1999 05:06:07 utc",
        ])
    func agrees(_ text: String) throws {
        let bytes = Array(text.utf8)
        let fast = try #require(FeedDate.rfc822(bytes))
        #expect(fast == FeedDate.lenient(bytes))
    }

    @Test(
        "anything else is left to the general reader",
        arguments: [
            "Sat, 21 Nov 2026 10:00:00 EST", "21 November 2026 10:00 GMT", "Sat, 21 Nov 26 10:00:00 GMT",
            "Sat, 31 Nov 2026 10:00:00 GMT", "Sat 21 Nov 2026 10:00:00 +0300",
        ])
    func declines(_ text: String) {
        #expect(FeedDate.rfc822(Array(text.utf8)) == nil)
    }
}
