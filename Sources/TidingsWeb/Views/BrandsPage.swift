import TidingsSections

/// `/`: every brand with its sections.
public struct BrandsPage: WebPage {
    public static let template = "brands"

    struct BrandEntry: Sendable {
        var name: String
        var href: String
        var sections: [Chrome.Link]
        /// The brand's id, a class whose `--primary` is its colour.
        var id: String
    }

    var chrome: Chrome
    var brands: [BrandEntry]

    public init(context: WebContext) {
        chrome = Chrome(context, title: context.strings.brandsTitle)
        brands = context.brands.map { brand in
            BrandEntry(
                name: brand.name, href: context.link(context.brandPath(brand)),
                sections: brand.sections.map { section in
                    Chrome.Link(
                        title: section.title.text(context.localeOverride ?? brand.locale),
                        href: context.link(context.sectionPath(brand, section.id)), current: false)
                }, id: brand.id)
        }
        // Ids are [a-z0-9-] and colours #rrggbb (both checked when the configuration was read).
        chrome.theme = context.brands.compactMap { brand in
            brand.theme["primary"].map { ".brand-\(brand.id){--primary:\($0)}" }
        }.joined()
    }
}
