import Foundation
import Testing
import TidingsModel

@Suite("Money is exact")
struct MoneyTests {
    @Test("parses decimal strings into minor units without floating point")
    func parsesDecimals() {
        #expect(Money(decimal: "210.00", currency: .rub)?.minorUnits == 21_000)
        #expect(Money(decimal: "65.5", currency: .rub)?.minorUnits == 6_550)
        #expect(Money(decimal: "0.01", currency: .rub)?.minorUnits == 1)
        #expect(Money(decimal: "195", currency: .rub)?.minorUnits == 19_500)
        #expect(Money(decimal: "12.300", currency: .rub)?.minorUnits == 1_230, "trailing zeros are fine")
    }

    @Test(
        "refuses what is not a plain decimal of the currency",
        arguments: ["", ".", "1.005", "1e3", "1,5", " 1", "abc", "1..2", "--1", "99999999999999"])
    func refusesGarbage(_ text: String) {
        #expect(Money(decimal: text, currency: .rub) == nil)
    }

    @Test("knows currencies without minor units")
    func zeroDigitCurrencies() throws {
        let yen = try #require(Currency(code: "jpy"))
        #expect(yen.code == "JPY")
        #expect(Money(decimal: "500", currency: yen)?.decimalString == "500")
        #expect(Money(decimal: "500.5", currency: yen) == nil)
        #expect(Currency(code: "RU") == nil)
        #expect(Currency(code: "QQQ")?.isISO4217 == false, "the shape alone is not a currency")
        #expect(Currency(code: "XXX")?.isISO4217 == false && Currency(code: "XAU")?.isISO4217 == false)
        #expect(["RUB", "EUR", "JPY", "KWD", "CLF", "XOF"].allSatisfy { Currency(code: $0)?.isISO4217 == true })
        #expect(Currency(code: "CLF")?.minorUnitDigits == 4)
        #expect(Currency(code: "RU1") == nil)
    }

    @Test("formats with exactly the minor-unit digits")
    func formats() {
        #expect(Money(minorUnits: 6_553, currency: .rub).decimalString == "65.53")
        #expect(Money(minorUnits: 5, currency: .rub).decimalString == "0.05")
        #expect(Money(minorUnits: -150, currency: .rub).decimalString == "-1.50")
    }

    @Test("applies a markup rounded half away from zero to the kopeck")
    func markup() throws {
        let price = Money(minorUnits: 10_000, currency: .rub)
        #expect(price.markedUp(by: .zero) == price)
        #expect(price.markedUp(by: try #require(MarkupPercent("12.5"))).minorUnits == 11_250)
        // 0.05 × 1.10 = 0.055 → 0.06 (half up), where a Double would give 0.05.
        #expect(Money(minorUnits: 5, currency: .rub).markedUp(by: try #require(MarkupPercent("10"))).minorUnits == 6)
        // 1.23 × 1.0333 = 1.270959 → 1.27
        #expect(
            Money(minorUnits: 123, currency: .rub).markedUp(by: try #require(MarkupPercent("3.33"))).minorUnits == 127)
    }

    @Test("markup percentages parse exactly and within bounds")
    func markupParsing() {
        #expect(MarkupPercent("0.125")?.millionths == 125_000)
        #expect(MarkupPercent("12")?.description == "12")
        #expect(MarkupPercent("12.50")?.description == "12.5")
        #expect(MarkupPercent("-1") == nil)
        #expect(MarkupPercent("1001") == nil)
        #expect(MarkupPercent("0.0000001") == nil)
    }
}

@Suite("Scaled decimals")
struct ScaledDecimalTests {
    @Test("print their shortest form with a chosen separator")
    func shortForm() {
        #expect(ScaledDecimal("0.5", scale: 3)?.shortString() == "0.5")
        #expect(ScaledDecimal("0.500", scale: 3)?.shortString(separator: ",") == "0,5")
        #expect(ScaledDecimal("12", scale: 3)?.shortString() == "12")
        #expect(ScaledDecimal("1.2345", scale: 3) == nil)
    }
}

@Suite("JSON dates")
struct TidingsJSONTests {
    @Test("accept RFC 3339 with or without fractions and offsets, and write milliseconds in UTC")
    func dates() throws {
        let plain = try #require(TidingsJSON.parseDate("2026-11-20T10:00:00Z"))
        let fraction = try #require(TidingsJSON.parseDate("2026-11-20T10:00:00.250Z"))
        let offset = try #require(TidingsJSON.parseDate("2026-11-20T13:00:00+03:00"))
        #expect(offset == plain)
        #expect(fraction.timeIntervalSince(plain) == 0.25)
        #expect(TidingsJSON.formatDate(fraction) == "2026-11-20T10:00:00.250Z")
        #expect(TidingsJSON.parseDate("20 Nov 2026") == nil)
    }

    @Test("news items keep explicit nulls so both events share one shape")
    func explicitNulls() throws {
        let item = NewsItem(
            id: "e1", event: .newProduct, title: "New product: ",
            product: .init(id: "p", name: "Pineapple", unit: "kg", size: "1 kg", imageURL: nil),
            price: "RUB 1.00", oldPrice: nil, priceAmount: Amount(value: "1.00", currency: "RUB"), oldPriceAmount: nil,
            percent: nil, discounted: nil, timeAgo: "just now", createdAt: Date(timeIntervalSince1970: 0))
        let text = String(decoding: try TidingsJSON.encoder().encode(item), as: UTF8.self)
        for key in ["old_price", "old_price_amount", "percent", "discounted", "image_url"] {
            #expect(text.contains("\"\(key)\":null"), "\(key) should be an explicit null")
        }
        let decoded = try TidingsJSON.decoder().decode(NewsItem.self, from: Data(text.utf8))
        #expect(decoded == item)
    }
}
