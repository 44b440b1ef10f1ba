import CivilTime
import Foundation
import Testing

/// The one calendar rule the parser, the writers and the HTTP-date reader share, against
/// Foundation's Gregorian calendar in UTC.
@Suite("Civil dates")
struct CivilDateTests {
    static let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Foundation's Gregorian calendar is Julian before 15 October 1582; ISO 8601, RFC 3339 and
    /// this rule are proleptic Gregorian, so they are compared from 1583 on.
    @Test("days from 1970 and back agree with Calendar, leap days and centuries included")
    func againstCalendar() throws {
        var generator = SystemRandomNumberGenerator()
        let fixed = [
            (1970, 1, 1), (1969, 12, 31), (2000, 2, 29), (1900, 3, 1), (2100, 2, 28), (1583, 1, 1), (9999, 12, 31),
        ]
        let random = (0..<2_000).map { _ in
            let year = Int.random(in: 1583...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            return (year, month, Int.random(in: 1...CivilDate.days(in: month, of: year), using: &generator))
        }
        for (year, month, day) in fixed + random {
            let date = try #require(Self.gregorian.date(from: DateComponents(year: year, month: month, day: day)))
            let days = CivilDate.days(year: year, month: month, day: day)
            #expect(Double(days) * 86_400 == date.timeIntervalSince1970, "\(year)-\(month)-\(day)")
            #expect(CivilDate.date(days: days) == (year, month, day))
            #expect(CivilDate.weekday(days: days) == Self.gregorian.component(.weekday, from: date) - 1)
        }
    }

    @Test("the first day of year 1, proleptic: 0001-01-01T00:00:00Z is -62135596800")
    func yearOne() {
        #expect(CivilDate.days(year: 1, month: 1, day: 1) * 86_400 == -62_135_596_800)
        #expect(CivilDate.date(days: -719_162) == (1, 1, 1))
        #expect(CivilDate.weekday(days: -719_162) == 1, "a Monday")
    }

    @Test("an instant before 1970 falls in the day before, not the day after")
    func split() {
        #expect(CivilDate.split(seconds: 0) == (0, 0))
        #expect(CivilDate.split(seconds: -1) == (-1, 86_399))
        #expect(CivilDate.split(seconds: 86_400 * 3 + 5) == (3, 5))
        #expect(CivilDate.days(in: 2, of: 1900) == 28 && CivilDate.days(in: 2, of: 2000) == 29)
    }
}
