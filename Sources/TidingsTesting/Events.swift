import Foundation
import TidingsCatalog
import TidingsModel

/// Small builders for catalog events in tests, so each test reads as the story it tells.
public enum Events {
    /// A fixed instant tests count from: 2026-11-01T12:00:00Z.
    public static let epoch = Date(timeIntervalSince1970: 1_793_534_400)

    /// `epoch` plus some minutes.
    public static func at(minutes: Double) -> Date { epoch.addingTimeInterval(minutes * 60) }

    public static func created(
        _ id: String, product: String, price: String, name: String = "Ананас", at: Date = epoch,
        names: [String: String]? = nil, unit: String = "kg", unitSize: String = "1", currency: String = "RUB"
    ) -> EventInput {
        EventInput(
            id: id, type: "product_created", productID: product, at: at, name: name, names: names, unit: unit,
            unitSize: unitSize, container: "bulk", storePrice: price, currency: currency)
    }

    public static func price(_ id: String, product: String, price: String, at: Date) -> EventInput {
        EventInput(id: id, type: "price_changed", productID: product, at: at, storePrice: price)
    }

    public static func deleted(_ id: String, product: String, at: Date) -> EventInput {
        EventInput(id: id, type: "product_deleted", productID: product, at: at)
    }

    /// Validates wire events; a test that builds an invalid one fails loudly.
    public static func validated(_ inputs: [EventInput], now: Date = epoch.addingTimeInterval(86_400 * 30)) throws
        -> [CatalogEvent]
    {
        try inputs.map { try CatalogEvent(validating: $0, now: now) }
    }
}
