import Foundation

/// One catalog event as posted to `POST /api/v1/events` and as kept in the event log.
///
/// Flat on the wire: `{"id":"e1","type":"price_changed","product_id":"44957","store_price":"210.00","at":"…"}`.
/// Which fields matter depends on `type`; validation happens in the catalog layer.
public struct EventInput: Codable, Hashable, Sendable {
    public var id: String
    public var type: String
    public var productID: String?
    public var at: Date?
    public var name: String?
    public var names: [String: String]?
    public var unit: String?
    public var unitSize: String?
    public var container: String?
    public var storePrice: String?
    public var currency: String?
    /// Present-and-nil means "remove the image" in an update.
    public var imageURL: String??

    public init(
        id: String, type: String, productID: String? = nil, at: Date? = nil, name: String? = nil,
        names: [String: String]? = nil, unit: String? = nil, unitSize: String? = nil, container: String? = nil,
        storePrice: String? = nil, currency: String? = nil, imageURL: String?? = .none
    ) {
        self.id = id
        self.type = type
        self.productID = productID
        self.at = at
        self.name = name
        self.names = names
        self.unit = unit
        self.unitSize = unitSize
        self.container = container
        self.storePrice = storePrice
        self.currency = currency
        self.imageURL = imageURL
    }

    enum CodingKeys: String, CodingKey {
        case id, type, at, name, names, unit, container, currency
        case productID = "product_id"
        case unitSize = "unit_size"
        case storePrice = "store_price"
        case imageURL = "image_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            fieldsFrom: decoder, id: container.decode(String.self, forKey: .id),
            type: container.decode(String.self, forKey: .type))
    }

    /// Reads the product fields of an event from `decoder`, with `id` and `type` given by the
    /// caller (a product body in `POST /api/v1/products` has the same fields, but its own id).
    public init(fieldsFrom decoder: any Decoder, id: String, type: String) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = id
        self.type = type
        productID = try container.decodeIfPresent(String.self, forKey: .productID)
        at = try container.decodeIfPresent(Date.self, forKey: .at)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        names = try container.decodeIfPresent([String: String].self, forKey: .names)
        unit = try container.decodeIfPresent(String.self, forKey: .unit)
        unitSize = try container.decodeDecimalText(forKey: .unitSize)
        self.container = try container.decodeIfPresent(String.self, forKey: .container)
        storePrice = try container.decodeDecimalText(forKey: .storePrice)
        currency = try container.decodeIfPresent(String.self, forKey: .currency)
        if container.contains(.imageURL) {
            imageURL = .some(try container.decodeIfPresent(String.self, forKey: .imageURL))
        } else {
            imageURL = .none
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(productID, forKey: .productID)
        try container.encodeIfPresent(at, forKey: .at)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(names, forKey: .names)
        try container.encodeIfPresent(unit, forKey: .unit)
        try container.encodeIfPresent(unitSize, forKey: .unitSize)
        try container.encodeIfPresent(self.container, forKey: .container)
        try container.encodeIfPresent(storePrice, forKey: .storePrice)
        try container.encodeIfPresent(currency, forKey: .currency)
        if case .some(let url) = imageURL { try container.encode(url, forKey: .imageURL) }
    }
}

extension KeyedDecodingContainer {
    /// Decimal fields arrive as strings ("210.00") or as JSON numbers; both become exact text.
    /// Numbers are read as `Decimal`, which keeps their digits, never through `Double`.
    func decodeDecimalText(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
        guard let number = try? decode(Decimal.self, forKey: key), number.isFinite else {
            // Out-of-range numbers (5e-324, 1e200) fail here too: name the field, as for any bad value.
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be a decimal number or a decimal string")
        }
        return "\(number)"
    }
}
