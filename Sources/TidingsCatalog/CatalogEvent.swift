import Foundation
import TidingsModel

/// A validated catalog event: what the write path and `news rebuild` both apply.
public struct CatalogEvent: Hashable, Sendable {
    /// Type names on the wire and in the log.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case productCreated = "product_created"
        case productUpdated = "product_updated"
        case priceChanged = "price_changed"
        case productDeleted = "product_deleted"
    }

    /// The change, with fields checked for shape (checks that need the product happen on apply).
    public enum Change: Hashable, Sendable {
        case created(ProductDraft)
        case updated(ProductPatch)
        case priceChanged(storePrice: String, currency: Currency?)
        case deleted
    }

    /// Idempotency key chosen by the sender.
    public var id: String
    public var at: Date
    public var productID: String
    public var change: Change
    /// True when the sender gave no `at` and the time of receipt was taken: a replay of such an
    /// event is the same event whatever time the log holds for it.
    public var atIsTimeOfReceipt = false

    public var kind: Kind {
        switch change {
        case .created: .productCreated
        case .updated: .productUpdated
        case .priceChanged: .priceChanged
        case .deleted: .productDeleted
        }
    }

    public init(id: String, at: Date, productID: String, change: Change) {
        self.id = id
        self.at = at
        self.productID = productID
        self.change = change
    }

    /// Validates the wire form. `now` fills a missing `at`.
    public init(validating input: EventInput, now: Date) throws(CatalogError) {
        guard (1...128).contains(input.id.utf8.count), Validate.isOneLine(input.id) else {
            throw .invalid("id", "must be 1–128 characters on one line")
        }
        guard let kind = Kind(rawValue: input.type) else {
            let known = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalid("type", "must be one of \(known)")
        }
        guard let productID = input.productID else { throw .invalid("product_id", "is required") }
        guard Product.isValidID(productID) else {
            throw .invalid("product_id", "must be 1–64 of A-Z a-z 0-9 . _ -")
        }
        let at = (input.at ?? now).truncatedToMilliseconds
        guard at.timeIntervalSince1970 > 0, at.timeIntervalSince(now) < 86_400 else {
            throw .invalid("at", "must be after 1970 and not more than a day in the future")
        }
        let change: Change
        switch kind {
        case .productCreated:
            change = .created(try ProductDraft(validating: input))
        case .productUpdated:
            change = .updated(try ProductPatch(validating: input))
        case .priceChanged:
            guard let price = input.storePrice else { throw .invalid("store_price", "is required") }
            let currency = try input.currency.map { code throws(CatalogError) in try Validate.currency(code) }
            change = .priceChanged(storePrice: price, currency: currency)
        case .productDeleted:
            change = .deleted
        }
        self.init(id: input.id, at: at, productID: productID, change: change)
        atIsTimeOfReceipt = input.at == nil
    }

    /// Events are equal when they say the same thing; how their time was chosen does not count.
    public static func == (lhs: CatalogEvent, rhs: CatalogEvent) -> Bool {
        lhs.id == rhs.id && lhs.at == rhs.at && lhs.productID == rhs.productID && lhs.change == rhs.change
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(at)
        hasher.combine(productID)
        hasher.combine(change)
    }

    /// Whether this event, sent again, says what `logged` (the event the log holds under the same
    /// id) said: same type, product, change and time — any time, when this one gave none. A replay
    /// that does not is a conflict, not a duplicate.
    public func isReplay(of logged: CatalogEvent) -> Bool {
        guard id == logged.id, productID == logged.productID, atIsTimeOfReceipt || at == logged.at else {
            return false
        }
        switch (change, logged.change) {
        case (.priceChanged(let price, let currency), .priceChanged(let loggedPrice, let loggedCurrency)):
            // The price is kept as sent ("195" or "195.00"); compare the amounts.
            let amount = { (text: String) in ScaledDecimal(text, scale: 6)?.scaled }
            return currency == loggedCurrency
                && (amount(price).map { $0 == amount(loggedPrice) } ?? (price == loggedPrice))
        default:
            return change == logged.change
        }
    }
}
