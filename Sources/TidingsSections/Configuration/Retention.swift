import Foundation
import TidingsModel

/// What is kept per section (`retention.*`).
public struct Retention: Sendable, Hashable {
    /// Newest entries kept per section (`retention.max_items`, default 1000).
    public var maxItems = 1000
    /// Entries first seen longer ago are dropped (`retention.max_age`, default 90d).
    public var maxAge: TimeInterval = 90 * 86_400

    /// The defaults.
    public init() {}
}

extension Retention {
    /// The keys of `retention`.
    public static let settings: [Setting<Retention>] = [
        .int("max_items", \.maxItems, 1...1_000_000, "newest entries kept per section"),
        .duration("max_age", \.maxAge, minimum: 60, "entries first seen longer ago are dropped, at least 1m"),
    ]
}
