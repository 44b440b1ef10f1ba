import TidingsModel

/// Ads at fixed positions and/or every `every` positions after the first `after`.
public struct AdProvider: SlotProvider {
    public let itemType = "ad"
    /// Absolute positions that always hold an ad.
    public var positions: Set<Int>
    /// Then one ad every this many positions…
    public var every: Int?
    /// …starting at this position.
    public var after: Int
    /// The ad format slots ask for.
    public var format: String

    /// Creates an ad rule; `every` must be at least 2 so content still flows.
    public init(positions: Set<Int> = [], every: Int? = nil, after: Int = 0, format: String = "banner") {
        self.positions = positions
        self.every = every.map { max(2, $0) }
        self.after = after
        self.format = format
    }

    public func item(at position: Int, context: CompositionContext) -> FeedItem? {
        let repeating = every.map { position >= after && (position - after) % $0 == $0 - 1 } ?? false
        guard positions.contains(position) || repeating else { return nil }
        return .ad(AdSlot(id: "ad-\(position)", format: format))
    }
}

/// One widget at one position.
public struct WidgetProvider: SlotProvider {
    public let itemType = "widget"
    /// Where it goes.
    public var position: Int
    /// What it shows (teasers already filled in by whoever built the provider).
    public var widget: Widget

    /// Creates a widget placement.
    public init(position: Int, widget: Widget) {
        self.position = position
        self.widget = widget
    }

    public func item(at position: Int, context: CompositionContext) -> FeedItem? {
        position == self.position ? .widget(widget) : nil
    }
}

/// Notification cards at the top of the feed until the device dismisses them; the cards still
/// shown move up, so no gap is left where a dismissed one was.
public struct NotificationProvider: SlotProvider {
    public let itemType = "notification"
    /// The cards, in order.
    public var cards: [NotificationCard]

    /// Creates the top cards.
    public init(cards: [NotificationCard]) {
        self.cards = cards
    }

    public func item(at position: Int, context: CompositionContext) -> FeedItem? {
        let shown = cards.filter { !context.dismissed.contains($0.id) }
        return position < shown.count ? .notification(shown[position]) : nil
    }
}

/// Stories an editor pinned, each at its place counted from the first one under the notification
/// cards still shown (0 is the top story, whatever the ads or widgets rules say there). The
/// content composed with them must not hold them, or they would show twice.
public struct PinProvider: SlotProvider {
    public let itemType = "pinned"
    /// The pinned stories by place (0: just under the cards).
    public var pinned: [Int: FeedItem]
    /// The ids of the notification cards above them.
    public var cards: [String]

    /// Pins `pinned` under the cards `cards` (ids, as `NotificationProvider` shows them).
    public init(pinned: [Int: FeedItem], cards: [String] = []) {
        self.pinned = pinned
        self.cards = cards
    }

    public func item(at position: Int, context: CompositionContext) -> FeedItem? {
        pinned.isEmpty ? nil : pinned[position - above(context)]
    }

    /// The pinned stories whose place is at or after `position`, in order: a feed whose content
    /// ends before their places shows them at its end.
    public func remaining(from position: Int, context: CompositionContext) -> [FeedItem] {
        let above = above(context)
        return pinned.filter { $0.key + above >= position }.sorted { $0.key < $1.key }.map(\.value)
    }

    private func above(_ context: CompositionContext) -> Int {
        cards.count { !context.dismissed.contains($0) }
    }
}
