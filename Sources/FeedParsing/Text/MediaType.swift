import Foundation

/// A `Content-Type` header read for `FeedParser.parse(_:httpCharset:baseURL:)`: the media type,
/// lower-cased, and the `charset` parameter (any case, quotes removed). The one reading of the
/// header, for the server's fetcher and the SDK's feed loader alike.
public struct MediaType: Sendable, Equatable {
    /// `application/rss+xml`; nil when the header is absent or empty.
    public var type: String?
    /// `windows-1251`; nil when the header names none.
    public var charset: String?

    /// Reads `application/rss+xml; charset="windows-1251"`.
    public init(header: String?) {
        guard let header else { return }
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        type = parts.first.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        charset =
            parts.dropFirst().lazy.compactMap { parameter -> String? in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                    return nil
                }
                let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
                return value.isEmpty ? nil : value
            }.first
    }
}
