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
}
