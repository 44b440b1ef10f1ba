import Foundation

/// Reading the dates OPML files carry: RFC 822 as the spec says (with the usual deviations: no
/// day name, two-digit years, no seconds, US zone names), and RFC 3339, which some exporters use.
extension WireDate {
    /// The instant `text` names, or nil.
    static func parse(_ text: String) -> Date? {
        let words = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if words.count == 1 { return rfc3339(words[0]) }
        var index = words.first?.first?.isLetter == true ? 1 : 0
        guard words.count >= index + 4, let day = Int(words[index]), (1...31).contains(day),
            let month = months.firstIndex(where: {
                $0.description.lowercased() == words[index + 1].prefix(3).lowercased()
            }),
            var year = Int(words[index + 2])
        else { return nil }
        if year < 100 { year += year < 50 ? 2000 : 1900 }
        let clock = words[index + 3].split(separator: ":").map { Int($0) }
        guard clock.count == 2 || clock.count == 3, !clock.contains(nil), (1...9999).contains(year) else { return nil }
        index += 4
        let offset = index < words.count ? zone(words[index]) : 0
        guard let offset else { return nil }
        let fields = [year, month + 1, day, clock[0]!, clock[1]!, clock.count == 3 ? clock[2]! : 0]
        return instant(fields, offset: offset)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; a fraction is dropped.
    private static func rfc3339(_ text: Substring) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        let digits = [0...3, 5...6, 8...9, 11...12, 14...15, 17...18].map { range in
            bytes[range].allSatisfy { $0 >= 48 && $0 <= 57 } ? Int(String(decoding: bytes[range], as: UTF8.self)) : nil
        }
        guard !digits.contains(nil) else { return nil }
        var rest = bytes[19...].drop { $0 == UInt8(ascii: ".") || ($0 >= 48 && $0 <= 57) }
        if rest.first == UInt8(ascii: "z") || rest.first == UInt8(ascii: "Z") { rest = rest.dropFirst() }
        let zoneText = String(decoding: rest, as: UTF8.self).replacingOccurrences(of: ":", with: "")
        guard let offset = zoneText.isEmpty ? 0 : zone(Substring(zoneText)) else { return nil }
        return instant(digits.map { $0! }, offset: offset)
    }

    /// Seconds east of UTC for `+0300`, `GMT`, `EST` and the like.
    private static func zone(_ text: Substring) -> Int? {
        if let sign = text.first, sign == "+" || sign == "-", text.count == 5, let hhmm = Int(text.dropFirst()) {
            return (sign == "-" ? -1 : 1) * (hhmm / 100 * 3600 + hhmm % 100 * 60)
        }
        let hours = [
            "gmt": 0, "ut": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6,
            "pst": -8, "pdt": -7,
        ]
        return hours[text.lowercased()].map { $0 * 3600 }
    }

    /// The instant of year, month, day, hour, minute, second at `offset` seconds east of UTC.
    private static func instant(_ fields: [Int], offset: Int) -> Date? {
        let (year, month, day) = (fields[0], fields[1], fields[2])
        guard (1...12).contains(month), (1...31).contains(day), (0..<24).contains(fields[3]),
            (0..<60).contains(fields[4]), (0...60).contains(fields[5])
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + fields[3] * 3600 + fields[4] * 60 + fields[5] - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
