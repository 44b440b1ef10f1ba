import Foundation
import TidingsModel

/// Fetching the article pages behind entries (`full_text.*`; sources opt in with `full_text`).
public struct FullTextSettings: Sendable, Hashable {
    /// With `full_text: auto`, entries whose own text is shorter than this get their page fetched
    /// (`full_text.min_characters`, default 500).
    public var minCharacters = 500
    /// Article pages fetched at once by one process (`full_text.concurrency`, default 4).
    public var concurrency = 4
    /// Pages fetched at once from one host by one process (`full_text.per_host`, default 2).
    public var perHost = 2
    /// The least time between two requests to one host (`full_text.interval`, default 1s);
    /// robots.txt's crawl-delay raises it, up to a minute.
    public var interval: TimeInterval = 1
    /// A page is fetched again this long after, with its validators (`full_text.recheck`, default 6h).
    public var recheck: TimeInterval = 6 * 3600
    /// Readers are shown a page's extracted text when the extractor's confidence in it is at least
    /// this (`full_text.min_confidence`, 0 to 1, default 0.5); below, the feed's own content.
    public var minConfidence = 0.5

    /// The defaults.
    public init() {}
}

extension FullTextSettings {
    /// The keys of `full_text`.
    public static let settings: [Setting<FullTextSettings>] = [
        .int(
            "min_characters", \.minCharacters, 0...1_000_000,
            "with a source's full_text: auto, entries whose own text is shorter get their page fetched"),
        .int("concurrency", \.concurrency, 1...64, "article pages fetched at once by one process"),
        .int("per_host", \.perHost, 1...16, "article pages fetched at once from one host by one process"),
        .duration(
            "interval", \.interval, minimum: 0,
            "least time between two requests to one host; robots.txt's crawl-delay raises it"),
        .duration(
            "recheck", \.recheck, minimum: 60, "an article page is fetched again this long after, with its validators"),
        .fraction(
            "min_confidence", \.minConfidence,
            "readers see a page's extracted text when the extractor's confidence (0 to 1) is at least this"),
    ]
}
