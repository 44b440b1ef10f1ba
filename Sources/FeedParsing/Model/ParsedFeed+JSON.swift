import Foundation

// The JSON form of a parsed feed, the one `tidings parse` prints: snake_case keys sorted, pretty,
// absent values and empty lists left out, dates in UTC (`FeedDate.exactString`). The decoder reads
// it back to an equal `ParsedFeed`.
extension ParsedFeed {
    /// An encoder writing the stable JSON form: sorted keys, pretty, exact ISO 8601 UTC dates.
    public static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(FeedDate.exactString(date))
        }
        return encoder
    }

    /// A decoder reading that form back; a date may also be any form `FeedDate.parse` reads.
    public static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = FeedDate.exactDate(text) ?? FeedDate.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "parsed feed: \"\(text)\" is not a date")
            }
            return date
        }
        return decoder
    }
}
