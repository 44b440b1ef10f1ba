import Foundation
import Synchronization
import TidingsCatalog
import TidingsModel
import TidingsStore

/// Turns stored news into the localized wire form: titles, prices, sizes and the seed's short
/// relative times ("6 ч" / "6h").
public struct NewsPresenter: Sendable {
    public var markup: MarkupPercent

    public init(markup: MarkupPercent) { self.markup = markup }

    public func item(_ entry: NewsEntry, language: Language, now: Date) -> NewsItem {
        let record = entry.record
        let product = entry.product
        let price = record.price.markedUp(by: markup)
        let oldPrice = record.oldPrice?.markedUp(by: markup)
        return NewsItem(
            id: record.id, event: record.kind,
            title: Self.title(kind: record.kind, percent: record.percent, discounted: record.discounted, language),
            product: .init(
                id: product.id, name: product.name(for: language.rawValue), unit: product.unit,
                size: Self.size(product, language), imageURL: product.imageURL),
            price: Self.format(price, language), oldPrice: oldPrice.map { Self.format($0, language) },
            priceAmount: Amount(price), oldPriceAmount: oldPrice.map(Amount.init), percent: record.percent,
            discounted: record.discounted, timeAgo: Self.timeAgo(from: record.createdAt, to: now, language),
            createdAt: record.createdAt)
    }

    /// "Новый продукт: ", "Скидка 5%: ", "Подорожание 5%: " and their English twins.
    public static func title(kind: NewsRecord.Kind, percent: Int?, discounted: Bool?, _ language: Language) -> String {
        switch (kind, language) {
        case (.newProduct, .ru): return "Новый продукт: "
        case (.newProduct, .en): return "New product: "
        case (.priceUpdated, .ru):
            return discounted == true ? "Скидка \(percent ?? 0)%: " : "Подорожание \(percent ?? 0)%: "
        case (.priceUpdated, .en):
            return discounted == true ? "Price drop \(percent ?? 0)%: " : "Price up \(percent ?? 0)%: "
        }
    }

    /// Money in the language's conventions ("65,53 ₽" with no-break spaces; "RUB 65.53").
    public static func format(_ money: Money, _ language: Language) -> String {
        let style = currencyStyles.withLock { styles in
            let key = "\(language.rawValue)/\(money.currency.code)"
            if let style = styles[key] { return style }
            let style = Decimal.FormatStyle.Currency(code: money.currency.code, locale: language.locale)
            styles[key] = style
            return style
        }
        let decimal = Decimal(
            sign: money.minorUnits < 0 ? .minus : .plus, exponent: -money.currency.minorUnitDigits,
            significand: Decimal(money.minorUnits.magnitude))
        return decimal.formatted(style)
    }

    private static let currencyStyles = Mutex<[String: Decimal.FormatStyle.Currency]>([:])

    /// "1 кг", "0,5 л", "500 g", "10 шт".
    public static func size(_ product: Product, _ language: Language) -> String {
        let number = product.unitSize.shortString(separator: language == .ru ? "," : ".")
        let unit = language == .ru ? (russianUnits[product.unit.lowercased()] ?? product.unit) : product.unit
        return "\(number) \(unit)"
    }

    private static let russianUnits = ["kg": "кг", "g": "г", "l": "л", "ml": "мл", "pcs": "шт", "pc": "шт"]

    /// The seed's short style: "только что" / "just now", "5 мин" / "5m", "6 ч" / "6h", "3 д" / "3d".
    public static func timeAgo(from date: Date, to now: Date, _ language: Language) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        let (value, ru, en): (Int, String, String)
        switch seconds {
        case ..<60: return language == .ru ? "только что" : "just now"
        case ..<3600: (value, ru, en) = (seconds / 60, "мин", "m")
        case ..<86_400: (value, ru, en) = (seconds / 3600, "ч", "h")
        default: (value, ru, en) = (seconds / 86_400, "д", "d")
        }
        return language == .ru ? "\(value) \(ru)" : "\(value)\(en)"
    }
}
