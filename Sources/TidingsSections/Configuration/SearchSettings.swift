import Foundation
import TidingsModel

/// Full-text search over the sections' stories (`search.*`, docs/search.md).
public struct SearchSettings: Sendable, Hashable {
    /// Whether polled entries are indexed for search (`search.enabled`, default true). Off, the
    /// poll skips analyzing their words and the write their index rows; entries indexed before
    /// stay found until retention removes them.
    public var enabled = true

    /// The defaults.
    public init() {}
}

extension SearchSettings {
    /// The keys of `search`.
    public static let settings: [Setting<SearchSettings>] = [
        .bool("enabled", \.enabled, "polled entries are indexed so readers can search them")
    ]
}
