import Foundation
import TidingsModel

/// How the entries of a section that tell one story are shown once (`grouping.*`): the same link
/// from several sources (after dropping what only tracks or reformats it), or the same text told
/// by another source, within a window of time.
public struct StoryGrouping: Sendable, Hashable {
    /// Whether entries are grouped at all (`grouping.enabled`, default true).
    public var enabled = true
    /// Entries further apart than this, by their dates, are never one story (`grouping.window`,
    /// default 48h).
    public var window: TimeInterval = 48 * 3600
    /// The least estimated similarity (Jaccard, 0 to 1, of the pairs of words of title and
    /// summary) that makes two sources' entries one story (`grouping.min_similarity`, default 0.5).
    public var minSimilarity = 0.5
    /// Texts of fewer words are grouped by their links only (`grouping.min_words`, default 6).
    public var minWords = 6

    /// The defaults.
    public init() {}
}

extension StoryGrouping {
    /// The keys of `grouping`.
    public static let settings: [Setting<StoryGrouping>] = [
        .bool(
            "enabled", \.enabled, "entries of a section that tell one story are shown once, with where else it was told"
        ),
        .duration(
            "window", \.window, minimum: 3600, maximum: 7 * 86_400,
            "entries further apart by their dates are never one story; 1h to 7d"),
        .fraction(
            "min_similarity", \.minSimilarity,
            "least estimated similarity (0 to 1) of two sources' titles and summaries that makes them one story"),
        .int("min_words", \.minWords, 1...1000, "texts of fewer words are grouped by their links only"),
    ]
}
