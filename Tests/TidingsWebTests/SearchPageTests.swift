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

    @Test(
        "a catalog brand's products are listed among its stories, words marked, with prices; results are counted as results"
    )
    func products() throws {
        let context = try WebFixtures.context(WebFixtures.grocery, path: "/grocery/search")
        let product = Product(
            id: "milk", name: "Молоко 3,2%", unit: "l", unitSize: ScaledDecimal(scaled: 1_000, scale: 3),
            container: "bottle", storePrice: Money(minorUnits: 8_990, currency: .rub), imageURL: nil,
            createdAt: WebFixtures.now, updatedAt: WebFixtures.now)
        let section = try #require(WebFixtures.grocery.catalogSection)
        let found = SearchPage(
            brand: "grocery", query: "молоко",
            results: [
                SearchResult(
                    section: section.id, sectionTitle: "Новинки",
                    product: ProductResource(product: product, consumerPrice: Money(minorUnits: 9_890, currency: .rub)),
                    snippet: [SnippetPart(text: "Молоко", match: true), SnippetPart(text: " 3,2%", match: false)],
                    score: 0.9)
            ], total: 1, nextCursor: "next")
        let html = try WebFixtures.html(
            SearchResultsPage(context: context, brand: WebFixtures.grocery, query: "молоко", answer: .found(found)))
        #expect(html.contains("<a href=\"/grocery/products/milk\" data-open dir=\"auto\"><mark>Молоко</mark> 3,2%</a>"))
        #expect(html.contains("<p class=\"result-section\"><a href=\"/grocery/\(section.id)\">Новинки</a></p>"))
        #expect(html.contains("98,90"))
        #expect(html.contains("Найден 1 результат"), "counted as results, not stories")
        #expect(!html.contains("search-message"))
        #expect(html.contains("cursor=next"), "paged with the stories")
    }
}
