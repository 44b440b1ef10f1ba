import Testing
import TidingsModel

/// CLDR's cardinal plural rules as the catalogs' plural forms use them.
@Suite("Plurals")
struct PluralTests {
    @Test("Russian: one for 1, 21, 101 but not 11; few for 2–4, 22–24 but not 12–14; many for the rest")
    func russian() {
        let expected: [(Int, PluralCategory)] = [
            (0, .many), (1, .one), (2, .few), (4, .few), (5, .many), (11, .many), (12, .many), (14, .many),
            (20, .many), (21, .one), (22, .few), (25, .many), (101, .one), (111, .many), (112, .many), (122, .few),
            (1_001, .one),
        ]
        for (count, category) in expected {
            #expect(PluralRules(.ru).category(count) == category, "\(count)")
        }
        #expect(PluralRules(.ru).category(-3) == .few, "the sign does not change the form")
    }

    @Test("a catalog's plural takes the form its count needs, the count written as the reader writes numbers")
    func counted() {
        let catalogs = Translations.shipped
        #expect(catalogs.string("read.count.items", .ru, [.count(3)]) == "3 элемента")
        #expect(catalogs.string("read.count.items", .ru, [.count(25)]) == "25 элементов")
        #expect(catalogs.string("read.count.items", .ru, [.count(21)]) == "21 элемент")
        #expect(catalogs.string("read.count.items", .en, [.count(1)]) == "1 item")
        for count in [0, 2, 11, 21, 101] {
            #expect(catalogs.string("read.count.items", .en, [.count(count)]) == "\(count) items")
        }
    }
}
