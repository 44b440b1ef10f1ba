import Foundation

/// The JSON coders every Tidings component uses, so server, log and SDK agree on dates.
public enum TidingsJSON {
    /// Encodes dates as ISO 8601 UTC with milliseconds ("2026-11-20T10:00:00.000Z"), keys sorted so
    /// the same value gives the same bytes (and ETag) in every process.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        return encoder
    }

    /// Decodes ISO 8601 / RFC 3339 dates with or without fractional seconds and with any offset.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an ISO 8601 date-time: \(text)")
            }
            return date
        }
        return decoder
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()

    /// Formats a date as ISO 8601 UTC with milliseconds.
    public static func formatDate(_ date: Date) -> String { withFraction.format(date) }

    /// Parses an ISO 8601 date-time (with or without fractional seconds), else nil.
    public static func parseDate(_ text: String) -> Date? {
        if let date = try? withoutFraction.parse(text) { return date }
        return try? withFraction.parse(text)
    }
}

extension Date {
    /// Milliseconds since 1970, the unit the stores keep times in.
    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }

    /// A date from milliseconds since 1970.
    public init(millisecondsSince1970 ms: Int64) { self.init(timeIntervalSince1970: Double(ms) / 1000) }

    /// This date truncated to whole milliseconds, as a store keeps it.
    public var truncatedToMilliseconds: Date { Date(millisecondsSince1970: millisecondsSince1970) }
}
