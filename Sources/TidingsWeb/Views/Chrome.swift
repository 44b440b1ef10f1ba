import TidingsModel
import TidingsSections

/// What surrounds every page: head, header with the brand and its sections, footer.
struct Chrome: Sendable {
    struct Link: Sendable {
        var title: String
        var href: String
        var current: Bool
        /// A language tag (`hreflang`) or a media type (`type`), where the link has one.
        var code: String? = nil
    }

    var lang: String
    /// `rtl` for a right-to-left language (`ar`, `he`): the page is mirrored.
    var dir: String
    var title: String
    var description: String?
    var t: WebStrings
    var styleHref: String
    /// The reader's icon (an SVG from `/assets`, so that `img-src 'self'` covers it).
    var iconHref: String
    var scriptHref: String
    /// The script's SHA-256 (`integrity`), which the page's CSP names instead of a nonce.
    var scriptIntegrity: String
    /// `:root` custom properties from the brand's theme, for an inline `<style>` the CSP allows by its hash.
    var theme: String?
    var brandName: String?
    var brandHref: String?
    /// The brand's search page, the sections' strip's last link.
    var searchHref: String?
    /// Whether the page is the search page (its link is the current one).
    var onSearch = false
    var nav: [Link]
    var hasNav: Bool
    var languages: [Link]
    /// The language the page's words are in, named in the menu's summary.
    var currentLanguage: Link
    var feeds: [Link]
    var hasFeeds: Bool
    /// Whether the page lists cards, so the card keys (j / k, o) mean something on it.
    var hasCards = false

    init(_ context: WebContext, title: String, section: String? = nil, description: String? = nil) {
        lang = context.language.identifier
        dir = context.language.isRightToLeft ? "rtl" : "ltr"
        self.title = title
        self.description = description
        t = context.strings
        styleHref = context.assets.href("reader.css")
        iconHref = context.assets.href("icon.svg")
        scriptHref = context.assets.href("reader.js")
        scriptIntegrity = context.assets.files["reader.js"]?.integrity ?? ""
        if let brand = context.brand {
            theme = Self.theme(brand.theme)
            brandName = brand.name
            brandHref = context.link(context.brandPath(brand))
            searchHref = context.link(context.brandPath(brand) + "/search")
            nav = brand.sections.map { item in
                Link(
                    title: item.title.text(context.language, brand: context.brand?.locale),
                    href: context.link(context.sectionPath(brand, item.id)),
                    current: item.id == section)
            }
            if let section, let configured = brand.section(section), !configured.isWebSource {
                let formats = [
                    ("RSS", "rss", "application/rss+xml"), ("Atom", "atom", "application/atom+xml"),
                    ("JSON Feed", "json", "application/feed+json"),
                ]
                feeds = formats.map { name, format, type in
                    Link(title: name, href: "/feeds/\(brand.id)/\(section).\(format)", current: false, code: type)
                }
            } else {
                feeds = []
            }
        } else {
            nav = []
            feeds = []
        }
        hasNav = !nav.isEmpty
        hasFeeds = !feeds.isEmpty
        // The catalog the page's words come from is the current one (`nb` for an `nb-NO` page).
        let shipped = Translations.current.languages
        let wordsIn = context.language.fallbackChain.first { shipped.contains($0) }
        // By name, as a reader looks for theirs: "Dansk … Svenska, Русский".
        languages = shipped.sorted { $0.endonym < $1.endonym }.map { language in
            Link(
                title: language.endonym, href: context.path + "?locale=" + language.identifier,
                current: language == wordsIn, code: language.identifier)
        }
        currentLanguage =
            languages.first(where: \.current)
            ?? Link(
                title: context.language.endonym, href: context.path, current: true, code: context.language.identifier)
    }

    /// The theme as CSS custom properties; colours were checked to be `#rrggbb` when the
    /// configuration was read, so they are safe inside a stylesheet.
    static func theme(_ colours: [String: String]) -> String? {
        let roles = ["primary", "accent", "background", "text"]
        let declarations = roles.compactMap { role in colours[role].map { "--\(role):\($0);" } }
        return declarations.isEmpty ? nil : ":root{" + declarations.joined() + "}"
    }
}

extension Section {
    var isWebSource: Bool {
        if case .web = source { return true }
        return false
    }
}
