import Foundation
import TidingsModel

/// The brands a server shows, their sections and where each section's content comes from, plus
/// how sources are fetched, read and kept. Read from the `brands`, `fetch`, `retention`, `parse`
/// and `full_text` keys of the YAML configuration file (see ``SectionsConfiguration/load(yaml:file:)``).
public struct SectionsConfiguration: Sendable, Hashable {
    /// Brands in the order the file lists them.
    public var brands: [Brand]
    /// How URL sources are polled.
    public var fetch: FetchSettings
    /// How long entries are kept.
    public var retention: Retention
    /// How much of a fetched document is read.
    public var parse: ParseLimits
    /// How the article pages behind entries are fetched (for sources with `full_text`).
    public var fullText = FullTextSettings()

    /// Creates a configuration.
    public init(
        brands: [Brand] = [], fetch: FetchSettings = .init(), retention: Retention = .init(),
        parse: ParseLimits = .init()
    ) {
        self.brands = brands
        self.fetch = fetch
        self.retention = retention
        self.parse = parse
    }

    /// The brand with this id.
    public func brand(_ id: String) -> Brand? { brands.first { $0.id == id } }

    /// Every section with its brand, in file order.
    public var sections: [(brand: Brand, section: Section)] {
        brands.flatMap { brand in brand.sections.map { (brand, $0) } }
    }

    /// Every source that needs fetching (URLs and files), each once, with the sections its
    /// entries go to — a widget's own source (a weather forecast) to the widget's stream.
    public var fetchedSources: [(source: FetchedSource, sections: [SectionKey])] {
        var order: [FetchedSource] = []
        var fed: [FetchedSource: [SectionKey]] = [:]
        for (brand, section) in sections {
            for source in section.source.fetched {
                if fed[source] == nil { order.append(source) }
                fed[source, default: []].append(SectionKey(brand: brand.id, section: section.id))
            }
            for rule in section.placement.widgets {
                guard let source = rule.source else { continue }
                if fed[source] == nil { order.append(source) }
                fed[source, default: []].append(section.widgetKey(rule, brand: brand.id))
            }
        }
        return order.map { ($0, fed[$0] ?? []) }
    }
}

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

    /// The notification card with this id, placed in any of the brand's sections.
    public func notification(_ id: String) -> NotificationRule? {
        sections.lazy.compactMap { section in section.placement.notifications.first { $0.id == id } }.first
    }

    /// Ids a brand cannot have: the server's own first path segments, since the web reader serves
    /// brands at `/{brand}`.
    public static let reservedIDs: Set<String> = ["api", "assets", "feeds", "health", "img", "metrics", "openapi.yaml"]
}

/// An ad of the brand's own: a picture, a headline, a line of text and where it leads. The web
/// reader shows one in each ad slot of its format, labelled as an ad.
public struct HouseAd: Sendable, Hashable {
    /// The slot format it fills (`banner`, `native`, …); nil fills any.
    public var format: String?
    /// The picture, served through the image proxy.
    public var image: URL
    public var headline: LocalizedText
    public var text: LocalizedText?
    /// Where it leads.
    public var link: URL

    public init(format: String?, image: URL, headline: LocalizedText, text: LocalizedText? = nil, link: URL) {
        self.format = format
        self.image = image
        self.headline = headline
        self.text = text
        self.link = link
    }
}

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

    /// Where the entries of `rule`'s own source are kept: a stream of its own, `brand/section.widget-id`
    /// (`.` is never in a section id, so it cannot name a section).
    public func widgetKey(_ rule: WidgetRule, brand: String) -> SectionKey {
        SectionKey(brand: brand, section: id + "." + rule.id)
    }

    /// Ids a section cannot have: the web reader's own paths under `/{brand}/`.
    public static let reservedIDs: Set<String> = ["articles", "products", "notifications"]

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

