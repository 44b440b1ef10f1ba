import Foundation
import TextAnalysis
import TidingsModel
import TidingsSections
import TidingsStore

/// A brand's search (`GET /api/v1/brands/{brand}/search`, the web reader's search page, the
/// terminal reader's `/`): the stories of its sections that keep them and, for a brand with a
/// catalog section, the catalog's products, in one list by score. Each kind is ranked by its own
/// search (both by relevance times recency: a product's date is its last change), and a page
/// merges the two lists' next results; the cursor carries how far each has been used, so pages
/// neither repeat nor skip what either found.
struct BrandSearch: Sendable {
    let sections: SectionService
    let catalog: CatalogService

    /// A page of what `ask` finds in `brand`, titles and names in `language`; `token` from the
    /// page before.
    func page(brand: Brand, ask: SearchAsk, cursor token: String?, language: LanguageTag) async throws -> SearchPage {
        let query = try ask.query()
        let cursor = try await ask.cursor(token, scope: .search(brand.id), keys: sections.environment.keys)
        let (stories, catalogSection) = try Self.scope(brand, ask)
        let now = cursor?.now ?? sections.clock()
        let found =
            stories.isEmpty
            ? FoundStories.none
            : try await sections.searchStories(
                brand: brand, in: stories, ask: ask, query: query, cursor: cursor, now: now, language: language)
        var products: [SearchResult] = []
        var moreProducts = false
        var productCandidates = 0
        if let catalogSection {
            let offset = cursor?.products ?? 0
            // Products changed after the first page was asked are left to a new search, as stories
            // stored since are: a price change must not move one from a page read to one not yet.
            let seen = now.addingTimeInterval(0.001)
            let answer = try await catalog.store.searchProducts(
                ProductSearchRequest(
                    query: query, since: ask.since, until: min(ask.until ?? seen, seen), offset: offset,
                    limit: ask.limit))
            let title = catalogSection.title.text(language, brand: brand.locale)
            products = answer.products.map { product, relevance in
                let age = now.timeIntervalSince(product.updatedAt) / 86_400
                return SearchResult(
                    section: catalogSection.id, sectionTitle: title,
                    product: catalog.resource(product),
                    snippet: SearchSnippet(product.name(for: language), query: query).apiParts,
                    score: SearchRanking.rounded(SearchRanking.score(relevance: relevance, ageDays: age)))
            }
            moreProducts = answer.more
            productCandidates = answer.candidates
        }
        // The two lists, each best first, merged: the better score first, a story before a
        // product of the same score.
        var results: [SearchResult] = []
        var (takenStories, takenProducts) = (0, 0)
        while results.count < ask.limit {
            let story = found.results.indices.contains(takenStories) ? found.results[takenStories] : nil
            let product = products.indices.contains(takenProducts) ? products[takenProducts] : nil
            if let story, product.map({ story.score >= $0.score }) ?? true {
                results.append(story)
                takenStories += 1
            } else if let product {
                results.append(product)
                takenProducts += 1
            } else {
                break
            }
        }
        let more =
            found.more || moreProducts || takenStories < found.results.count || takenProducts < products.count
        var next: String?
        if more {
            let after = SearchCursor(
                offset: (cursor?.offset ?? 0) + found.consumed(takenStories),
                products: (cursor?.products ?? 0) + takenProducts, top: stories.isEmpty ? 0 : found.top, now: now,
                fingerprint: ask.fingerprint)
            next = try await sections.environment.keys.token(after.payload, for: .search(brand.id))
        }
        return SearchPage(
            brand: brand.id, query: ask.text, results: results, total: found.candidates + productCandidates,
            nextCursor: next, partial: !found.complete)
    }

    /// The sections whose stories `ask` looks in, and the catalog section when it looks for
    /// products; ``SearchAskError/section(_:)`` for a section the brand does not have (or that
    /// holds nothing searched), ``SearchAskError/kind(_:)`` for products asked of a brand without
    /// a catalog.
    static func scope(_ brand: Brand, _ ask: SearchAsk) throws -> (stories: [Section], catalog: Section?) {
        var stories = brand.sections.filter(\.keepsStories)
        var catalog = brand.catalogSection
        if let wanted = ask.sections {
            for id in wanted where !stories.contains(where: { $0.id == id }) && catalog?.id != id {
                throw SearchAskError.section(id)
            }
            stories = stories.filter { wanted.contains($0.id) }
            if let section = catalog, !wanted.contains(section.id) { catalog = nil }
        }
        if !ask.wants(SearchResult.Kind.story) { stories = [] }
        if !ask.wants(SearchResult.Kind.product) {
            catalog = nil
        } else if ask.kinds == [SearchResult.Kind.product], brand.catalogSection == nil {
            // Products alone of a brand without them; stories and products are what it has.
            throw SearchAskError.kind(SearchResult.Kind.product)
        }
        // Products have no source: a search of some sources is a search of their stories.
        if ask.sources != nil { catalog = nil }
        return (stories, catalog)
    }
}
