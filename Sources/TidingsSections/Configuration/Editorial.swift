import Foundation

/// What the newsroom decided for a section's stories: some pinned at a place (for a while, or
/// until unpinned), some hidden. Kept in the database beside the brands rather than in the
/// configuration file, and shown with them (``LiveSections``).
public struct Editorial: Sendable, Hashable {
    /// Pinned stories, by place.
    public var pins: [Pin]
    /// Hidden stories.
    public var hidden: [HiddenStory]

    public init(pins: [Pin] = [], hidden: [HiddenStory] = []) {
        self.pins = pins
        self.hidden = hidden
    }

    /// Whether nothing was decided.
    public var isEmpty: Bool { pins.isEmpty && hidden.isEmpty }

    /// The pins in force at `now` (those whose time ran out are not).
    public func pins(at now: Date) -> [Pin] {
        pins.filter { $0.until.map { $0 > now } ?? true }
    }

    /// The stories the section's content leaves out at `now`: hidden ones, and pinned ones (which
    /// are shown at their places instead).
    public func excluded(at now: Date) -> Set<String> {
        Set(hidden.map(\.item)).union(pins(at: now).map(\.item))
    }

    /// The next moment after `now` at which what the section shows changes by itself (a pin's
    /// time running out), if any.
    public func nextChange(after now: Date) -> Date? {
        pins.compactMap(\.until).filter { $0 > now }.min()
    }

    /// How many stories a section may have pinned at once.
    public static let pinLimit = 20
}

/// A story pinned at a place of its section.
public struct Pin: Sendable, Hashable {
    /// The story (its item id).
    public var item: String
    /// The place, 0-based, counted from the first one under the notification cards.
    public var place: Int
    /// When the pin ends by itself, if it does.
    public var until: Date?

    public init(item: String, place: Int, until: Date? = nil) {
        self.item = item
        self.place = place
        self.until = until
    }
}

/// A story taken off its section, and why.
public struct HiddenStory: Sendable, Hashable {
    /// The story (its item id).
    public var item: String
    /// Why it was hidden, in the editor's words.
    public var reason: String

    public init(item: String, reason: String) {
        self.item = item
        self.reason = reason
    }
}

extension SectionsConfiguration {
    /// The next moment after `now` at which a section shows something else by itself (a pin's
    /// time running out, a placement rule starting or ending), if any: a server drops the pages
    /// it made before then.
    public func nextChange(after now: Date) -> Date? {
        brands.lazy.flatMap(\.sections).flatMap {
            [$0.editorial.nextChange(after: now), $0.placement.nextChange(after: now)].compactMap { $0 }
        }.min()
    }
}
