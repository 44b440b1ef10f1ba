import Foundation

/// A product on the wire (`GET/POST/PATCH /api/v1/products`): the store price and, beside it, the
/// consumer price after the configured markup.
public struct ProductResource: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var names: [String: String]
    public var unit: String
    public var unitSize: String
    public var container: String
    public var storePrice: Amount
    public var price: Amount
    public var imageURL: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(product: Product, consumerPrice: Money) {
        id = product.id
        name = product.name
        names = product.names
        unit = product.unit
        unitSize = product.unitSize.shortString()
        container = product.container
        storePrice = Amount(product.storePrice)
        price = Amount(consumerPrice)
        imageURL = product.imageURL
        createdAt = product.createdAt
        updatedAt = product.updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, names, unit, container, price
        case unitSize = "unit_size"
        case storePrice = "store_price"
        case imageURL = "image_url"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(names, forKey: .names)
        try container.encode(unit, forKey: .unit)
        try container.encode(unitSize, forKey: .unitSize)
        try container.encode(self.container, forKey: .container)
        try container.encode(storePrice, forKey: .storePrice)
        try container.encode(price, forKey: .price)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
