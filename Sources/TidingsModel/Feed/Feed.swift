import Foundation

/// A composed section as the server hands it to clients: either items to render natively, or a web
/// page to show instead (seed 003's native and web feeds).
public struct Feed: Codable, Hashable, Sendable {
    /// What the client renders.
    public enum Content: Hashable, Sendable {
        /// Items, in order, for native cells.
        case native([FeedItem])
        /// A page to open in a web view.
        case web(URL)
    }

    /// The section's title.
    public var title: String
    /// Items or a web page.
    public var content: Content
    /// Opaque cursor for the next page; nil at the end (and for web content).
    public var nextCursor: String?
    /// Where to follow what is added after this page, on a first page whose feed has live updates.
    public var updates: LiveUpdatesLink?

    /// Creates a feed page.
    public init(title: String, content: Content, nextCursor: String? = nil, updates: LiveUpdatesLink? = nil) {
        self.title = title
        self.content = content
        self.nextCursor = nextCursor
        self.updates = updates
    }

    enum CodingKeys: String, CodingKey {
        case title, render, items, url, updates
        case nextCursor = "next_cursor"
    }

    /// `{"title", "render": "native", "items": […], "next_cursor"}` or `{"title", "render": "web", "url"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        nextCursor = try container.decodeIfPresent(String.self, forKey: .nextCursor)
        updates = try container.decodeIfPresent(LiveUpdatesLink.self, forKey: .updates)
        switch try container.decode(String.self, forKey: .render) {
        case "native": content = .native(try container.decode([FeedItem].self, forKey: .items))
        case "web": content = .web(try container.decode(URL.self, forKey: .url))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .render, in: container, debugDescription: "render must be native or web, not \(other)")
        }
    }

    /// Writes the shape `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        switch content {
        case .native(let items):
            try container.encode("native", forKey: .render)
            try container.encode(items, forKey: .items)
        case .web(let url):
            try container.encode("web", forKey: .render)
            try container.encode(url, forKey: .url)
        }
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(updates, forKey: .updates)
    }
}

/// Where a feed's live updates are (`{"href": …, "position": …}` in a first page): a Server-Sent
/// Events stream, and the position the page was read at — send it as `Last-Event-ID` when
/// connecting, and nothing written after the page is missed.
public struct LiveUpdatesLink: Codable, Hashable, Sendable {
    /// The stream's path on the server, such as `/api/v1/brands/courier/sections/news/updates`.
    public var href: String
    /// The page's position in the feed: an event id of the stream.
    public var position: String

    public init(href: String, position: String) {
        self.href = href
        self.position = position
    }
}

/// What a feed's live stream says (`event: update`): items were added or changed after the
/// reader's position; fetch the first page again to show them.
public struct LiveUpdate: Codable, Hashable, Sendable {
    /// Items that arrived since the previous position.
    public var added: Int
    /// Items known at the previous position that were written again since.
    public var changed: Int
    /// Where the reader stands now: send it back to resume (`Last-Event-ID`).
    public var position: String
    /// The newsroom's pins and hides, when this update says they changed (`event: arranged`).
    public var arrangement: LiveArrangement?

    public init(added: Int, changed: Int, position: String, arrangement: LiveArrangement? = nil) {
        self.added = added
        self.changed = changed
        self.position = position
        self.arrangement = arrangement
    }
}

/// What a section's live stream says when the newsroom pins, unpins, hides or brings back a
/// story (`event: arranged`): the stories pinned and hidden from now on. Hidden stories leave
/// the screen at once; the first page read again shows the pins at their places.
public struct LiveArrangement: Codable, Hashable, Sendable {
    /// The stories pinned now (item ids), by place.
    public var pinned: [String]
    /// The stories hidden now (item ids).
    public var hidden: [String]

    public init(pinned: [String], hidden: [String]) {
        self.pinned = pinned
        self.hidden = hidden
    }
}