/// When the page behind an entry is fetched for its article (`source.full_text`).
public enum FullTextMode: String, Sendable, Hashable, CaseIterable {
    /// For entries whose own text is shorter than `full_text.min_characters` (teasers).
    case auto
    /// For every entry.
    case always
    /// Never: the entry's own content is what readers get. The default: fetching a publisher's
    /// pages is the operator's choice, source by source.
    case never
}

/// How a section is shown.
public enum RenderMode: Sendable, Hashable {
    /// Items for native cells.
    case native
    /// Always this web page.
    case web(URL)
    /// Native unless the source's last response asked for its web page (`renderAsWeb`).
    case auto
}

/// Text in several languages.
public struct LocalizedText: Sendable, Hashable {
    /// The text per language; at least one.
    public var values: [LanguageTag: String]

    /// One text for every language.
    public init(_ text: String) { values = [.en: text] }

    /// Texts per language.
    public init(_ values: [LanguageTag: String]) { self.values = values }

    /// The text for a reader of `language`: along its fallback chain (`nb-NO` → `nb` → `no`),
    /// then the brand's, then English, then the first language written.
    public func text(_ language: LanguageTag, brand: LanguageTag? = nil) -> String {
        for tag in language.lookupOrder(brand: brand) {
            if let text = values[tag] { return text }
        }
        return values.min { $0.key.identifier < $1.key.identifier }?.value ?? ""
    }
}

/// Poller settings (`fetch.*`).
public struct FetchSettings: Sendable, Hashable {
    /// Interval when a source gives no hint (`fetch.interval`, default 15m).
    public var interval: TimeInterval = 15 * 60
    /// No source is fetched more often (`fetch.min_interval`, default 1m).
    public var minInterval: TimeInterval = 60
    /// Nor less often, backoff included (`fetch.max_interval`, default 6h).
    public var maxInterval: TimeInterval = 6 * 3600
    /// Connect timeout (`fetch.connect_timeout`, default 10s).
    public var connectTimeout: TimeInterval = 10
    /// Read timeout: the longest wait for the next bytes (`fetch.read_timeout`, default 15s).
    public var readTimeout: TimeInterval = 15
    /// The longest one fetch may take, redirects, body and reading the document included, however
    /// the server trickles (`fetch.total_timeout`, default 30s). Other sources never wait for it.
    public var totalTimeout: TimeInterval = 30
    /// Body bytes kept after decompression; a longer body is cut there (`fetch.max_bytes`, default 16 MiB).
    public var maxBytes = 16 << 20
    /// Hosts, addresses or CIDR ranges fetched even though private or loopback (`fetch.allow_hosts`).
    public var allowHosts: [String] = []
    /// Sources fetched at once by one process (`fetch.concurrency`, default 4).
    public var concurrency = 4

    /// The defaults.
    public init() {}
}

/// Fetching the article pages behind entries (`full_text.*`; sources opt in with `full_text`).
public struct FullTextSettings: Sendable, Hashable {
    /// With `full_text: auto`, entries whose own text is shorter than this get their page fetched
    /// (`full_text.min_characters`, default 500).
    public var minCharacters = 500
    /// Article pages fetched at once by one process (`full_text.concurrency`, default 4).
    public var concurrency = 4
    /// Pages fetched at once from one host by one process (`full_text.per_host`, default 2).
    public var perHost = 2
    /// The least time between two requests to one host (`full_text.interval`, default 1s);
    /// robots.txt's crawl-delay raises it, up to a minute.
    public var interval: TimeInterval = 1
    /// A page is fetched again this long after, with its validators (`full_text.recheck`, default 6h).
    public var recheck: TimeInterval = 6 * 3600

    /// The defaults.
    public init() {}
}

/// What is kept per section (`retention.*`).
public struct Retention: Sendable, Hashable {
    /// Newest entries kept per section (`retention.max_items`, default 1000).
    public var maxItems = 1000
    /// Entries first seen longer ago are dropped (`retention.max_age`, default 90d).
    public var maxAge: TimeInterval = 90 * 86_400

    /// The defaults.
    public init() {}
}
