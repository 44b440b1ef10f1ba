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
        let query: SearchQuery
        do {
            query = try SearchQuery(ask.text, typing: ask.typing)
        } catch {
            throw SearchAskError.query(error)
        }
        var offset = 0
        if let token {
            guard let payload = try await environment.keys.open(token, for: .productSearch),
                let opened = SearchCursor(payload: payload), opened.fingerprint == ask.fingerprint
            else { throw SearchAskError.cursor }
            offset = opened.offset
        }
        let found = try await store.searchProducts(ProductSearchRequest(query: query, offset: offset, limit: ask.limit))
        let results = found.products.map { product, score in
            let name = SearchSnippet(product.name(for: language), query: query)
            return ProductSearchResult(
                product: ProductResource(product: product, consumerPrice: consumerPrice(product.storePrice)),
                name: name.parts.map { SnippetPart(text: $0.text, match: $0.match) }, score: score)
        }
        var next: String?
        if found.more {
            let after = SearchCursor(offset: offset + ask.limit, top: 0, now: clock(), fingerprint: ask.fingerprint)
            next = try await environment.keys.token(after.payload, for: .productSearch)
        }
        return ProductSearchPage(query: ask.text, results: results, total: found.candidates, nextCursor: next)
    }
}
