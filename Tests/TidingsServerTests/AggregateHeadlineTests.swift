import Testing
import TidingsModel
import TidingsServer

/// The headline of an aggregate in both languages, with the plural forms its count takes.
@Suite("Aggregate headlines")
struct AggregateHeadlineTests {
    func headline(_ kind: NewsAggregate.Kind, _ lead: String?, _ count: Int, _ language: LanguageTag) -> String {
        NewsPresenter.headline(kind: kind, lead: lead, count: count, language)
    }

    @Test("price drops: the first member named, the others counted (1 товар, 2–4 товара, 5–20 товаров, 21 товар)")
    func drops() {
        #expect(headline(.priceDrops, "Ананас", 4, .ru) == "Ананас и ещё 3 товара подешевели")
        #expect(headline(.priceDrops, "Ананас", 2, .ru) == "Ананас и ещё 1 товар подешевели")
        #expect(headline(.priceDrops, "Ананас", 6, .ru) == "Ананас и ещё 5 товаров подешевели")
        #expect(headline(.priceDrops, "Ананас", 12, .ru) == "Ананас и ещё 11 товаров подешевели")
        #expect(headline(.priceDrops, "Ананас", 22, .ru) == "Ананас и ещё 21 товар подешевели")
        #expect(headline(.priceDrops, "Ананас", 23, .ru) == "Ананас и ещё 22 товара подешевели")
        #expect(headline(.priceDrops, "Pineapple", 4, .en) == "Pineapple and 3 more products got cheaper")
        #expect(headline(.priceDrops, "Pineapple", 2, .en) == "Pineapple and 1 more product got cheaper")
    }

    @Test("rises and new products have their own words")
    func others() {
        #expect(headline(.priceRises, "Ананас", 3, .ru) == "Ананас и ещё 2 товара подорожали")
        #expect(headline(.priceRises, "Pineapple", 3, .en) == "Pineapple and 2 more products went up in price")
        #expect(headline(.newProducts, "Ананас", 4, .ru) == "Ананас и ещё 3 новых товара в каталоге")
        #expect(headline(.newProducts, "Ананас", 2, .ru) == "Ананас и ещё 1 новый товар в каталоге")
        #expect(headline(.newProducts, "Ананас", 7, .ru) == "Ананас и ещё 6 новых товаров в каталоге")
        #expect(headline(.newProducts, "Pineapple", 2, .en) == "Pineapple and 1 more new product in the catalog")
    }

    @Test("without a member to name, all of them are counted")
    func unnamed() {
        #expect(headline(.priceDrops, nil, 4, .ru) == "4 товара подешевели")
        #expect(headline(.priceRises, nil, 5, .en) == "5 products went up in price")
    }
}
