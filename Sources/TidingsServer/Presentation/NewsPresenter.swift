import Foundation
import TidingsCatalog
import TidingsModel
import TidingsStore

/// Turns stored news into the localized wire form: titles, prices, sizes and the seed's short
/// relative times ("6 ч" / "6h").
public struct NewsPresenter: Sendable {
    public var markup: MarkupPercent

    public init(markup: MarkupPercent) { self.markup = markup }

    public func item(_ entry: NewsEntry, language: LanguageTag, now: Date) -> NewsItem {
        let record = entry.record
        let product = entry.product
        let price = record.price.markedUp(by: markup)
        let oldPrice = record.oldPrice?.markedUp(by: markup)
        let formats = LocaleFormats(language)
        return NewsItem(
            id: record.id, event: record.kind,
            title: Self.title(kind: record.kind, percent: record.percent, discounted: record.discounted, language),
            product: .init(
                id: product.id, name: product.name(for: language), unit: product.unit,
                size: formats.quantity(product.unitSize, unit: product.unit), imageURL: product.imageURL),
            price: formats.money(price), oldPrice: oldPrice.map { formats.money($0) },
            priceAmount: Amount(price), oldPriceAmount: oldPrice.map(Amount.init), percent: record.percent,
            discounted: record.discounted, timeAgo: formats.timeAgo(from: record.createdAt, to: now),
            createdAt: record.createdAt)
    }

    /// An aggregate with its members, each presented as an item of its own.
    public func aggregate(_ entry: NewsAggregateEntry, language: LanguageTag, now: Date) -> NewsAggregate {
        let members = entry.members.map { item($0, language: language, now: now) }
        let record = entry.record
        return NewsAggregate(
            id: record.id, kind: record.kind,
            title: Self.headline(
                kind: record.kind, lead: members.first?.product.name, count: record.memberCount, language),
            count: record.memberCount, members: members,
            timeAgo: LocaleFormats(language).timeAgo(from: record.createdAt, to: now), createdAt: record.createdAt,
            updatedAt: record.updatedAt)
    }

    /// "Ананас и ещё 3 товара подешевели", "Pineapple and 3 more products got cheaper", "Ananas og 3
    /// varer til ble billigere": the first member by name and the others counted, in the plural form
    /// the count takes in the reader's language (`news.headline.*` in the catalogs); without a name,
    /// all of them counted ("4 товара подешевели").
    public static func headline(
        kind: NewsAggregate.Kind, lead: String?, count: Int, _ language: LanguageTag
    ) -> String {
        let key = headlineKey(kind)
        guard let lead else { return Translations.current.string(key, language, [.count(count)]) }
        return Translations.current.string(key + ".lead", language, [.text(lead), .count(count - 1)])
    }

    /// "Новый продукт: ", "Скидка 5%: ", "Prisfall 5 %: ": the words before a product's name, the
    /// percentage as the reader's locale writes it.
    public static func title(
        kind: NewsRecord.Kind, percent: Int?, discounted: Bool?, _ language: LanguageTag
    ) -> String {
        switch kind {
        case .newProduct: return Translations.current.string("news.title.newProduct", language)
        case .priceUpdated:
            let percent = LocaleFormats(language).percent(percent ?? 0)
            let key = discounted == true ? "news.title.priceDrop" : "news.title.priceUp"
            return Translations.current.string(key, language, [.text(percent)])
        }
    }

    /// The catalog keys this presenter reads.
    public static let translationKeys: [String] =
        ["news.title.newProduct", "news.title.priceDrop", "news.title.priceUp"]
        + NewsAggregate.Kind.allCases.flatMap { [headlineKey($0), headlineKey($0) + ".lead"] }

    private static func headlineKey(_ kind: NewsAggregate.Kind) -> String {
        switch kind {
        case .priceDrops: "news.headline.priceDrops"
        case .priceRises: "news.headline.priceRises"
        case .newProducts: "news.headline.newProducts"
        }
    }
}
