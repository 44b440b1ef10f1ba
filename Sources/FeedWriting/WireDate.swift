import CivilTime
import Foundation

/// Dates as feeds write them, formatted by hand: `DateFormatter` and `ISO8601DateFormatter` are
/// slow to build and to use on Linux, and a feed writes two dates per item.
enum WireDate {
    /// RFC 822 with a four-digit year, as RSS and OPML want it: `Sat, 21 Nov 2026 10:00:00 +0000`.
    static func rfc822(_ date: Date) -> String {
        let parts = Parts(date)
        return String(unsafeUninitializedCapacity: 31) { buffer in
            var writer = Writer(buffer: buffer)
            writer.append(weekdays[parts.weekday])
            writer.append(", ")
            writer.append(parts.day, width: 2)
            writer.append(" ")
            writer.append(months[parts.month - 1])
            writer.append(" ")
            writer.append(parts.year, width: 4)
            writer.append(" ")
            writer.time(parts)
            writer.append(" +0000")
            return writer.count
        }
    }

    /// RFC 3339 in UTC, whole seconds, as Atom and JSON Feed want it: `2026-11-21T10:00:00Z`.
    static func rfc3339(_ date: Date) -> String {
        let parts = Parts(date)
        return String(unsafeUninitializedCapacity: 20) { buffer in
            var writer = Writer(buffer: buffer)
            writer.append(parts.year, width: 4)
            writer.append("-")
            writer.append(parts.month, width: 2)
            writer.append("-")
            writer.append(parts.day, width: 2)
            writer.append("T")
            writer.time(parts)
            writer.append("Z")
            return writer.count
        }
    }

    static let weekdays: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// Fills a string's buffer: formatting 50 dates through `String` appends showed in profiles.
    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func append(_ text: StaticString) {
            for index in 0..<text.utf8CodeUnitCount {
                buffer[count] = text.utf8Start[index]
                count += 1
            }
        }

        /// `value` in decimal, zero-padded to `width` digits.
        mutating func append(_ value: Int, width: Int) {
            var rest = value
            for index in stride(from: count + width - 1, through: count, by: -1) {
                buffer[index] = UInt8(48 + rest % 10)
                rest /= 10
            }
            count += width
        }

        mutating func time(_ parts: Parts) {
            append(parts.hour, width: 2)
            append(":")
            append(parts.minute, width: 2)
            append(":")
            append(parts.second, width: 2)
        }
    }

    /// The civil date and time of an instant in UTC, clamped to years 1…9999 so the year always
    /// has four digits.
    struct Parts {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        var weekday: Int

        /// -62135596800 is 0001-01-01T00:00:00Z, 253402300799 is 9999-12-31T23:59:59Z.
        init(_ date: Date) {
            let interval = date.timeIntervalSince1970
            let seconds = interval.isNaN ? 0 : Int(min(max(interval.rounded(.down), -62_135_596_800), 253_402_300_799))
            let (days, time) = CivilDate.split(seconds: seconds)
            (hour, minute, second) = (time / 3600, time % 3600 / 60, time % 60)
            weekday = CivilDate.weekday(days: days)
            (year, month, day) = CivilDate.date(days: days)
        }
    }
}
