import Foundation

/// Durations as settings take and write them: `90s`, `15m`, `2h`, `1d` (or plain seconds).
public enum DurationText {
    /// The seconds `text` says, or nil when it is no duration.
    public static func seconds(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, TimeInterval)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            guard let value = Int(trimmed.dropLast(suffix.count)), value >= 0 else { return nil }
            return TimeInterval(value) * scale
        }
        return Int(trimmed).flatMap { $0 >= 0 ? TimeInterval($0) : nil }
    }

    /// `seconds` in the largest unit it is a whole number of: 7200 → `2h`, 90 → `90s`, 0.5 → `500ms`.
    public static func text(_ seconds: TimeInterval) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        for (unit, scale) in [("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        where milliseconds >= scale && milliseconds % scale == 0 {
            return "\(milliseconds / scale)\(unit)"
        }
        return milliseconds == 0 ? "0s" : "\(milliseconds)ms"
    }
}

/// Sizes as settings take and write them: bytes, or a whole number of `KiB`, `MiB` or `GiB` (`16 MiB`,
/// `16MiB`).
public enum SizeText {
    private static let units: [(String, Int)] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]

    /// The bytes `text` says, or nil when it is no size.
    public static func bytes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (unit, scale) in units where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            guard let value = Int(number), value >= 0 else { return nil }
            return value.multipliedReportingOverflow(by: scale).overflow ? nil : value * scale
        }
        return Int(trimmed).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// `bytes` in the largest unit it is a whole number of, else in bytes.
    public static func text(_ bytes: Int) -> String {
        for (unit, scale) in units where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale) \(unit)"
        }
        return String(bytes)
    }
}

/// Lists as settings write them: comma-separated, `none` when empty.
public enum ListText {
    public static func text(_ values: [String]) -> String {
        values.isEmpty ? "none" : values.joined(separator: ", ")
    }
}
