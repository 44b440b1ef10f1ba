import Foundation
import TidingsModel

/// Applies events to an in-memory working set of products and derives their news: the listener
/// that runs inside the write transaction. Pure: the store loads the states a batch touches,
/// applies the events here in the order of their time (see `CatalogBatch+Order.swift`), then
/// writes what changed — so live ingestion and `news rebuild` run exactly the same code.
public struct CatalogBatch: Sendable {
    /// A change to a news item the store must write.
    public enum NewsWrite: Hashable, Sendable {
        case upsert(NewsRecord)
        case delete(productID: String)
    }

    public let policy: NewsPolicy
    /// The states the batch started from (what the store had).
    public let loaded: [String: ProductState]
    /// Products the batch knows about; a product missing here does not exist.
    public private(set) var states: [String: ProductState]
    /// Final state of every product the batch changed; nil means deleted.
    public private(set) var productWrites: [String: ProductState?] = [:]
    /// Final state of every news item the batch changed, by item id.
    public private(set) var newsWrites: [String: NewsWrite] = [:]
    /// Products whose stored news must all be removed before `newsWrites` are written.
    public private(set) var purgedProducts: Set<String> = []
    /// Accepted events, in order.
    public private(set) var accepted: [CatalogEvent] = []

    /// Starts a batch over the loaded states of the products its events name.
    public init(policy: NewsPolicy, loaded: [String: ProductState]) {
        self.policy = policy
        self.loaded = loaded
        self.states = loaded
    }

    /// Applies one event, or throws and changes nothing.
    public mutating func apply(_ event: CatalogEvent) throws(CatalogError) {
        try change(event)
        accepted.append(event)
    }

    /// Applies an event the log already holds, at its place in time; false when it does not apply
    /// there (a change to a product deleted before it, say), which changes nothing but the
    /// product's `lastEventAt`.
    @discardableResult
    public mutating func replay(_ event: CatalogEvent) -> Bool {
        do {
            try change(event)
            return true
        } catch {
            if var state = states[event.productID], state.lastEventAt < event.at {
                state.lastEventAt = event.at
                store(state, for: event.productID)
            }
            return false
        }
    }

    /// Forgets product `id` — its state and every news item stored for it — so that replaying its
    /// events from the first derives it afresh.
    public mutating func restart(_ id: String) {
        purgedProducts.insert(id)
        newsWrites = newsWrites.filter { entry in
            if case .upsert(let item) = entry.value { return item.productID != id }
            return true
        }
        states[id] = nil
        productWrites[id] = .some(nil)
    }

    private mutating func change(_ event: CatalogEvent) throws(CatalogError) {
        let id = event.productID
        switch event.change {
        case .created(let draft):
            guard states[id] == nil else {
                throw CatalogError(
                    .conflict, code: "product_exists", message: "catalog: product \(id) already exists",
                    field: "product_id")
            }
            let product = draft.product(id: id, at: event.at)
            let item = NewsRecord(
                id: event.id, productID: id, kind: .newProduct, price: product.storePrice, createdAt: event.at,
                updatedAt: event.at)
            newsWrites[item.id] = .upsert(item)
            store(ProductState(product: product, lastEventAt: event.at), for: id)
        case .updated(let patch):
            var state = try existing(id)
            patch.apply(to: &state.product)
            state.product.updatedAt = event.at
            state.lastEventAt = max(state.lastEventAt, event.at)
            store(state, for: id)
        case .priceChanged(let text, let currency):
            var state = try existing(id)
            let productCurrency = state.product.storePrice.currency
            if let currency, currency != productCurrency {
                throw .invalid("currency", "is \(currency) but product \(id) is priced in \(productCurrency)")
            }
            let price = try Validate.price(text, currency: productCurrency)
            derivePriceNews(event: event, newPrice: price, state: &state)
            state.product.storePrice = price
            state.product.updatedAt = event.at
            state.lastEventAt = max(state.lastEventAt, event.at)
            store(state, for: id)
        case .deleted:
            _ = try existing(id)
            restart(id)
        }
    }

    private mutating func derivePriceNews(event: CatalogEvent, newPrice: Money, state: inout ProductState) {
        let oldPrice = state.product.storePrice
        guard newPrice != oldPrice else { return }
        if var item = state.lastPriceItem, let itemOld = item.oldPrice,
            event.at >= item.createdAt, event.at.timeIntervalSince(item.createdAt) <= policy.mergeWindow
        {
            // Merge: the item keeps its old price and takes the new one; a reversal makes it vanish.
            let percent = PriceChange.percent(old: itemOld.minorUnits, new: newPrice.minorUnits)
            if percent <= policy.minChangePercent {
                newsWrites[item.id] = .delete(productID: item.productID)
                state.lastPriceItem = nil
            } else {
                item.price = newPrice
                item.percent = percent
                item.updatedAt = event.at
                newsWrites[item.id] = .upsert(item)
                state.lastPriceItem = item
            }
            return
        }
        let percent = PriceChange.percent(old: oldPrice.minorUnits, new: newPrice.minorUnits)
        guard percent > policy.minChangePercent else { return }
        let item = NewsRecord(
            id: event.id, productID: state.product.id, kind: .priceUpdated, price: newPrice, oldPrice: oldPrice,
            percent: percent, createdAt: event.at, updatedAt: event.at)
        newsWrites[item.id] = .upsert(item)
        state.lastPriceItem = item
    }

    private func existing(_ id: String) throws(CatalogError) -> ProductState {
        guard let state = states[id] else {
            throw CatalogError(
                .notFound, code: "product_not_found", message: "catalog: product \(id) does not exist",
                field: "product_id")
        }
        return state
    }

    private mutating func store(_ state: ProductState, for id: String) {
        states[id] = state
        productWrites[id] = .some(state)
    }
}
