import Foundation
import TidingsCatalog
import TidingsModel
import TidingsSections

/// `/{brand}/products/{id}`: a product, its price and its price history.
public struct ProductPage: WebPage {
    public static let template = "product"

    /// One row of the history table, newest first.
    public struct Row: Sendable {
        var datetime: String
        var date: String
        var price: String
        /// "−12%", "+5%" (the cards' style: "Скидка 12%"), or what happened ("added to the catalog").
        var change: String
        /// `new`, `drop`, `rise` or `same`.
        var direction: String
    }

    /// The product as the page needs it, prices already marked up and formatted.
    public struct Product: Sendable {
        public var id: String
        public var name: String
        public var size: String
        public var imageURL: String?
        public var price: String

        public init(id: String, name: String, size: String, imageURL: String?, price: String) {
            self.id = id
            self.name = name
            self.size = size
            self.imageURL = imageURL
            self.price = price
        }
    }

    /// A point of the history: when, the consumer price, and its amount in minor units.
    public struct Point: Sendable {
        public var at: Date
        public var price: String
        public var minorUnits: Int64

        public init(at: Date, price: String, minorUnits: Int64) {
            self.at = at
            self.price = price
            self.minorUnits = minorUnits
        }
    }

    var chrome: Chrome
    var name: String
    var size: String
    var image: String?
    var price: String
    var history: [Row]
    var hasHistory: Bool
    /// The section the page was reached from (else the front section).
    var back: Chrome.Link

    /// `history` is oldest first, as the store gives it.
    public init(context: WebContext, product: Product, history: [Point], section: Section?) {
        let brand = context.brand!
        let t = context.strings
        chrome = Chrome(context, title: "\(WebContext.isolated(product.name)) · \(brand.name)", section: section?.id)
        name = product.name
        size = product.size
        image = context.images.path(product.imageURL)
        price = product.price
        var rows: [Row] = []
        var previous: Int64?
        for point in history {
            let row: Row
            let date = point.at.formatted(context.dateStyle(.numeric))
            if let previous, previous != 0 {
                // Rounded as the catalog's news titles round it, so both say the same percent.
                let percent = PriceChange.percent(old: previous, new: point.minorUnits)
                let direction = point.minorUnits < previous ? "drop" : point.minorUnits > previous ? "rise" : "same"
                row = Row(
                    datetime: WebContext.machineTime(point.at), date: date, price: point.price,
                    change: context.formats.signedPercent(point.minorUnits < previous ? -percent : percent),
                    direction: direction)
            } else {
                row = Row(
                    datetime: WebContext.machineTime(point.at), date: date, price: point.price, change: t.created,
                    direction: "new")
            }
            rows.append(row)
            previous = point.minorUnits
        }
        self.history = rows.reversed()
        hasHistory = !rows.isEmpty
        back = context.backLink(section ?? brand.section(brand.front))
    }
}
