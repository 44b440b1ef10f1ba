import Foundation
import SQLKit
import TidingsCatalog
import TidingsModel

extension SQLStore {
    public func priceHistory(productID: String) async throws -> [PricePoint] {
        let policy = self.policy
        return try await source.read { db in
            // The product's events replayed in time order, as ingestion and rebuild apply them, so
            // the history ends at the current price and leaves out events that did not apply.
            var batch = CatalogBatch(policy: policy, loaded: [:])
            var points: [PricePoint] = []
            for event in try await Self.productEvents([productID], db: db).events[productID] ?? [] {
                guard batch.replay(event) else { continue }
                switch event.change {
                case .created:
                    points = []
                case .deleted:
                    points = []
                    continue
                case .updated:
                    continue
                case .priceChanged:
                    break
                }
                guard let price = batch.states[productID]?.product.storePrice else { continue }
                points.append(PricePoint(at: event.at, storePrice: price))
            }
            return points
        }
    }
}
