import Foundation

/// A configuration mistake, with where it was made.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = "config: " + message }
    public var description: String { message }
}

/// Parses durations such as `90s`, `15m`, `2h`, `1d` or plain seconds.
public enum DurationText {
    public static func seconds(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, TimeInterval)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            guard let value = Int(trimmed.dropLast(suffix.count)), value >= 0 else { return nil }
            return TimeInterval(value) * scale
        }
        return Int(trimmed).flatMap { $0 >= 0 ? TimeInterval($0) : nil }
    }
}
