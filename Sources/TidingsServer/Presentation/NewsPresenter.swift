import Foundation
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
            price: language.format(price), oldPrice: oldPrice.map { language.format($0) },
            priceAmount: Amount(price), oldPriceAmount: oldPrice.map(Amount.init), percent: record.percent,
            discounted: record.discounted, timeAgo: language.timeAgo(from: record.createdAt, to: now),
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

    /// "1 кг", "0,5 л", "500 g", "10 шт", with a no-break space: a quantity never breaks across
    /// lines ("1" at the end of one, "кг" on the next).
    public static func size(_ product: Product, _ language: Language) -> String {
        let number = product.unitSize.shortString(separator: language == .ru ? "," : ".")
        let unit = language == .ru ? (russianUnits[product.unit.lowercased()] ?? product.unit) : product.unit
        return "\(number)\u{00A0}\(unit)"
    }

    private static let russianUnits = ["kg": "кг", "g": "г", "l": "л", "ml": "мл", "pcs": "шт", "pc": "шт"]
}
