import Testing
import TidingsModel

/// CLDR's cardinal plural rules for the two languages, as the aggregated news phrases need them.
@Suite("Plurals")
struct PluralTests {
    static let product = (en: (one: "product", other: "products"), ru: (one: "товар", few: "товара", many: "товаров"))

    @Test("Russian: one for 1, 21, 101 but not 11; few for 2–4, 22–24 but not 12–14; many for the rest")
    func russian() {
        let expected: [(Int, String)] = [
            (0, "0 товаров"), (1, "1 товар"), (2, "2 товара"), (4, "4 товара"), (5, "5 товаров"), (11, "11 товаров"),
            (12, "12 товаров"), (14, "14 товаров"), (20, "20 товаров"), (21, "21 товар"), (22, "22 товара"),
            (25, "25 товаров"), (101, "101 товар"), (111, "111 товаров"), (112, "112 товаров"), (122, "122 товара"),
            (1_001, "1001 товар"),
        ]
        for (count, text) in expected {
            #expect(Language.ru.counted(count, en: Self.product.en, ru: Self.product.ru) == text)
        }
        #expect(Language.ru.plural(-3) == .few, "the sign does not change the form")
    }

    @Test("English: one for 1, other for the rest, 0 included")
    func english() {
        #expect(Language.en.counted(1, en: Self.product.en, ru: Self.product.ru) == "1 product")
        for count in [0, 2, 11, 21, 101] {
            #expect(Language.en.counted(count, en: Self.product.en, ru: Self.product.ru) == "\(count) products")
        }
    }
}
