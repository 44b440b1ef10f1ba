import Foundation
import TidingsModel

/// When the page behind an entry is fetched for its article (`source.full_text`).
public enum FullTextMode: String, Sendable, Hashable, CaseIterable {
    /// For entries whose own text is shorter than `full_text.min_characters` (teasers).
    case auto
    /// For every entry.
    case always
    /// Never: the entry's own content is what readers get. The default: fetching a publisher's
    /// pages is the operator's choice, source by source.
    case never
}
