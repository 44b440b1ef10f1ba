import Foundation
import TidingsModel

/// An event as the log keeps it: the log's own record, versioned and written by its own code, so
/// changing the wire API (`EventInput`) changes neither what the log holds nor how rows already
/// logged read.
///
/// Version 1 — every row logged before this type existed has exactly this shape, without `v`: one
/// JSON object, keys sorted, with `id`, `type`, `product_id`, `at` (ISO 8601 UTC with
/// milliseconds), then what the change carries: `name`, `names`, `unit`, `unit_size`,
/// `container`, `store_price` (decimal text as sent), `currency` and `image_url` (present and
/// null: an update removing the image). A row without `v` is version 1; a version this build does
/// not know is refused by name rather than misread.
public struct EventRecord: Hashable, Sendable {
    /// The version this build writes.
    public static let currentVersion = 1

    public var version = Self.currentVersion
    public var id: String
    public var type: String
    public var productID: String
    public var at: Date
    public var name: String?
    public var names: [String: String]?
    public var unit: String?
    public var unitSize: String?
    public var container: String?
    public var storePrice: String?
    public var currency: String?
    /// `.some(nil)`: the update removes the image.
    public var imageURL: String?? = .none

    /// The record of a validated event.
    public init(_ event: CatalogEvent) {
        id = event.id
        type = event.kind.rawValue
        productID = event.productID
        at = event.at
        switch event.change {
        case .created(let draft):
            name = draft.name
            names = draft.names.isEmpty ? nil : draft.names
            unit = draft.unit
            unitSize = draft.unitSize.shortString()
            container = draft.container
            storePrice = draft.storePrice.decimalString
            currency = draft.currency.code
            imageURL = draft.imageURL.map { .some($0) } ?? .none
        case .updated(let patch):
            name = patch.name
            names = patch.names
            unit = patch.unit
            unitSize = patch.unitSize?.shortString()
            container = patch.container
            imageURL = patch.imageURL
        case .priceChanged(let price, let currency):
            storePrice = price
            self.currency = currency?.code
        case .deleted:
            break
        }
    }

    /// The event again, checked by today's rules as it was on receipt (`recordedAt` stands for
    /// the time of receipt).
    public func event(recordedAt: Date) throws(CatalogError) -> CatalogEvent {
        let input = EventInput(
            id: id, type: type, productID: productID, at: at, name: name, names: names, unit: unit,
            unitSize: unitSize, container: container, storePrice: storePrice, currency: currency, imageURL: imageURL)
        return try CatalogEvent(validating: input, now: recordedAt)
    }
}

extension EventRecord: Codable {
    /// What is wrong with a logged row.
    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The record's own keys: renaming a wire field does not rename these.
    private enum CodingKeys: String, CodingKey {
        case version = "v"
        case id, type, at, name, names, unit, container, currency
        case productID = "product_id"
        case unitSize = "unit_size"
        case storePrice = "store_price"
        case imageURL = "image_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard version == 1 else {
            throw Unreadable(
                description: "version \(version) was written by a newer Tidings (this one reads version 1)")
        }
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        productID = try container.decode(String.self, forKey: .productID)
        let time = try container.decode(String.self, forKey: .at)
        guard let at = TidingsJSON.parseDate(time) else {
            throw Unreadable(description: "at must be an ISO 8601 time, not \(time)")
        }
        self.at = at
        name = try container.decodeIfPresent(String.self, forKey: .name)
        names = try container.decodeIfPresent([String: String].self, forKey: .names)
        unit = try container.decodeIfPresent(String.self, forKey: .unit)
        unitSize = try container.decodeIfPresent(String.self, forKey: .unitSize)
        self.container = try container.decodeIfPresent(String.self, forKey: .container)
        storePrice = try container.decodeIfPresent(String.self, forKey: .storePrice)
        currency = try container.decodeIfPresent(String.self, forKey: .currency)
        if container.contains(.imageURL) {
            imageURL = .some(try container.decodeIfPresent(String.self, forKey: .imageURL))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Version 1 rows carry no `v`: those logged before the record existed look the same.
        if version != 1 { try container.encode(version, forKey: .version) }
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(productID, forKey: .productID)
        try container.encode(TidingsJSON.formatDate(at), forKey: .at)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(names, forKey: .names)
        try container.encodeIfPresent(unit, forKey: .unit)
        try container.encodeIfPresent(unitSize, forKey: .unitSize)
        try container.encodeIfPresent(self.container, forKey: .container)
        try container.encodeIfPresent(storePrice, forKey: .storePrice)
        try container.encodeIfPresent(currency, forKey: .currency)
        if case .some(let url) = imageURL { try container.encode(url, forKey: .imageURL) }
    }

    /// The encoder rows are written with: keys sorted, slashes unescaped. Make one per batch.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The row's JSON text.
    public func json(_ encoder: JSONEncoder = EventRecord.encoder()) throws -> String {
        String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads a row's JSON text, of any version this build knows.
    public init(json text: String, decoder: JSONDecoder = JSONDecoder()) throws {
        self = try decoder.decode(EventRecord.self, from: Data(text.utf8))
    }
}
