import Foundation

/// The brands a server shows, as the database keeps them so that editors change them live: each
/// brand's own fields and each of its sections as a document in the configuration file's form
/// (written by `BrandsWriter`, read by the same reader as the file), each with a version that
/// every change raises.
public protocol BrandStore: Sendable {
    /// Every brand kept, in order, with its sections in order; empty when none is.
    func storedBrands() async throws -> StoredBrands
    /// The version of the whole, raised by every change (0 while none was ever kept): what a
    /// server asks every second to learn whether its copy is current.
    func brandsVersion() async throws -> Int64
    /// Keeps `brands` in place of every brand kept, in one transaction; returns what is kept.
    func replaceBrands(_ brands: [BrandDocument], at: Date) async throws -> StoredBrands
    /// Changes the brands kept in one transaction: `change` is given what is kept, read inside the
    /// transaction (no other change comes between), and returns the documents to keep in its
    /// place, or nil to keep them as they are; what it throws refuses the change (nothing is
    /// stored) and reaches the caller. A brand or section gets a new version only when its
    /// document changed, the whole only when anything did. Returns what is kept afterwards.
    func changeBrands(at: Date, _ change: @escaping @Sendable (StoredBrands) throws -> [BrandDocument]?)
        async throws -> StoredBrands
    /// Keeps `brands` only when none were ever kept (several servers starting on one new database
    /// import once; brands an editor deleted stay deleted); returns what is kept afterwards and
    /// whether it is `brands`.
    func importBrands(_ brands: [BrandDocument], at: Date) async throws -> (kept: StoredBrands, imported: Bool)
}

/// A brand as given to the store: its own document and its sections' documents, in order.
public struct BrandDocument: Sendable, Hashable {
    public var id: String
    /// The brand's fields but its sections, as YAML.
    public var document: String
    public var sections: [SectionDocument]

    public init(id: String, document: String, sections: [SectionDocument]) {
        self.id = id
        self.document = document
        self.sections = sections
    }
}

/// A section as given to the store.
public struct SectionDocument: Sendable, Hashable {
    public var id: String
    /// The section's fields, as YAML.
    public var document: String

    public init(id: String, document: String) {
        self.id = id
        self.document = document
    }
}

/// Every brand the database keeps, and the version of the whole (raised by every change).
public struct StoredBrands: Sendable, Hashable {
    public var brands: [StoredBrand]
    public var version: Int64

    public init(brands: [StoredBrand], version: Int64) {
        self.brands = brands
        self.version = version
    }

    /// The documents, as given to the store.
    public var documents: [BrandDocument] {
        brands.map { brand in
            BrandDocument(
                id: brand.id, document: brand.document,
                sections: brand.sections.map { SectionDocument(id: $0.id, document: $0.document) })
        }
    }
}

/// A brand as kept.
public struct StoredBrand: Sendable, Hashable {
    public var id: String
    public var document: String
    /// Raised by every change of the brand's own fields.
    public var version: Int64
    public var updatedAt: Date
    public var sections: [StoredSection]

    public init(id: String, document: String, version: Int64, updatedAt: Date, sections: [StoredSection]) {
        self.id = id
        self.document = document
        self.version = version
        self.updatedAt = updatedAt
        self.sections = sections
    }
}

/// A section as kept.
public struct StoredSection: Sendable, Hashable {
    public var id: String
    public var document: String
    /// Raised by every change of the section.
    public var version: Int64
    public var updatedAt: Date

    public init(id: String, document: String, version: Int64, updatedAt: Date) {
        self.id = id
        self.document = document
        self.version = version
        self.updatedAt = updatedAt
    }
}
