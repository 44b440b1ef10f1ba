import Foundation
import TextAnalysis
import TidingsModel
import TidingsStore

extension CatalogService {
    /// A page of the catalog's products whose names match `ask` (its text, `typing` and
    /// `limit`), names in `language`; `cursor` from the page before.
    func searchProducts(ask: SearchAsk, cursor token: String?, language: LanguageTag) async throws
        -> ProductSearchPage
    {
        let query = try ask.query()
        let offset = try await ask.cursor(token, scope: .productSearch, keys: environment.keys)?.offset ?? 0
        let found = try await store.searchProducts(ProductSearchRequest(query: query, offset: offset, limit: ask.limit))
        let results = found.products.map { product, score in
            ProductSearchResult(
                product: resource(product),
                name: SearchSnippet(product.name(for: language), query: query).apiParts, score: score)
        }
        var next: String?
        if found.more {
            let after = SearchCursor(offset: offset + ask.limit, top: 0, now: clock(), fingerprint: ask.fingerprint)
            next = try await environment.keys.token(after.payload, for: .productSearch)
        }
        return ProductSearchPage(query: ask.text, results: results, total: found.candidates, nextCursor: next)
    }
}
