import Foundation

/// How ``FeedScreenModel`` follows its feed while observed: the live stream, reconnected after a
/// pause that doubles from `initialBackoff` up to `maximumBackoff`, each drawn at random between
/// half and all of it (so clients a server restart dropped do not come back at once); or, where
/// the feed or the transport has no stream, the first page fetched every `pollInterval`.
public struct LiveOptions: Sendable, Equatable {
    /// Whether the model follows its feed at all.
    public var enabled: Bool
    public var initialBackoff: Duration
    public var maximumBackoff: Duration
    public var pollInterval: Duration

    public init(
        enabled: Bool = true, initialBackoff: Duration = .seconds(1), maximumBackoff: Duration = .seconds(60),
        pollInterval: Duration = .seconds(60)
    ) {
        self.enabled = enabled
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.pollInterval = pollInterval
    }

    /// Not following.
    public static let off = LiveOptions(enabled: false)

    /// The pause before reconnection attempt `attempt` (0 first).
    func backoff(_ attempt: Int, random: Double = Double.random(in: 0.5...1)) -> Duration {
        let doubled = initialBackoff * Int(1 << min(attempt, 20))
        return min(doubled, maximumBackoff) * random
    }
}
