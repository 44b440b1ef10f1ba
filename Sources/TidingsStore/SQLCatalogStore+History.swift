import Foundation
import SQLKit
import TidingsCatalog
import TidingsModel

extension SQLCatalogStore {
    public func priceHistory(productID: String) async throws -> [PricePoint] {
        try await source.read { db in
            let rows = try await db.raw(
                """
                SELECT type, at, payload FROM events WHERE product_id = \(bind: productID)
                  AND type IN ('product_created', 'price_changed', 'product_deleted') ORDER BY at, seq
                """
            ).all()
            let decoder = TidingsJSON.decoder()
            var points: [PricePoint] = []
            var currency: Currency?
            for row in rows {
                let type = try row.decode(column: "type", as: String.self)
                let input = try decoder.decode(
                    EventInput.self, from: Data(try row.decode(column: "payload", as: String.self).utf8))
                switch CatalogEvent.Kind(rawValue: type) {
                case .productCreated:
                    // Creation defaults to roubles, as ProductDraft does.
                    points = []
                    currency = Currency(code: input.currency ?? "RUB")
                case .productDeleted:
                    points = []
                    currency = nil
                    continue
                default:
                    if let code = input.currency { currency = Currency(code: code) }
                }
                guard let currency, let text = input.storePrice,
                    let price = Money(decimal: text, currency: currency)
                else { continue }
                let at = Date(millisecondsSince1970: try row.decode(column: "at", as: Int64.self))
                points.append(PricePoint(at: at, storePrice: price))
            }
            return points
        }
    }
}
