import Foundation
import TidingsModel
import TidingsSections

/// A brand's search page (`/{brand}/search?q=…`, docs/search.md): the form, and for a query the
/// stories found, each a teaser with the section it is in and the stretch of its text that
/// matched (found words marked), and a link to the next page. Works without script.
public struct SearchResultsPage: WebPage {
    public static let template = "search"

    var chrome: Chrome
    var action: String
    var query: String
    var localeOverride: String?
    var hint: String
    /// "12 stories found"; nil before a query.
    var summary: String?
    /// Said when a query found nothing, or could not be made.
    var message: String?
    /// Said when the search stopped before it had looked at every entry.
    var partial: String?
    var results: [Result]
    var hasResults: Bool
    var moreHref: String?
    /// The catalog's products found (a brand with a catalog section), on a search's first page.
    var products: [ProductResult]
    var hasProducts: Bool

    /// One story found.
    struct Result: Sendable {
        var card: TeaserCard
        var section: String
        var sectionHref: String
        var snippet: [Piece]
    }

    /// One product found: its name in the reader's language, found words marked, and its price.
    struct ProductResult: Sendable {
        var name: [Piece]
        var href: String
        var price: String
    }

    /// A piece of a snippet; `match` ones are marked.
    struct Piece: Sendable {
        var text: String
        var match: Bool
    }

    /// What a search answered.
    public enum Answer: Sendable {
        /// No query yet: the form alone.
        case none
        /// The page of results for the query, and the next page's cursor.
        case found(SearchPage)
        /// The query cannot be made (no words, only exclusions, too long).
        case invalid
    }

    /// The page; `products`, the catalog's products found, shown above the stories.
    public init(
        context: WebContext, brand: Brand, query: String, answer: Answer, products: ProductSearchPage? = nil
    ) {
        let t = context.strings
        chrome = Chrome(context, title: query.isEmpty ? t.search : "\(t.search): \(WebContext.isolated(query))")
        chrome.onSearch = true
        action = context.brandPath(brand) + "/search"
        self.query = query
        localeOverride = context.localeOverride?.identifier
        hint = t.searchHint
        var results: [Result] = []
        switch answer {
        case .none:
            break
        case .invalid:
            message = t.searchInvalid
        case .found(let page):
            summary = WebStrings.searchFound(page.total, context.language)
            if page.partial { partial = t.searchPartial }
            if page.results.isEmpty { message = t.searchNothing.replacingOccurrences(of: "{query}", with: query) }
            for result in page.results {
                guard case .teaser(let teaser) = result.item else { continue }
                let href = context.link(context.articlePath(brand, result.section, teaser.id))
                results.append(
                    Result(
                        card: TeaserCard(teaser, href: href, context: context) { other in
                            context.link(context.articlePath(brand, result.section, other.id))
                        },
                        section: result.sectionTitle,
                        sectionHref: context.link(context.sectionPath(brand, result.section)),
                        snippet: result.snippet.map { Piece(text: $0.text, match: $0.match) }))
            }
            if let next = page.nextCursor {
                moreHref = context.link(action, [("q", query), ("cursor", next)])
            }
        }
        self.results = results
        hasResults = !results.isEmpty
        let formats = LocaleFormats(context.language)
        self.products = (products?.results ?? []).map { found in
            let price = Money(
                decimal: found.product.price.value, currency: Currency(code: found.product.price.currency) ?? .rub)
            return ProductResult(
                name: found.name.map { Piece(text: $0.text, match: $0.match) },
                href: context.link(context.productPath(brand, found.product.id)),
                price: price.map(formats.money) ?? found.product.price.value + " " + found.product.price.currency)
        }
        hasProducts = !self.products.isEmpty
        // Products found answer the search even when no story does.
        if hasProducts, !hasResults {
            message = nil
            summary = nil
        }
    }
}
