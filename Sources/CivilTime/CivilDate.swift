/// Dates of the proleptic Gregorian calendar as whole days from 1970-01-01, and back, without
/// `Calendar` (slow, and locale-bound): Howard Hinnant's `days_from_civil` and `civil_from_days`.
/// The feed parser, the feed writers and the HTTP-date reader all read or write dates by this one
/// rule.
package enum CivilDate {
    /// Days from 1970-01-01 to `year-month-day` (negative before it). `month` 1…12; the day is not
    /// checked against the month (see `days(in:of:)`).
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (before it when negative).
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whole seconds since 1970 as the day they fall in and the second of that day (0…86,399),
    /// rounding towards the past for instants before 1970.
    package static func split(seconds: Int) -> (days: Int, secondOfDay: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (days, seconds - days * 86_400)
    }

    /// The day of the week of the day `days` after 1970-01-01: 0 Sunday … 6 Saturday.
    package static func weekday(days: Int) -> Int {
        ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4).
    }

    /// How many days `month` (1…12) has in `year`.
    package static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
