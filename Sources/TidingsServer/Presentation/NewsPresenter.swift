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

    /// An aggregate with its members, each presented as an item of its own.
    public func aggregate(_ entry: NewsAggregateEntry, language: Language, now: Date) -> NewsAggregate {
        let members = entry.members.map { item($0, language: language, now: now) }
        let record = entry.record
        return NewsAggregate(
            id: record.id, kind: record.kind,
            title: Self.headline(
                kind: record.kind, lead: members.first?.product.name, count: record.memberCount, language),
            count: record.memberCount, members: members,
            timeAgo: language.timeAgo(from: record.createdAt, to: now), createdAt: record.createdAt,
            updatedAt: record.updatedAt)
    }

    /// "Ананас и ещё 3 товара подешевели", "Pineapple and 3 more products got cheaper": the first
    /// member by name and the others counted, with the plural forms the count takes; without a
    /// name, all of them counted ("4 товара подешевели").
    public static func headline(kind: NewsAggregate.Kind, lead: String?, count: Int, _ language: Language) -> String {
        let others = lead == nil ? count : count - 1
        let noun =
            kind == .newProducts
            ? language.form(
                for: others, en: ("new product", "new products"), ru: ("новый товар", "новых товара", "новых товаров"))
            : language.form(for: others, en: ("product", "products"), ru: ("товар", "товара", "товаров"))
        let subject =
            switch (lead, language) {
            case (let lead?, .ru): "\(lead) и ещё \(others) \(noun)"
            case (let lead?, .en): "\(lead) and \(others) more \(noun)"
            case (nil, _): "\(others) \(noun)"
            }
        // Two or more things, always: the verb is plural.
        let predicate =
            switch (kind, language) {
            case (.priceDrops, .ru): "подешевели"
            case (.priceDrops, .en): "got cheaper"
            case (.priceRises, .ru): "подорожали"
            case (.priceRises, .en): "went up in price"
            case (.newProducts, .ru): "в каталоге"
            case (.newProducts, .en): "in the catalog"
            }
        return subject + " " + predicate
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
