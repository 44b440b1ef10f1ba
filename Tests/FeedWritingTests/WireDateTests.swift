import Foundation
import Testing

@testable import FeedWriting

@Suite("Wire dates")
struct WireDateTests {
    @Test(
        "known instants in RFC 822 and RFC 3339",
        arguments: [
            (0, "Thu, 01 Jan 1970 00:00:00 +0000", "1970-01-01T00:00:00Z"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 +0000", "2000-02-29T00:00:00Z"),
            (-1, "Wed, 31 Dec 1969 23:59:59 +0000", "1969-12-31T23:59:59Z"),
            (1_795_255_200.9, "Sat, 21 Nov 2026 10:00:00 +0000", "2026-11-21T10:00:00Z"),
            (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 +0000", "9999-12-31T23:59:59Z"),
            (1e15, "Fri, 31 Dec 9999 23:59:59 +0000", "9999-12-31T23:59:59Z"),
            (-1e15, "Mon, 01 Jan 0001 00:00:00 +0000", "0001-01-01T00:00:00Z"),
        ])
    func known(_ seconds: Double, _ rfc822: String, _ rfc3339: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(WireDate.rfc822(date) == rfc822)
        #expect(WireDate.rfc3339(date) == rfc3339)
    }

    @Test("formatting agrees with DateFormatter over 2,000 instants spread from 1900 to 2200")
    func agreesWithFoundation() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        // An odd stride, so the instants fall at all times of day and on every weekday.
        for step in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double(-2_208_988_800 + step * 4_741_471))
            #expect(WireDate.rfc822(date) == formatter.string(from: date))
        }
    }
}
