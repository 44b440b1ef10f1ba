import CSV
import Foundation
import TidingsModel

/// The demo grocery catalog `tidings serve` loads into an empty database, as the two CSV files the
/// backfill reads — so the demo exercises the same import path a real catalog does. Deterministic:
/// the same `now` gives the same history.
public enum DemoCatalog {
    // (ru name, en name, unit, size, container, store price, picture: Demo/media/products/NAME.svg)
    static let products: [(String, String, String, String, String, String, String)] = [
        ("Ананас", "Pineapple", "kg", "1", "bulk", "195.00", "fruit"),
        ("Бананы", "Bananas", "kg", "1", "bulk", "89.90", "fruit"),
        ("Яблоки Гренни Смит", "Granny Smith apples", "kg", "1", "bulk", "149.00", "fruit"),
        ("Молоко 3,2%", "Milk 3.2%", "l", "1", "bottle", "84.50", "dairy"),
        ("Кефир 1%", "Kefir 1%", "l", "0.9", "pack", "72.30", "dairy"),
        ("Сметана 20%", "Sour cream 20%", "g", "300", "cup", "96.00", "dairy"),
        ("Творог 5%", "Cottage cheese 5%", "g", "200", "pack", "119.00", "dairy"),
        ("Сыр Российский", "Rossiyskiy cheese", "kg", "1", "bulk", "689.00", "cheese"),
        ("Масло сливочное 82,5%", "Butter 82.5%", "g", "180", "pack", "209.00", "dairy"),
        ("Яйца С1", "Eggs C1", "pcs", "10", "box", "119.90", "eggs"),
        ("Хлеб Бородинский", "Borodinsky bread", "g", "400", "pack", "62.00", "bakery"),
        ("Батон нарезной", "Sliced loaf", "g", "400", "pack", "49.90", "bakery"),
        ("Гречка", "Buckwheat", "kg", "0.9", "pack", "109.00", "grains"),
        ("Рис басмати", "Basmati rice", "kg", "0.5", "pack", "159.00", "grains"),
        ("Спагетти", "Spaghetti", "g", "450", "pack", "99.90", "pasta"),
        ("Овсяные хлопья", "Rolled oats", "g", "500", "pack", "74.00", "grains"),
        ("Сахар", "Sugar", "kg", "1", "pack", "79.90", "pantry"),
        ("Соль поваренная", "Table salt", "kg", "1", "pack", "24.90", "pantry"),
        ("Масло подсолнечное", "Sunflower oil", "l", "1", "bottle", "139.00", "oil"),
        ("Масло оливковое", "Olive oil", "l", "0.5", "bottle", "749.00", "oil"),
        ("Куриное филе", "Chicken breast", "kg", "1", "tray", "389.00", "meat"),
        ("Фарш говяжий", "Ground beef", "g", "400", "tray", "329.00", "meat"),
        ("Сёмга, филе", "Salmon fillet", "g", "250", "pack", "699.00", "fish"),
        ("Картофель", "Potatoes", "kg", "1", "bulk", "39.90", "vegetables"),
        ("Морковь", "Carrots", "kg", "1", "bulk", "44.90", "vegetables"),
        ("Лук репчатый", "Onions", "kg", "1", "bulk", "34.90", "vegetables"),
        ("Помидоры черри", "Cherry tomatoes", "g", "250", "pack", "169.00", "vegetables"),
        ("Огурцы", "Cucumbers", "kg", "1", "bulk", "159.00", "vegetables"),
        ("Авокадо Хасс", "Hass avocado", "pcs", "1", "bulk", "99.00", "fruit"),
        ("Лимоны", "Lemons", "kg", "1", "bulk", "199.00", "fruit"),
        ("Кофе молотый", "Ground coffee", "g", "250", "pack", "449.00", "coffee"),
        ("Чай чёрный", "Black tea", "pcs", "100", "box", "239.00", "tea"),
        ("Шоколад горький 70%", "Dark chocolate 70%", "g", "90", "bar", "129.00", "sweets"),
        ("Мёд цветочный", "Flower honey", "g", "500", "jar", "399.00", "honey"),
        ("Вода минеральная", "Mineral water", "l", "1.5", "bottle", "59.90", "water"),
        ("Сок апельсиновый", "Orange juice", "l", "1", "pack", "149.00", "juice"),
        ("Йогурт греческий", "Greek yogurt", "g", "140", "cup", "69.90", "dairy"),
        ("Пельмени", "Pelmeni", "g", "800", "pack", "349.00", "frozen"),
        ("Мороженое пломбир", "Plombir ice cream", "g", "80", "cup", "64.90", "frozen"),
        ("Клубника", "Strawberries", "g", "500", "box", "299.00", "berries"),
    ]

