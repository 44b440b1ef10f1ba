import CivilTime
import Foundation

// The pieces FeedDate reads, each from ASCII bytes.
extension FeedDate {
    struct Time {
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = 0.0
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }

    static func trim(_ b: inout [UInt8]) {
        while let last = b.last, last <= 32 { b.removeLast() }
        let leading = b.prefix(while: { $0 <= 32 }).count
        if leading > 0 { b.removeFirst(leading) }
    }

    /// Exactly `count` digits at `i`.
    static func digits(_ b: [UInt8], _ i: inout Int, exactly count: Int) -> Int? {
        guard i + count <= b.count else { return nil }
        var value = 0
        for k in i..<i + count {
            guard isDigit(b[k]) else { return nil }
            value = value * 10 + Int(b[k] - 48)
        }
        i += count
        return value
    }

    /// The digits after a decimal point, as a fraction of a second.
    static func fraction(_ b: [UInt8], _ i: inout Int) -> Double {
        var value = 0.0
        var scale = 0.1
        while i < b.count, isDigit(b[i]) {
            value += Double(b[i] - 48) * scale
            scale /= 10
            i += 1
        }
        return value
    }

    /// `HH:MM[:SS[.fraction]]` with one- or two-digit hours.
    static func clock(_ b: [UInt8], _ i: inout Int) -> Time? {
        var time = Time()
        func number() -> Int? {
            let start = i
            var value = 0
            while i < b.count, isDigit(b[i]), i - start < 2 {
                value = value * 10 + Int(b[i] - 48)
                i += 1
            }
            return i > start ? value : nil
        }
        guard let hour = number(), i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        guard let minute = number() else { return nil }
        time.hour = hour
        time.minute = minute
        if i < b.count, b[i] == UInt8(ascii: ":") {
            i += 1
            guard let second = number() else { return nil }
            time.second = second
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                time.fraction = fraction(b, &i)
            }
        }
        return time
    }

    /// `+0300`, `-05:00`, `+3`, `+03`: seconds east of UTC.
    static func numericOffset(_ b: [UInt8], _ i: inout Int) -> Int? {
        guard i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return nil }
        let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
        var j = i + 1
        var digitsSeen: [Int] = []
        while j < b.count, digitsSeen.count < 4 {
            if isDigit(b[j]) {
                digitsSeen.append(Int(b[j] - 48))
            } else if b[j] != UInt8(ascii: ":") || digitsSeen.count != 2 {
                break
            }
            j += 1
        }
        let hours: Int
        let minutes: Int
        switch digitsSeen.count {
        case 1: (hours, minutes) = (digitsSeen[0], 0)
        case 2: (hours, minutes) = (digitsSeen[0] * 10 + digitsSeen[1], 0)
        case 3: (hours, minutes) = (digitsSeen[0], digitsSeen[1] * 10 + digitsSeen[2])
        case 4: (hours, minutes) = (digitsSeen[0] * 10 + digitsSeen[1], digitsSeen[2] * 10 + digitsSeen[3])
        default: return nil
        }
        guard hours <= 14, minutes < 60 else { return nil }
        i = j
        return sign * (hours * 3600 + minutes * 60)
    }

    /// A zone name at `i` (ISO 8601 variants sometimes end in "UTC" or "GMT").
    static func zone(_ b: [UInt8], _ i: inout Int) -> Int? {
        let start = i
        var j = i
        while j < b.count, isLetter(b[j]) { j += 1 }
        guard j > start, let offset = zoneName(b[start..<j].map { $0 | 0x20 }) else { return nil }
        i = j
        return offset
    }

    private static let zones: [String: Int] = [
        "z": 0, "ut": 0, "utc": 0, "gmt": 0, "wet": 0, "bst": 3600, "ist": 19_800, "cet": 3600, "cest": 7200,
        "met": 3600, "mest": 7200, "eet": 7200, "eest": 10_800, "msk": 10_800, "msd": 14_400, "est": -18_000,
        "edt": -14_400, "cst": -21_600, "cdt": -18_000, "mst": -25_200, "mdt": -21_600, "pst": -28_800,
        "pdt": -25_200, "akst": -32_400, "akdt": -28_800, "hst": -36_000, "jst": 32_400, "kst": 32_400,
        "aest": 36_000, "aedt": 39_600, "nzst": 43_200, "nzdt": 46_800,
    ]

    /// Seconds east of UTC for a lower-case zone name.
    static func zoneName(_ word: [UInt8]) -> Int? { zones[String(decoding: word, as: UTF8.self)] }

    // Three-letter month prefixes: English, then the unambiguous ones of Portuguese, Spanish,
    // French, Italian, German and Nordic feeds ("set" is September in Portuguese and Italian, "maj"
    // May in Swedish and Danish, "des" December in Norwegian, "sze" September in Hungarian). Accents
    // are folded first, so French "déc", "févr", "août" and Hungarian "június" are found here too.
    private static let months: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
        "nov": 11, "dec": 12, "gen": 1, "ene": 1, "fev": 2, "mrz": 3, "abr": 4, "avr": 4, "mai": 5, "mag": 5,
        "giu": 6, "lug": 7, "ago": 8, "set": 9, "out": 10, "okt": 10, "ott": 10, "dez": 12, "dic": 12,
        "maj": 5, "des": 12, "aou": 8, "sze": 9,
    ]

    // Greek feeds localise RFC 822 dates ("Τρι, 03 Ιούν 2025"), accents folded: June and July
    // share three letters, so four are compared for them ("Ιον"/"Ιολ" are older spellings).
    private static let greekMonths: [String: Int] = [
        "ιαν": 1, "φεβ": 2, "μαρ": 3, "απρ": 4, "μαι": 5, "ιον": 6, "ιολ": 7, "αυγ": 8, "σεπ": 9, "οκτ": 10,
        "νοε": 11, "δεκ": 12, "ιουν": 6, "ιουλ": 7,
    ]

    enum Meridiem { case am, pm }

    /// Korean date words: year, month and day marks (년, 월, 일: `.some(nil)`) and 오전/오후 (a.m./p.m.),
    /// nil for any other word.
    static func koreanMark(_ word: [UInt8]) -> Meridiem?? {
        guard word.first.map({ $0 >= 0xE0 }) == true else { return nil }
        switch String(decoding: word, as: UTF8.self) {
        case "년", "월", "일": return .some(nil)
        case "오전": return .am
        case "오후": return .pm
        default: return nil
        }
    }

    /// 1…12 for a lower-case month name or abbreviation: by its first three letters ("nov",
    /// "setembro", French "juin" / "juil", Greek "Ιούν"), the common case and the cheapest, else a
    /// whole word `MonthName` knows ("mei", "września", "декабря").
    static func monthNumber(_ word: [UInt8]) -> Int? {
        var text = String(decoding: word, as: UTF8.self)
        if word.contains(where: { $0 >= 0x80 }) {
            text = MonthName.fold(text)
            if let found = greekMonths[String(text.prefix(4))] ?? greekMonths[String(text.prefix(3))] { return found }
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return MonthName.numbers[text] }
        }
        if (3...10).contains(text.utf8.count) {  // "mai" to "szeptember"
            if text.hasPrefix("juin") { return 6 }
            if text.hasPrefix("juil") { return 7 }
            if let found = months[String(text.prefix(3))] { return found }
        }
        return MonthName.numbers[text]  // lower case and folded already
    }

    /// Whether a lower-case word is a day name or its abbreviation.
    static func weekday(_ word: [UInt8]) -> Bool {
        let text = String(decoding: word, as: UTF8.self)
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        return text.count >= 2 && days.contains { $0.hasPrefix(text) }
    }

    /// Two-digit years as RFC 2822 reads them: 00–49 → 2000s, 50–99 → 1900s.
    static func expandYear(_ number: (value: Int, width: Int)) -> Int {
        guard number.width <= 2 else { return number.value }
        return number.value < 50 ? 2000 + number.value : 1900 + number.value
    }

    /// The instant of a civil date and time at `offset` seconds east of UTC, or nil when a field is
    /// out of range, by `CivilDate` (no Calendar).
    static func make(year: Int, month: Int, day: Int, time: Time, offset: Int) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= CivilDate.days(in: month, of: year),
            time.hour <= 24, time.minute < 60, time.second <= 60,
            time.hour < 24 || (time.minute == 0 && time.second == 0)
        else { return nil }
        let seconds =
            CivilDate.days(year: year, month: month, day: day) * 86_400 + time.hour * 3600 + time.minute * 60
            + min(time.second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + time.fraction)
    }
}
