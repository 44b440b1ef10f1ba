import Foundation

/// A brand as `GET /api/v1/brands` lists it.
public struct BrandSummary: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    /// The language its sections default to.
    public var locale: String
    /// Colours by role (`primary`, `accent`, `background`, `text`), as `#rrggbb`.
    public var theme: [String: String]
    /// The id of the section to open first.
    public var front: String

    /// Creates a summary.
    public init(id: String, name: String, locale: String, theme: [String: String], front: String) {
        self.id = id
        self.name = name
        self.locale = locale
        self.theme = theme
        self.front = front
    }
}

/// A section as `GET /api/v1/brands/{brand}/sections` lists it.
public struct SectionSummary: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    /// The localized title.
    public var title: String
    /// `native`, `web` or `auto` (the source's response decides).
    public var render: String
    /// The source type (`feed`, `catalog`, `unified_json`, `legacy_json`, `web`, `file`).
    public var source: String
    /// The API path of its first page.
    public var href: String
    /// Subscribable feeds of it, by format (`rss`, `atom`, `json`); none for web sections.
    public var feeds: [String: String]

    /// Creates a summary.
    public init(id: String, title: String, render: String, source: String, href: String, feeds: [String: String]) {
        self.id = id
        self.title = title
        self.render = render
        self.source = source
        self.href = href
        self.feeds = feeds
    }
}

/// `{"brands": […]}`.
public struct BrandList: Codable, Hashable, Sendable {
    public var brands: [BrandSummary]
    public init(brands: [BrandSummary]) { self.brands = brands }
}

/// `{"brand": "…", "sections": […]}`.
public struct SectionList: Codable, Hashable, Sendable {
    public var brand: String
    public var sections: [SectionSummary]
    public init(brand: String, sections: [SectionSummary]) {
        self.brand = brand
        self.sections = sections
    }
}
