import TidingsModel

/// Picks how to show each item (seed 001's cell-object factories): renderers are asked in the order
/// they were registered and the first that accepts an item wins. The SDK decides *which* renderer;
/// the app supplies them — cell classes, SwiftUI views, terminal line styles.
public struct RendererRegistry<Renderer: Sendable>: Sendable {
    private var entries: [(accepts: @Sendable (FeedItem) -> Bool, renderer: Renderer)] = []
    /// Used when no registered renderer accepts an item (unknown types, say); nil skips the item.
    public var fallback: Renderer?

    /// An empty registry.
    public init(fallback: Renderer? = nil) {
        self.fallback = fallback
    }

    /// Adds a renderer for every item of `type` (`"teaser"`, `"ad"`, …).
    public mutating func register(type: String, _ renderer: Renderer) {
        entries.append(({ $0.type == type }, renderer))
    }

    /// Adds a renderer for the items `accepts` says yes to (e.g. price drops only).
    public mutating func register(when accepts: @escaping @Sendable (FeedItem) -> Bool, _ renderer: Renderer) {
        entries.append((accepts, renderer))
    }

    /// The first registered renderer accepting `item`, else the fallback.
    public func renderer(for item: FeedItem) -> Renderer? {
        entries.first { $0.accepts(item) }?.renderer ?? fallback
    }
}
