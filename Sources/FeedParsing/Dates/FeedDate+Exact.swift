import CivilTime
import Foundation

// The date form of a parsed feed's JSON: ISO 8601 in UTC with as many fraction digits as it takes to
// read back the very same `Date`. Most feed dates are whole seconds and get none; an Atom date with
// `.25` gets `.25`. Reading builds the instant exactly as the parser does (whole seconds since 1970
// plus the fraction), so every date the parser gives survives a round trip bit for bit.
extension FeedDate {
    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, the shortest such text that `exactDate` reads back as `date`.
    /// Instants outside the years 0–10000, which the parser never gives, are clamped to them.
    public static func exactString(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        guard interval >= -62_167_219_200 else { return "0000-01-01T00:00:00Z" }
        guard interval < 253_433_923_200 else { return "10000-12-31T23:59:59Z" }
        // The parser made `date` from an interval since 1970; converting back may land one unit
        // in the last place away from it, so the neighbours are tried too.
        for candidate in [interval, interval.nextUp, interval.nextDown] {
            let whole = candidate.rounded(.down)
            let fraction = candidate - whole
            if fraction == 0 {
                let text = exactText(seconds: Int(whole), fraction: "")
                if exactDate(text) == date { return text }
                continue
            }
            var scale = 1.0
            for digits in 1...17 {
                scale *= 10
                let scaled = (fraction * scale).rounded()
                guard scaled > 0, scaled < scale else { continue }
                let text = exactText(seconds: Int(whole), fraction: padded(scaled, digits))
                if exactDate(text) == date { return text }
            }
        }
        let whole = interval.rounded(.down)
        let nanoseconds = min(((interval - whole) * 1e9).rounded(), 999_999_999)
        return exactText(seconds: Int(whole), fraction: padded(nanoseconds, 9))
    }

    /// The instant `exactString` wrote, or nil for any other text.
    public static func exactDate(_ text: some StringProtocol) -> Date? {
        let b = Array(text.utf8)
        var i = 0
        var year = 0
        while i < b.count, i < 5, isDigit(b[i]) {
            year = year * 10 + Int(b[i] - 48)
            i += 1
        }
        func expect(_ character: Character) -> Bool {
            guard i < b.count, b[i] == character.asciiValue else { return false }
            i += 1
            return true
        }
        guard i >= 4, expect("-"), let month = digits(b, &i, exactly: 2), (1...12).contains(month), expect("-"),
            let day = digits(b, &i, exactly: 2), day >= 1, day <= CivilDate.days(in: month, of: year), expect("T"),
            let hour = digits(b, &i, exactly: 2), hour < 24, expect(":"),
            let minute = digits(b, &i, exactly: 2), minute < 60, expect(":"),
            let second = digits(b, &i, exactly: 2), second < 60
        else { return nil }
        var fraction = 0.0
        if expect(".") {
            let start = i
            fraction = Self.fraction(b, &i)
            guard i > start else { return nil }
        }
        guard expect("Z"), i == b.count else { return nil }
        let seconds = CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func exactText(seconds: Int, fraction: String) -> String {
        let (days, clock) = CivilDate.split(seconds: seconds)
        let (year, month, day) = CivilDate.date(days: days)
        var text = two(year / 100) + two(year % 100) + "-" + two(month) + "-" + two(day)
        text += "T" + two(clock / 3600) + ":" + two(clock / 60 % 60) + ":" + two(clock % 60)
        return text + (fraction.isEmpty ? "" : "." + fraction) + "Z"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `value` (a whole number below 10^digits) as exactly `digits` digits.
    private static func padded(_ value: Double, _ digits: Int) -> String {
        let text = String(Int(value))
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
