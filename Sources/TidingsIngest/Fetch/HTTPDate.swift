import CivilTime
import Foundation

/// Reads the three date formats HTTP recipients must accept (RFC 9110 §5.6.7) without a `DateFormatter`:
/// IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT` and
/// asctime `Sun Nov  6 08:49:37 1994`.
enum HTTPDate {
    /// The instant `text` names, or nil when it is none of the three formats.
    static func parse(_ text: String) -> Date? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" }.map(String.init)
        guard tokens.count >= 5, tokens.count <= 6 else { return nil }
        let asctime = tokens.count == 5
        guard !asctime || tokens[4].count == 4 else { return nil }
        let dayText = asctime ? tokens[2] : tokens[1]
        let monthText = asctime ? tokens[1] : tokens[2]
        let yearText = asctime ? tokens[4] : tokens[3]
        let timeText = asctime ? tokens[3] : tokens[4]
        guard asctime || tokens[5] == "GMT",
            let day = number(dayText, digits: 1...2), (1...31).contains(day),
            let month = months.firstIndex(of: monthText),
            var year = number(yearText, digits: 2...4), yearText.count != 3
        else { return nil }
        if yearText.count == 2 { year += year < 70 ? 2000 : 1900 }
        let clock = timeText.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard clock.count == 3,
            let hour = number(clock[0], digits: 2...2), hour < 24,
            let minute = number(clock[1], digits: 2...2), minute < 60,
            let second = number(clock[2], digits: 2...2), second < 61
        else { return nil }
        let days = CivilDate.days(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func number(_ text: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
