import Foundation
import TidingsModel

/// One feed of a brand: where its items come from, how it renders and what is injected.
public struct Section: Sendable, Hashable, Identifiable {
    /// URL-safe id, unique within the brand.
    public var id: String
    /// Title per language.
    public var title: LocalizedText
    /// Where the content comes from.
    public var source: SourceSpec
    /// Native items, a web page, or whichever the source's response asks for.
    public var render: RenderMode
    /// Ads, widgets and notification cards placed among the content.
    public var placement: Placement
    /// What the section shows, per language; the web reader's empty state explains it.
    public var description: LocalizedText?
    /// For sections rendering as web: whether the web reader embeds the page in a frame (the
    /// site must allow framing) instead of linking to it.
    public var embed = false
    /// Whether the article pages behind the source's entries are fetched and extracted
    /// (`source.full_text`, default never).
    public var fullText = FullTextMode.never
    /// The newsroom's pins and hides (kept in the database, never in the configuration file).
    public var editorial = Editorial()

    /// Whether it keeps stories of its own: a section read from sources does (the newsroom pins
    /// and hides them, search finds them); one showing the catalog's news or a web page does not.
    public var keepsStories: Bool {
        switch source {
        case .catalog, .web: false
        default: true
        }
    }

    /// Whether the newsroom pins and hides its stories: those of a section that keeps stories.
    public var takesEditorialDecisions: Bool { keepsStories }

    /// Where the entries of `rule`'s own source are kept: a stream of its own, `brand/section.widget-id`
    /// (`.` is never in a section id, so it cannot name a section).
    public func widgetKey(_ rule: WidgetRule, brand: String) -> SectionKey {
        SectionKey(brand: brand, section: id + "." + rule.id)
    }

    /// Ids a section cannot have: the web reader's own paths under `/{brand}/`.
    public static let reservedIDs: Set<String> = ["articles", "products", "notifications", "search"]

    /// Creates a section.
    public init(
        id: String, title: LocalizedText, source: SourceSpec, render: RenderMode = .native,
        placement: Placement = .init()
    ) {
        self.id = id
        self.title = title
        self.source = source
        self.render = render
        self.placement = placement
    }
}
