import Foundation
import Testing
import TidingsModel

/// Formatting tables for the seeds' languages and for scripts, plural systems and digits unlike
/// them (ar, pl, ja): CLDR's data through Foundation and ICU, with the Russian catalog's two
/// patterns keeping the seed's forms. "⍽" below is a no-break space, "⎵" a narrow one.
@Suite("Locale formats")
struct LocaleFormatsTests {
    /// `text` with its invisible spaces made visible, so a table shows which space is which.
    static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{00A0}", with: "⍽").replacingOccurrences(of: "\u{202F}", with: "⎵")
            .replacingOccurrences(of: "\u{200F}", with: "‹RLM›").replacingOccurrences(of: "\u{061C}", with: "‹ALM›")
    }

    static func tag(_ code: String) -> LanguageTag { LanguageTag(code)! }

    static func money(_ minorUnits: Int64, _ code: String) -> Money {
        Money(minorUnits: minorUnits, currency: Currency(code: code)!)
    }

    @Test(
        "money in the locale's own way, with the currency's narrow symbol",
        arguments: [
            ("ru", 6_553, "RUB", "65,53⍽₽"), ("ru", 123_456, "RUB", "1⍽234,56⍽₽"), ("en", 6_553, "RUB", "₽65.53"),
            ("en-US", 123_450, "USD", "$1,234.50"), ("nb-NO", 123_450, "NOK", "1⍽234,50⍽kr"),
            ("sv-SE", 123_450, "SEK", "1⍽234,50⍽kr"), ("de-DE", 123_450, "EUR", "1.234,50⍽€"),
            ("pl-PL", 123_450, "PLN", "1234,50⍽zł"), ("ja-JP", 1_235, "JPY", "￥1,235"),
            ("ar-EG", 6_553, "RUB", "‹RLM›٦٥٫٥٣⍽₽"),
        ] as [(String, Int64, String, String)])
    func money(_ locale: String, _ minorUnits: Int64, _ currency: String, _ expected: String) {
        #expect(Self.visible(LocaleFormats(Self.tag(locale)).money(Self.money(minorUnits, currency))) == expected)
    }

    @Test(
        "percentages: CLDR's spacing, the Russian catalog's \"5%\" as the seed writes it",
        arguments: [
            ("ru", 5, "5%"), ("en", 12, "12%"), ("nb", 12, "12⍽%"), ("sv", 12, "12⍽%"), ("de", 12, "12⍽%"),
            ("pl", 12, "12%"), ("ja", 12, "12%"), ("ar-EG", 12, "١٢٪‹ALM›"),
        ] as [(String, Int, String)])
    func percent(_ code: String, _ value: Int, _ expected: String) {
        #expect(Self.visible(LocaleFormats(Self.tag(code)).percent(value)) == expected)
    }

    @Test("a signed change has a true minus, and a sign when nothing changed")
    func signedPercent() {
        #expect(LocaleFormats(.ru).signedPercent(-12) == "\u{2212}12%")
        #expect(LocaleFormats(.en).signedPercent(5) == "+5%")
        #expect(Self.visible(LocaleFormats(Self.tag("nb")).signedPercent(0)) == "±0⍽%")
    }

    /// Seconds ago and the short time shown, per locale, across every boundary.
    static let ages: [Double] = [0, 59, 60, 3_599, 3_600, 86_399, 86_400, 3 * 86_400]

    @Test(
        "how long ago, in the narrow style the API uses, across the minute, hour and day boundaries",
        arguments: [
            ("ru", ["только что", "только что", "1⍽мин", "59⍽мин", "1⍽ч", "23⍽ч", "1⍽д", "3⍽д"]),
            ("en", ["just now", "just now", "1m", "59m", "1h", "23h", "1d", "3d"]),
            ("nb", ["akkurat nå", "akkurat nå", "1⎵m", "59⎵m", "1⎵t", "23⎵t", "1⎵d", "3⎵d"]),
            ("sv", ["just nu", "just nu", "1⎵m", "59⎵m", "1⎵h", "23⎵h", "1⎵d", "3⎵d"]),
            ("pl", ["just now", "just now", "1min", "59min", "1h", "23h", "1⍽d.", "3⍽dn."]),
            ("ja", ["just now", "just now", "1分", "59分", "1時間", "23時間", "1日", "3日"]),
            ("ar-EG", ["الآن", "الآن", "١د", "٥٩د", "١س", "٢٣س", "١يوم", "٣يوم"]),
        ] as [(String, [String])])
    func timeAgo(_ code: String, _ expected: [String]) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let shown = Self.ages.map {
            Self.visible(LocaleFormats(Self.tag(code)).timeAgo(from: now.addingTimeInterval(-$0), to: now))
        }
        #expect(shown == expected)
    }

    @Test(
        "a product's size: CLDR's short units, pieces from the catalog, the number never parted from its unit",
        arguments: [
            ("ru", "1", "kg", "1⍽кг"), ("ru", "0.5", "l", "0,5⍽л"), ("ru", "10", "pcs", "10⍽шт"),
            ("en", "500", "g", "500⍽g"), ("en", "1", "pcs", "1⍽pc"), ("nb", "0.5", "kg", "0,5⍽kg"),
            ("nb", "6", "pcs", "6⍽stk"), ("sv", "250", "ml", "250⍽ml"), ("de", "1.5", "l", "1,5⍽l"),
            ("ja", "2", "l", "2⍽L"), ("ru", "3", "pack", "3⍽pack"),
        ] as [(String, String, String, String)])
    func quantity(_ code: String, _ amount: String, _ unit: String, _ expected: String) throws {
        let size = try #require(ScaledDecimal(amount, scale: 3))
        #expect(Self.visible(LocaleFormats(Self.tag(code)).quantity(size, unit: unit)) == expected)
    }

    @Test(
        "plural categories from CLDR for 0, 1, 2, 5, 11, 21, 22, 101 and 1.5",
        arguments: [
            ("ru", "many one few many many one few one other"),
            ("en", "other one other other other other other other other"),
            ("nb", "other one other other other other other other other"),
            ("sv", "other one other other other other other other other"),
            ("ar", "zero one two few many many many other other"), ("pl", "many one few many many many few many other"),
            ("ja", "other other other other other other other other other"),
        ] as [(String, String)])
    func plurals(_ code: String, _ expected: String) {
        let numbers: [Double] = [0, 1, 2, 5, 11, 21, 22, 101, 1.5]
        #expect(numbers.map { PluralRules(Self.tag(code)).category($0).rawValue }.joined(separator: " ") == expected)
    }
}
