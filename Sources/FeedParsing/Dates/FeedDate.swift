import Foundation

/// Dates as feeds write them: RFC 822/1123 and their real-world deviations (two-digit years, no
/// seconds, no day name, zone names such as EST or MSK, `GMT+3`, no zone at all), ISO 8601 /
/// RFC 3339 variants, and lenient fallbacks (`2026/11/21 10:00`, `21.11.2026`, JavaScript's
/// `Sat Nov 21 2026 10:00:00 GMT+0300 (MSK)`).
///
/// Parsed from the bytes with no `DateFormatter`: building formatters is where slow feed parsers
/// spend most of their time (../shared/MEASURED.md). Unparseable text is nil, never "now".
public enum FeedDate {
    /// The instant `text` names, or nil. Without a zone, UTC is assumed.
    public static func parse(_ text: some StringProtocol) -> Date? {
        var bytes = Array(text.utf8)
        trim(&bytes)
        guard !bytes.isEmpty, bytes.count <= 128 else { return nil }
        if let date = iso8601(bytes) { return date }
        if let date = rfc822(bytes) { return date }
        return lenient(bytes)
    }

    // MARK: ISO 8601 / RFC 3339

    /// `YYYY-MM-DD`, then optionally `T` or a space, `HH:MM[:SS[.fraction]]` and `Z` / `±HH[:MM]`.
    /// Also the basic form `YYYYMMDDTHHMMSSZ`.
    static func iso8601(_ b: [UInt8]) -> Date? {
        var i = 0
        guard let year = digits(b, &i, exactly: 4) else { return nil }
        let extended = i < b.count && b[i] == UInt8(ascii: "-")
        if extended { i += 1 }
        guard let month = digits(b, &i, exactly: 2) else { return nil }
        if extended {
            guard i < b.count, b[i] == UInt8(ascii: "-") else { return nil }
            i += 1
        }
        guard let day = digits(b, &i, exactly: 2) else { return nil }
        var time = Time()
        var offset = 0
        if i < b.count {
            guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ") else {
                return nil
            }
            i += 1
            guard let hour = digits(b, &i, exactly: 2) else { return nil }
            time.hour = hour
            if i < b.count, b[i] == UInt8(ascii: ":") { i += 1 }
            guard let minute = digits(b, &i, exactly: 2) else { return nil }
            time.minute = minute
            if i < b.count, b[i] == UInt8(ascii: ":") || (!extended && isDigit(b[i])) {
                if b[i] == UInt8(ascii: ":") { i += 1 }
                guard let second = digits(b, &i, exactly: 2) else { return nil }
                time.second = second
                if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                    i += 1
                    time.fraction = fraction(b, &i)
                }
            }
            while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
            if i < b.count {
                if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                    i += 1
                } else if let parsed = numericOffset(b, &i) {
                    offset = parsed
                } else if let parsed = zone(b, &i) {
                    offset = parsed
                } else {
                    return nil
                }
            }
            guard i == b.count else { return nil }
        }
        return make(year: year, month: month, day: day, time: time, offset: offset)
    }

    // MARK: Everything else

    /// Reads tokens in any order: a month name, a 4-digit (or 2-digit) year, a day, a time with
    /// colons, and a zone (a name, `GMT+3`, `+0300`). Day names and parenthesized comments are skipped.
    static func lenient(_ b: [UInt8]) -> Date? {
        var numbers: [(value: Int, width: Int)] = []
        var month: Int?
        var time: Time?
        var offset: Int?
        var meridiem: Meridiem?
        var korean = false
        var i = 0
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "(") {  // "(MSK)", "(Moscow Standard Time)": a comment
                while i < b.count, b[i] != UInt8(ascii: ")") { i += 1 }
                i += 1
            } else if isDigit(c) {
                let start = i
                var value = 0
                while i < b.count, isDigit(b[i]), i - start < 9 {
                    value = value * 10 + Int(b[i] - 48)
                    i += 1
                }
                if i < b.count, b[i] == UInt8(ascii: ":"), time == nil {
                    i = start
                    time = clock(b, &i)
                    guard time != nil else { return nil }
                } else {
                    numbers.append((value, i - start))
                }
            } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-"), offset == nil,
                time != nil || numbers.count >= 3
            {
                guard let parsed = numericOffset(b, &i) else { return nil }
                offset = parsed
            } else if isLetter(c) || c >= 0x80 {
                let start = i
                while i < b.count, isLetter(b[i]) || b[i] >= 0x80 { i += 1 }
                let word = Array(b[start..<i]).map { $0 < 0x80 ? $0 | 0x20 : $0 }
                if month == nil, numbers.isEmpty, time == nil, i < b.count, b[i] == UInt8(ascii: ",") {
                    continue  // "Seg,", "mer,", "mar,": a day name in any language, never a month
                } else if let mark = koreanMark(word) {
                    // "2025년 06월 03일 09:39:21", "2025-06-01 오후 11:23:17": Korea's own hours.
                    korean = true
                    if let mark { meridiem = mark }
                } else if month == nil, let found = monthNumber(word) {
                    month = found
                } else if time != nil || numbers.count >= 3, offset == nil, let zoneOffset = zoneName(word) {
                    // "GMT+3", "UTC+03:00", "GMT-0500"
                    var j = i
                    if j < b.count, b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-"),
                        let extra = numericOffset(b, &j)
                    {
                        offset = zoneOffset + extra
                        i = j
                    } else {
                        offset = zoneOffset
                    }
                } else if word == Array("am".utf8) || word == Array("pm".utf8) {
                    if time != nil { meridiem = word == Array("pm".utf8) ? .pm : .am }
                } else if weekday(word) || word == Array("at".utf8) || word == Array("t".utf8) {
                    continue
                } else {
                    return nil  // an unknown word: better nil than a wrong date
                }
            } else {
                i += 1  // separators: space , . / -
            }
        }
        if let meridiem, var t = time {
            if meridiem == .pm, t.hour < 12 { t.hour += 12 }
            if meridiem == .am, t.hour == 12 { t.hour = 0 }
            time = t
        }
        if korean, offset == nil { offset = 9 * 3600 }
        // RFC 822's obsolete time without a colon: "03 Apr 02 1500 GMT".
        if month != nil, time == nil, numbers.count == 3, numbers[2].width == 4, numbers[2].value % 100 < 60,
            numbers[2].value / 100 < 24
        {
            time = Time(hour: numbers[2].value / 100, minute: numbers[2].value % 100)
            numbers.removeLast()
        }
        let (year, day): (Int, Int)
        if let month {
            guard numbers.count == 2 else { return nil }
            if numbers[0].width == 4 {
                (year, day) = (numbers[0].value, numbers[1].value)
            } else if numbers[1].width == 4 || numbers[1].width == 2 {
                (year, day) = (expandYear(numbers[1]), numbers[0].value)
            } else {
                return nil
            }
            return make(year: year, month: month, day: day, time: time ?? Time(), offset: offset ?? 0)
        }
        // Numbers only: 2026/11/21 or 21.11.2026 (day first, as everywhere but the US).
        guard numbers.count == 3 else { return nil }
        if numbers[0].width == 4 {
            return make(
                year: numbers[0].value, month: numbers[1].value, day: numbers[2].value, time: time ?? Time(),
                offset: offset ?? 0)
        }
        guard numbers[2].width == 4 else { return nil }
        return make(
            year: numbers[2].value, month: numbers[1].value, day: numbers[0].value, time: time ?? Time(),
            offset: offset ?? 0)
    }
}