    /// The two CSV documents: products (with an English `name_en` column) and a month of prices.
    public static func csv(now: Date) -> (products: String, prices: String) {
        var random = SplitMix64(seed: 2015)
        var productLines = ["id,name,name_en,unit,unit_size,container,image_url,created_at"]
        var priceLines = ["product_id,store_price,recorded_at"]
        let hour: Int64 = 3_600_000
        let nowMs = now.millisecondsSince1970
        // A dairy sale a day ago: six discounts within the hour, a burst `news.aggregate` folds —
        // into 4 or 5 news items, not 6: a product new this month has no price to cut, and a
        // discount a later rise follows within the merge window merges into it (which depends on
        // the minute the demo is loaded: README).
        let saleAt = (nowMs - 26 * hour) / hour * hour
        let sale = [3, 4, 5, 6, 8, 36]
        for (offset, product) in products.enumerated() {
            let id = "demo-\(offset + 1)"
            // Two thirds of the catalog predates the feed window; the rest is new this month.
            let created =
                offset % 3 == 2 ? nowMs - Int64(random.next(upTo: 28 * 24) + 2) * hour : nowMs - 60 * 24 * hour
            productLines.append(
                [
                    id, quoted(product.0), quoted(product.1), product.2, product.3, product.4, imageURL(product.6),
                    iso(created),
                ]
                .joined(separator: ","))
            guard var price = Money(decimal: product.5, currency: .rub)?.minorUnits else { continue }
            priceLines.append("\(id),\(decimal(price)),\(iso(created))")
            var time = max(created, nowMs - 30 * 24 * hour) + Int64(random.next(upTo: 72)) * hour
            // The sale price holds until the product's next change, which is reckoned from the
            // price before it.
            var onSale = !sale.contains(offset) || created >= saleAt
            func discount() {
                guard let place = sale.firstIndex(of: offset) else { return }
                let next = price * Int64(85 - 2 * place) / 100 / 10 * 10
                priceLines.append("\(id),\(decimal(next)),\(iso(saleAt + Int64(5 + 9 * place) * 60_000))")
                onSale = true
            }
            while time < nowMs - hour {
                if !onSale, time > saleAt { discount() }
                let roll = random.next(upTo: 100)
                let percent: Int64
                switch roll {
                case ..<40: percent = -Int64(5 + random.next(upTo: 20))  // a discount
                case ..<70: percent = Int64(4 + random.next(upTo: 12))  // a rise
                case ..<90: percent = Int64(random.next(upTo: 5)) - 2  // noise under the threshold
                default: percent = -30  // a shopper's mistake, reverted below
                }
                let next = max(1000, (price * (100 + percent) / 100) / 10 * 10)
                priceLines.append("\(id),\(decimal(next)),\(iso(time))")
                if roll >= 90 {
                    priceLines.append(
                        "\(id),\(decimal(price)),\(iso(time + Int64(10 + random.next(upTo: 80)) * 60_000))")
                } else {
                    price = next
                }
                time += Int64(24 + random.next(upTo: 24 * 8)) * hour
            }
            if !onSale { discount() }
        }
        return (productLines.joined(separator: "\n") + "\n", priceLines.joined(separator: "\n") + "\n")
    }

    /// A backfill over the demo documents.
    public static func backfill(now: Date) throws -> Backfill {
        let documents = csv(now: now)
        return try Backfill(
            products: CSVReader(string: documents.products, hasHeaderRow: true), productsName: "demo products",
            prices: CSVReader(string: documents.prices, hasHeaderRow: true), pricesName: "demo prices", since: nil)
    }

    /// A product's picture: its category's drawing, served by the image proxy from the demo's
    /// files (`DemoBrands.localImages`).
    static func imageURL(_ category: String) -> String { "https://grocery.example/media/products/\(category).svg" }

    private static func quoted(_ text: String) -> String {
        text.contains(",") ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    private static func decimal(_ minorUnits: Int64) -> String {
        Money(minorUnits: minorUnits, currency: .rub).decimalString
    }

    private static func iso(_ ms: Int64) -> String { TidingsJSON.formatDate(Date(millisecondsSince1970: ms)) }
}
