import Foundation
import TidingsModel

/// The fields of a product being created, checked for shape.
public struct ProductDraft: Hashable, Sendable {
    public var name: String
    public var names: [String: String]
    public var unit: String
    public var unitSize: ScaledDecimal
    public var container: String
    public var storePrice: Money
    public var imageURL: String?

    public var currency: Currency { storePrice.currency }

    init(validating input: EventInput) throws(CatalogError) {
        guard let name = input.name else { throw .invalid("name", "is required") }
        guard let storePrice = input.storePrice else { throw .invalid("store_price", "is required") }
        let currency = try Validate.currency(input.currency ?? "RUB")
        self.name = try Validate.name(name)
        self.names = try Validate.names(input.names ?? [:])
        self.unit = try Validate.unit(input.unit ?? "pcs")
        self.unitSize = try Validate.unitSize(input.unitSize ?? "1")
        self.container = try Validate.container(input.container ?? "")
        self.storePrice = try Validate.price(storePrice, currency: currency)
        self.imageURL = try Validate.imageURL(input.imageURL ?? nil)
    }

    /// The product this draft creates.
    public func product(id: String, at: Date) -> Product {
        Product(
            id: id, name: name, names: names, unit: unit, unitSize: unitSize, container: container,
            storePrice: storePrice, imageURL: imageURL, createdAt: at, updatedAt: at)
    }
}

/// Changes to a product's descriptive fields; a price in a patch becomes its own `price_changed` event.
public struct ProductPatch: Hashable, Sendable {
    public var name: String?
    public var names: [String: String]?
    public var unit: String?
    public var unitSize: ScaledDecimal?
    public var container: String?
    /// `.some(nil)` removes the image.
    public var imageURL: String??

    public init(
        name: String? = nil, names: [String: String]? = nil, unit: String? = nil, unitSize: ScaledDecimal? = nil,
        container: String? = nil, imageURL: String?? = .none
    ) {
        self.name = name
        self.names = names
        self.unit = unit
        self.unitSize = unitSize
        self.container = container
        self.imageURL = imageURL
    }

    /// Whether the patch changes nothing.
    public var isEmpty: Bool {
        name == nil && names == nil && unit == nil && unitSize == nil && container == nil && imageURL == .none
    }

    public init(validating input: EventInput) throws(CatalogError) {
        name = try input.name.map { value throws(CatalogError) in try Validate.name(value) }
        names = try input.names.map { value throws(CatalogError) in try Validate.names(value) }
        unit = try input.unit.map { value throws(CatalogError) in try Validate.unit(value) }
        unitSize = try input.unitSize.map { value throws(CatalogError) in try Validate.unitSize(value) }
        container = try input.container.map { value throws(CatalogError) in try Validate.container(value) }
        if case .some(let url) = input.imageURL {
            imageURL = .some(try Validate.imageURL(url))
        }
        if input.storePrice != nil { throw .invalid("store_price", "changes through a price_changed event") }
        if input.currency != nil { throw .invalid("currency", "cannot change after creation") }
    }

    func apply(to product: inout Product) {
        if let name { product.name = name }
        if let names { product.names = names }
        if let unit { product.unit = unit }
        if let unitSize { product.unitSize = unitSize }
        if let container { product.container = container }
        if case .some(let url) = imageURL { product.imageURL = url }
    }
}
