import Foundation

/// The JSON coders every Tidings component uses, so server, log and SDK agree on dates.
public enum TidingsJSON {
    /// Encodes dates as ISO 8601 UTC with milliseconds ("2026-11-20T10:00:00.000Z"), keys sorted so
    /// the same value gives the same bytes (and ETag) in every process.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
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

    /// A coding path as a person writes it: `days[0].date`.
    public static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            .replacingOccurrences(of: ".[", with: "[")
    }

    /// A decoding error as one line a person can act on: where (the key path) and what. For bytes
    /// that are not JSON at all, JSONDecoder says only "The given data was not valid JSON." (and its
    /// localized description "The data isn't in the correct format."), so `data` is parsed again
    /// with JSONSerialization for the parser's reason ("Unexpected end of file during JSON parse.").
    public static func describe(_ error: any Error, in data: Data? = nil) -> String {
        func located(_ context: DecodingError.Context, _ text: String) -> String {
            context.codingPath.isEmpty ? text : "\(path(context.codingPath)): \(text)"
        }
        func reason(_ error: (any Error)?) -> String? {
            (error as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context):
            return "\"\(path(context.codingPath + [key]))\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return located(context, context.debugDescription)
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            var why = reason(context.underlyingError)
            if why == nil, let data {
                do {
                    _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                } catch {
                    why = reason(error)
                }
            }
            return "not JSON: " + (why ?? context.debugDescription)
        case .dataCorrupted(let context):
            return located(context, context.debugDescription)
        default:
            return reason(error) ?? "\(error)"
        }
    }

    // Foundation's ISO 8601 style loses precision in fractional seconds on Linux (".123" can come
    // back as ".121"), so whole seconds go through it and the milliseconds are handled as integers.
    private static let wholeSeconds = Date.ISO8601FormatStyle()

    /// Formats a date as ISO 8601 UTC with milliseconds ("2026-11-20T10:00:00.250Z").
    public static func formatDate(_ date: Date) -> String {
        let ms = date.millisecondsSince1970
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let fraction = ms - seconds * 1000
        var text = wholeSeconds.format(Date(timeIntervalSince1970: Double(seconds)))
        guard text.hasSuffix("Z") else { return text }
        text.removeLast()
        let digits = String(fraction)
        return text + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// Parses an ISO 8601 date-time (with or without fractional seconds, any offset), else nil.
    public static func parseDate(_ text: String) -> Date? {
        guard let dot = text.firstIndex(of: "."), text[..<dot].contains("T") else {
            return try? wholeSeconds.parse(text)
        }
        let digits = text[text.index(after: dot)...].prefix(while: \.isNumber)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCII) else { return nil }
        let rest = String(text[..<dot]) + text[text.index(dot, offsetBy: digits.count + 1)...]
        guard let whole = try? wholeSeconds.parse(rest) else { return nil }
        let milliseconds = Int(digits.prefix(3).padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0
        return Date(millisecondsSince1970: whole.millisecondsSince1970 + Int64(milliseconds))
    }
}

extension Date {
    /// Milliseconds since 1970, the unit the stores keep times in. Rounded to nearest: a parsed
    /// ".123" is 122.99998… ms in binary floating point and must not come back as ".122".
    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// A date from milliseconds since 1970.
    public init(millisecondsSince1970 ms: Int64) { self.init(timeIntervalSince1970: Double(ms) / 1000) }

    /// This date truncated to whole milliseconds, as a store keeps it.
    public var truncatedToMilliseconds: Date { Date(millisecondsSince1970: millisecondsSince1970) }
}
