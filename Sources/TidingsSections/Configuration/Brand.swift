import Foundation
import TidingsModel

/// A publication: its own sections, language and colours.
public struct Brand: Sendable, Hashable, Identifiable {
    /// URL-safe id (`[a-z0-9-]`).
    public var id: String
    /// Display name.
    public var name: String
    /// The locale its pages and API answers default to (`nb-NO`): a reader's own, when there are
    /// words for it, takes its place.
    public var locale: LanguageTag
    /// Theme colours as `#rrggbb`, by role (`primary`, `accent`, `background`, `text`).
    public var theme: [String: String]
    /// The sections, in menu order; the first is the front section unless `front` names another.
    public var sections: [Section]
    /// The id of the front section.
    public var front: String
    /// The brand's own ads (`house_ads`): the web reader fills its ad slots with them. The API
    /// keeps the slots plain, for apps' ad SDKs.
    public var houseAds: [HouseAd] = []

    /// Creates a brand.
    public init(
        id: String, name: String, locale: LanguageTag, theme: [String: String] = [:], sections: [Section],
        front: String? = nil
    ) {
        self.id = id
        self.name = name
        self.locale = locale
        self.theme = theme
        self.sections = sections
        self.front = front ?? sections.first?.id ?? ""
    }

    /// The section with this id.
    public func section(_ id: String) -> Section? { sections.first { $0.id == id } }

    /// The section showing the catalog's news, when the brand has one (its products have pages and
    /// are found by its search).
    public var catalogSection: Section? {
        sections.first { if case .catalog = $0.source { true } else { false } }
    }

    /// The notification card with this id, placed in any of the brand's sections.
    public func notification(_ id: String) -> NotificationRule? {
        sections.lazy.compactMap { section in section.placement.notifications.first { $0.id == id } }.first
    }

    /// Ids a brand cannot have: the server's own first path segments, since the web reader serves
    /// brands at `/{brand}`.
    public static let reservedIDs: Set<String> = [
        "admin", "api", "assets", "feeds", "health", "img", "metrics", "openapi.yaml",
    ]
}
