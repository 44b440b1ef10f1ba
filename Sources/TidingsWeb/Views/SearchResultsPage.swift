import Foundation
import TidingsModel
import TidingsSections

/// A brand's search page (`/{brand}/search?q=…`, docs/search.md): the form, and for a query what
/// was found, best first: stories, each a teaser with the section it is in and the stretch of its
/// text that matched (found words marked), and a catalog brand's products, each its name (found
/// words marked) and price; a link to the next page. Works without script.
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

    /// One thing found: a story (`card`, `snippet`) or a product (`product`), and its section.
    struct Result: Sendable {
        var card: TeaserCard?
        var product: ProductResult?
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

    public init(context: WebContext, brand: Brand, query: String, answer: Answer) {
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
            // A brand with a catalog counts results, not stories.
            summary =
                brand.catalogSection == nil
                ? WebStrings.searchFound(page.total, context.language)
                : WebStrings.searchFoundAll(page.total, context.language)
            if page.partial { partial = t.searchPartial }
            if page.results.isEmpty { message = t.searchNothing.replacingOccurrences(of: "{query}", with: query) }
            let formats = LocaleFormats(context.language)
            for result in page.results {
                let sectionHref = context.link(context.sectionPath(brand, result.section))
                let snippet = result.snippet.map { Piece(text: $0.text, match: $0.match) }
                if case .teaser(let teaser) = result.item {
                    let href = context.link(context.articlePath(brand, result.section, teaser.id))
                    results.append(
                        Result(
                            card: TeaserCard(teaser, href: href, context: context) { other in
                                context.link(context.articlePath(brand, result.section, other.id))
                            },
                            section: result.sectionTitle, sectionHref: sectionHref, snippet: snippet))
                } else if let product = result.product {
                    results.append(
                        Result(
                            product: ProductResult(
                                name: snippet, href: context.link(context.productPath(brand, product.id)),
                                price: formats.money(product.price)),
                            section: result.sectionTitle, sectionHref: sectionHref, snippet: []))
                }
            }
            if let next = page.nextCursor {
                moreHref = context.link(action, [("q", query), ("cursor", next)])
            }
        }
        self.results = results
        hasResults = !results.isEmpty
    }
}
