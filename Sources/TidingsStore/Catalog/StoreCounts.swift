import Foundation
import TidingsCatalog
import TidingsModel

/// Row counts.
public struct StoreCounts: Hashable, Sendable {
    public var events: Int
    public var products: Int
    public var newsItems: Int

    public init(events: Int, products: Int, newsItems: Int) {
        self.events = events
        self.products = products
        self.newsItems = newsItems
    }
}
