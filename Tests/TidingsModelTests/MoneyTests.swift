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

    @Test("a markup never overflows: huge amounts and percentages clamp, small ones stay exact")
    func markupExtremes() {
        let huge = MarkupPercent(millionths: .max)
        // 1 kopeck × (1 + 9.2 × 10^12 %): exact, though 100 % + the markup overflows Int64.
        #expect(Money(minorUnits: 1, currency: .rub).markedUp(by: huge).minorUnits == 92_233_720_370)
        #expect(Money(minorUnits: -1, currency: .rub).markedUp(by: huge).minorUnits == -92_233_720_370)
        #expect(Money(minorUnits: 0, currency: .rub).markedUp(by: huge).minorUnits == 0)
        #expect(Money(minorUnits: .max, currency: .rub).markedUp(by: huge).minorUnits == .max)
        #expect(Money(minorUnits: .min, currency: .rub).markedUp(by: huge).minorUnits == .min)
        let thousand = MarkupPercent(millionths: 1_000_000_000)
        // (2^63 − 1) / 11 × 11 fits; one kopeck more does not.
        #expect(
            Money(minorUnits: 838_488_366_986_797_800, currency: .rub).markedUp(by: thousand).minorUnits
                == 9_223_372_036_854_775_800)
        #expect(Money(minorUnits: 838_488_366_986_797_801, currency: .rub).markedUp(by: thousand).minorUnits == .max)
    }

    @Test("scaling by a fraction matches exact decimal arithmetic, rounded half away from zero")
    func scaledAgainstDecimal() {
        var random = SplitMix64(seed: 14)
        for _ in 0..<2_000 {
            let value = Int64(bitPattern: random.next()) % 1_000_000_000_000
            let numerator = Int64(bitPattern: random.next()) % 1_000_000  // |product| < 10^18: int64Value is exact
            let denominator = Int64(random.next() % 100_000_000) + 1
            var exact = Decimal(value) * Decimal(numerator) / Decimal(denominator)
            var rounded = Decimal()
            NSDecimalRound(&rounded, &exact, 0, .plain)
            #expect(
                value.scaled(by: numerator, over: denominator) == NSDecimalNumber(decimal: rounded).int64Value,
                "\(value) × \(numerator) / \(denominator)")
        }
        #expect(Int64.max.scaled(by: .max, over: 1) == .max)
        #expect(Int64.min.scaled(by: .max, over: 1) == .min)
        #expect(Int64.min.scaled(by: 1, over: 1) == .min)
        #expect(Int64.min.scaled(by: -1, over: 1) == .max)
        #expect(Int64(3).scaled(by: 1, over: 2) == 2)
        #expect(Int64(-3).scaled(by: 1, over: 2) == -2)
        #expect(Int64.max.scaled(by: 2, over: 2) == .max)
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
