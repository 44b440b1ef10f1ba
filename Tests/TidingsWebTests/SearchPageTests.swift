import Foundation
import Testing
import TidingsModel
import TidingsWeb

@Suite("Search page")
struct SearchPageTests {
    @Test("a search that stopped early says that only the newest stories were looked at, in the reader's language")
    func partial() throws {
        let context = try WebFixtures.context(WebFixtures.courier, locale: "ru", path: "/courier/search")
        func html(partial: Bool) throws -> String {
            let found = SearchPage(
                brand: "courier", query: "паром", results: [], total: 0, nextCursor: nil, partial: partial)
            return try WebFixtures.html(
                SearchResultsPage(context: context, brand: WebFixtures.courier, query: "паром", answer: .found(found)))
        }
        let said = "Поиск прошёл только по самым новым материалам"
        #expect(try html(partial: true).contains(said))
        #expect(try !html(partial: false).contains(said))
    }

    @Test("a catalog's products found are listed with the words marked and their prices, and answer the search")
    func products() throws {
        let context = try WebFixtures.context(WebFixtures.grocery, path: "/grocery/search")
        let product = Product(
            id: "milk", name: "Молоко 3,2%", unit: "l", unitSize: ScaledDecimal(scaled: 1_000, scale: 3),
            container: "bottle", storePrice: Money(minorUnits: 8_990, currency: .rub), imageURL: nil,
            createdAt: WebFixtures.now, updatedAt: WebFixtures.now)
        let found = ProductSearchPage(
            query: "молоко",
            results: [
                ProductSearchResult(
                    product: ProductResource(product: product, consumerPrice: Money(minorUnits: 9_890, currency: .rub)),
                    name: [SnippetPart(text: "Молоко", match: true), SnippetPart(text: " 3,2%", match: false)], score: 1
                )
            ], total: 1, nextCursor: nil)
        let none = SearchPage(brand: "grocery", query: "молоко", results: [], total: 0, nextCursor: nil)
        let html = try WebFixtures.html(
            SearchResultsPage(
                context: context, brand: WebFixtures.grocery, query: "молоко", answer: .found(none), products: found))
        #expect(html.contains("<h2 class=\"search-kind\">Товары</h2>"))
        #expect(html.contains("<a href=\"/grocery/products/milk\" dir=\"auto\"><mark>Молоко</mark> 3,2%</a>"))
        #expect(html.contains("98,90"))
        // No story found, yet the products answer: neither "nothing found" nor "0 found".
        #expect(!html.contains("search-message") && !html.contains("search-summary"))
    }
}
