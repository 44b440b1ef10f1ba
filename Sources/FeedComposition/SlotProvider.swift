import TidingsModel

/// Supplies one kind of injected item (ads, widgets, notification cards…) by absolute position in
/// the composed feed. Adding a kind of slot means adding a provider, nothing else (the plugin
/// factories of seed 001).
public protocol SlotProvider: Sendable {
    /// The `"type"` of the items it injects.
    var itemType: String { get }
    /// The item for absolute `position` (0 = the top of the feed), or nil to leave it to content
    /// or later providers.
    func item(at position: Int, context: CompositionContext) -> FeedItem?
}

/// What providers may consult while composing one page.
public struct CompositionContext: Sendable {
    /// Notification cards this device has dismissed.
    public var dismissed: Set<String>
    /// Localized strings and other values providers need, by key.
    public var values: [String: String]

    /// Creates a context.
    public init(dismissed: Set<String> = [], values: [String: String] = [:]) {
        self.dismissed = dismissed
        self.values = values
    }
}
