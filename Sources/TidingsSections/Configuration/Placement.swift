import Foundation
import TidingsModel

/// What a section injects among its content (`placement` in the configuration). Positions are
/// absolute and 0-based here; the file counts from 1 ("position: 1" is the first card).
public struct Placement: Sendable, Hashable {
    /// Ad slots, if any.
    public var ads: AdRule?
    /// Widgets, each at its position.
    public var widgets: [WidgetRule]
    /// Cards at the top until dismissed.
    public var notifications: [NotificationRule]

    /// Creates placement rules.
    public init(ads: AdRule? = nil, widgets: [WidgetRule] = [], notifications: [NotificationRule] = []) {
        self.ads = ads
        self.widgets = widgets
        self.notifications = notifications
    }
}

/// Ads at fixed positions and/or every `every` positions after the first `after`.
public struct AdRule: Sendable, Hashable {
    /// 0-based positions that always hold an ad.
    public var positions: [Int]
    /// One ad every this many positions (at least 2)…
    public var every: Int?
    /// …after this many positions.
    public var after: Int
    /// The ad format requested from the client's ad SDK.
    public var format: String
    /// When the ads are in force (always, unless a start or end is given).
    public var schedule = Schedule()

    /// Creates an ad rule.
    public init(positions: [Int] = [], every: Int? = nil, after: Int = 0, format: String = "banner") {
        self.positions = positions
        self.every = every
        self.after = after
        self.format = format
    }
}

/// One widget at one position.
public struct WidgetRule: Sendable, Hashable {
    /// 0-based position.
    public var position: Int
    /// Carousel, list, weather or local.
    public var kind: Widget.Kind
    /// A heading.
    public var title: LocalizedText?
    /// Carousel and list: the section whose newest teasers it shows.
    public var section: SectionKey?
    /// Carousel and list: how many teasers.
    public var count: Int
    /// Weather and local: where.
    public var location: [String: String]
    /// Weather: the forecast document the poller reads for it (`source: {type: weather, …}`).
    public var source: FetchedSource?
    /// When the widget is in force (always, unless a start or end is given).
    public var schedule = Schedule()

    /// Creates a widget rule.
    public init(
        position: Int, kind: Widget.Kind, title: LocalizedText? = nil, section: SectionKey? = nil,
        count: Int = 5, location: [String: String] = [:]
    ) {
        self.position = position
        self.kind = kind
        self.title = title
        self.section = section
        self.count = count
        self.location = location
    }

    /// The widget's id: its kind and 1-based position, stable across pages.
    public var id: String { "\(kind.rawValue)-\(position + 1)" }
}

/// A brand and section, as a widget names it (`economy`, or `other-brand/economy`).
/// A card at the top of the section until the device dismisses it.
public struct NotificationRule: Sendable, Hashable {
    /// Stable id; dismissals are recorded against it.
    public var id: String
    /// What it asks, e.g. `enable_push`.
    public var kind: String
    /// The text per language.
    public var text: LocalizedText
    /// Whether it can be dismissed.
    public var dismissible: Bool
    /// When the card is in force (always, unless a start or end is given).
    public var schedule = Schedule()

    /// Creates a notification rule.
    public init(id: String, kind: String, text: LocalizedText, dismissible: Bool = true) {
        self.id = id
        self.kind = kind
        self.text = text
        self.dismissible = dismissible
    }
}
