import Foundation

/// The canonical RFC 822 / 1123 form most RSS dates take, read without allocating: the general
/// `lenient` reader builds a word array and a String per token, which showed in parse profiles.
extension FeedDate {
    /// `[Day, ]D[D] Mon YYYY HH:MM[:SS] (±HHMM | GMT | UT | UTC | Z)` exactly; nil for anything
    /// else (which `lenient` then reads).
    static func rfc822(_ b: [UInt8]) -> Date? {
        var i = 0
        if b.count > 5, isLetter(b[0]), isLetter(b[1]), isLetter(b[2]), b[3] == UInt8(ascii: ",") {
            i = 4
            while i < b.count, b[i] == 0x20 { i += 1 }
        }
        guard let day = number(b, &i, width: 1...2), space(b, &i), i + 3 <= b.count,
            let month = englishMonth(b[i], b[i + 1], b[i + 2])
        else { return nil }
        i += 3
        guard space(b, &i), let year = number(b, &i, width: 4...4), space(b, &i),
            let hour = number(b, &i, width: 2...2), colon(b, &i), let minute = number(b, &i, width: 2...2)
        else { return nil }
        var second = 0
        if i < b.count, b[i] == UInt8(ascii: ":") {
            i += 1
            guard let value = number(b, &i, width: 2...2) else { return nil }
            second = value
        }
        guard space(b, &i), let offset = zone822(b, &i), i == b.count else { return nil }
        var time = Time()
        (time.hour, time.minute, time.second) = (hour, minute, second)
        return make(year: year, month: month, day: day, time: time, offset: offset)
    }

    private static func number(_ b: [UInt8], _ i: inout Int, width: ClosedRange<Int>) -> Int? {
        let start = i
        var value = 0
        while i < b.count, i - start < width.upperBound, isDigit(b[i]) {
            value = value * 10 + Int(b[i] - 48)
            i += 1
        }
        return width.contains(i - start) ? value : nil
    }

    private static func space(_ b: [UInt8], _ i: inout Int) -> Bool {
        guard i < b.count, b[i] == 0x20 else { return false }
        while i < b.count, b[i] == 0x20 { i += 1 }
        return true
    }

    private static func colon(_ b: [UInt8], _ i: inout Int) -> Bool {
        guard i < b.count, b[i] == UInt8(ascii: ":") else { return false }
        i += 1
        return true
    }

    /// "+0300", "-0500", "GMT", "UT", "UTC", "Z".
    private static func zone822(_ b: [UInt8], _ i: inout Int) -> Int? {
        guard i < b.count else { return nil }
        if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let hhmm = number(b, &i, width: 4...4), hhmm % 100 < 60 else { return nil }
            return sign * (hhmm / 100 * 3600 + hhmm % 100 * 60)
        }
        let rest = b[i...]
        let named = ["gmt", "ut", "utc", "z"].contains { name in
            rest.count == name.utf8.count && zip(rest, name.utf8).allSatisfy { $0 | 0x20 == $1 }
        }
        guard named else { return nil }
        i = b.count
        return 0
    }

    /// 1…12 for an English three-letter month abbreviation in any case.
    private static func englishMonth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int? {
        switch (UInt32(a | 0x20) << 16) | (UInt32(b | 0x20) << 8) | UInt32(c | 0x20) {
        case 0x6A_616E: 1  // jan
        case 0x66_6562: 2  // feb
        case 0x6D_6172: 3  // mar
        case 0x61_7072: 4  // apr
        case 0x6D_6179: 5  // may
        case 0x6A_756E: 6  // jun
        case 0x6A_756C: 7  // jul
        case 0x61_7567: 8  // aug
        case 0x73_6570: 9  // sep
        case 0x6F_6374: 10  // oct
        case 0x6E_6F76: 11  // nov
        case 0x64_6563: 12  // dec
        default: nil
        }
    }
}
