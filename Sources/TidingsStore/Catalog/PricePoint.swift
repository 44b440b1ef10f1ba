import Foundation
import TidingsCatalog
import TidingsModel

/// A product's store price from a moment on.
public struct PricePoint: Hashable, Sendable {
    /// When the price took effect (the event's `at`).
    public var at: Date
    /// The store price (before markup).
    public var storePrice: Money

    /// Creates a point.
    public init(at: Date, storePrice: Money) {
        self.at = at
        self.storePrice = storePrice
    }
}
