import Foundation

/// A catalog product as stored and as served by `GET /api/v1/products/{id}`.
public struct Product: Hashable, Sendable {
    /// Client-chosen id: 1–64 of `[A-Za-z0-9._-]`.
    public var id: String
    /// Name in the catalog's own language.
    public var name: String
    /// Optional translations of the name, keyed by language code ("en").
    public var names: [String: String]
    /// Unit the size is measured in ("kg", "g", "l", "ml", "pcs", or free text).
    public var unit: String
    /// Size in `unit`, exact (e.g. 0.5).
    public var unitSize: ScaledDecimal
    /// Packaging ("bulk", "pack", "bottle"); free text, may be empty.
    public var container: String
    /// What the store charges.
    public var storePrice: Money
    /// Optional http(s) image.
    public var imageURL: String?
    /// When the product first appeared (its creation event's time).
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

    /// Creates a product.
    public init(
        id: String, name: String, names: [String: String] = [:], unit: String, unitSize: ScaledDecimal,
        container: String, storePrice: Money, imageURL: String?, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.unit = unit
        self.unitSize = unitSize
        self.container = container
        self.storePrice = storePrice
        self.imageURL = imageURL
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The name for a reader of `language`, along its fallback chain (`nb-NO` → `nb` → `no`),
    /// else the catalog's own.
    public func name(for language: LanguageTag) -> String {
        for tag in language.fallbackChain {
            if let name = names[tag.identifier] { return name }
        }
        return name
    }

    /// Scale used for unit sizes (three fractional digits: grams of a kilogram).
    public static let unitSizeScale = 3

    /// Whether `id` is a valid product id.
    public static func isValidID(_ id: String) -> Bool {
        let bytes = id.utf8
        guard (1...64).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }
}
