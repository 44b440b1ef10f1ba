import Foundation
import TidingsModel
import TidingsSections
import TidingsWeb

/// Brands, sections and items for rendering pages without a server.
enum WebFixtures {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    static let news = Section(
        id: "news", title: LocalizedText([.en: "News", .ru: "Новости"]),
        source: .feed([URL(string: "https://example.com/feed.xml")!]))
    static let catalog = Section(id: "prices", title: LocalizedText([.ru: "Цены", .en: "Prices"]), source: .catalog)
    static let web = Section(
        id: "sport", title: LocalizedText("Sport"), source: .web(URL(string: "https://example.com/sport")!),
        render: .web(URL(string: "https://example.com/sport")!))

    /// A brand with one house ad, for banner slots only.
    static let courier: Brand = {
        var brand = Brand(
            id: "courier", name: "The Courier", locale: .en,
            theme: ["primary": "#0b3d91", "accent": "#e63946"], sections: [news, web])
        brand.houseAds = [
            HouseAd(
                format: "banner", image: URL(string: "https://ads.example/subscribe.png")!,
                headline: LocalizedText([.en: "The Courier on every screen", .ru: "«Курьер» на любом экране"]),
                text: LocalizedText("The first month is free."), link: URL(string: "https://courier.example/subscribe")!
            )
        ]
        return brand
    }()
    static let grocery = Brand(id: "grocery", name: "Лавка", locale: .ru, sections: [catalog])

    static func context(_ brand: Brand?, locale: String? = nil, path: String = "/") throws -> WebContext {
        WebContext(
            brands: [courier, grocery], brand: brand, localeQuery: locale, now: now, path: path,
            renderer: try renderer(), timeZone: TimeZone(identifier: "Europe/Moscow")!, images: images)
    }

    /// Proxy links that show which image each is: `/img/` and the URL's host and path.
    static let images = ImageLinks { "/img/" + ($0.host() ?? "") + $0.path() }

    static func renderer() throws -> WebRenderer { try WebRenderer() }

    /// The page as a browser gets it, with asset versions and hashes blanked, so snapshots change
    /// only when the markup does.
    static func html(_ page: some WebPage) throws -> String {
        try renderer().render(page).html
            .replacingOccurrences(of: #"\?v=[0-9a-f]+"#, with: "?v=VERSION", options: .regularExpression)
            .replacingOccurrences(
                of: #"integrity="sha256-[^"]+""#, with: #"integrity="HASH""#, options: .regularExpression)
    }

    static let teaser = Teaser(
        id: "t1", title: "Harbour ferry returns", summary: "Back after three weeks in dry dock.",
        imageURL: URL(string: "https://img.example/ferry.jpg"), url: URL(string: "https://example.com/ferry"),
        publishedAt: now.addingTimeInterval(-2 * 3600), source: "World")
    static let bareTeaser = Teaser(id: "t2", title: "No picture, no date", source: "")

    static func newsItem(_ event: NewsItem.Event, discounted: Bool?) -> NewsItem {
        NewsItem(
            id: "n-\(event.rawValue)-\(discounted.map(String.init) ?? "nil")", event: event,
            title: event == .newProduct ? "Новый продукт: " : discounted == true ? "Скидка 12%: " : "Подорожание 5%: ",
            product: .init(id: "milk", name: "Молоко", unit: "l", size: "1 л", imageURL: nil), price: "89,00 ₽",
            oldPrice: event == .newProduct ? nil : "101,00 ₽", priceAmount: Amount(value: "89.00", currency: "RUB"),
            oldPriceAmount: nil, percent: event == .newProduct ? nil : 12, discounted: discounted, timeAgo: "6 ч",
            createdAt: now.addingTimeInterval(-6 * 3600))
    }

    static func feed(_ items: [FeedItem], next: String? = nil, title: String = "News") -> Feed {
        Feed(title: title, content: .native(items), nextCursor: next)
    }
}
