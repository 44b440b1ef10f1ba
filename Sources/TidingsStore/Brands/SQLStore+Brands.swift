import Foundation
import SQLKit

/// Brands and sections as documents (BrandStore). Every write takes the `brands` lock, so two
/// servers importing into one new database take turns and the second finds the first's brands.
extension SQLStore: BrandStore {
    public func storedBrands() async throws -> StoredBrands {
        try await source.read { db in try await Self.storedBrands(db) }
    }

    public func replaceBrands(_ brands: [BrandDocument], at: Date) async throws -> StoredBrands {
        try await source.write(locking: .keys(["brands"])) { db in
            try await Self.replace(brands, at: at, db)
            return try await Self.storedBrands(db)
        }
    }

    public func importBrands(_ brands: [BrandDocument], at: Date) async throws -> (kept: StoredBrands, imported: Bool) {
        try await source.write(locking: .keys(["brands"])) { db in
            guard try await Self.count("brands", db) == 0 else { return (try await Self.storedBrands(db), false) }
            try await Self.replace(brands, at: at, db)
            return (try await Self.storedBrands(db), true)
        }
    }

    /// Puts `brands` in place of every brand, each brand and section one version past the one it
    /// had (a new one at 1), and raises the version of the whole.
    static func replace(_ brands: [BrandDocument], at: Date, _ db: any SQLDatabase) async throws {
        let now = at.millisecondsSince1970
        var brandVersions: [String: Int64] = [:]
        for row in try await db.raw("SELECT id, version FROM brands").all() {
            brandVersions[try row.decode(column: "id", as: String.self)] = try row.decode(
                column: "version", as: Int64.self)
        }
        var sectionVersions: [String: Int64] = [:]
        for row in try await db.raw("SELECT brand, id, version FROM brand_sections").all() {
            let key = try row.decode(column: "brand", as: String.self) + "/" + row.decode(column: "id", as: String.self)
            sectionVersions[key] = try row.decode(column: "version", as: Int64.self)
        }
        try await db.raw("DELETE FROM brand_sections").run()
        try await db.raw("DELETE FROM brands").run()
        for (position, brand) in brands.enumerated() {
            let version = (brandVersions[brand.id] ?? 0) + 1
            try await db.raw(
                """
                INSERT INTO brands (id, position, document, version, updated_at)
                VALUES (\(bind: brand.id), \(bind: Int64(position)), \(bind: brand.document), \(bind: version), \(bind: now))
                """
            ).run()
            for (index, section) in brand.sections.enumerated() {
                let version = (sectionVersions[brand.id + "/" + section.id] ?? 0) + 1
                try await db.raw(
                    """
                    INSERT INTO brand_sections (brand, id, position, document, version, updated_at)
                    VALUES (\(bind: brand.id), \(bind: section.id), \(bind: Int64(index)), \(bind: section.document),
                      \(bind: version), \(bind: now))
                    """
                ).run()
            }
        }
        try await db.raw("UPDATE brands_version SET version = version + 1 WHERE id = 1").run()
    }

    static func storedBrands(_ db: any SQLDatabase) async throws -> StoredBrands {
        var sections: [String: [StoredSection]] = [:]
        for row in try await db.raw(
            "SELECT brand, id, document, version, updated_at FROM brand_sections ORDER BY brand, position"
        ).all() {
            let section = StoredSection(
                id: try row.decode(column: "id", as: String.self),
                document: try row.decode(column: "document", as: String.self),
                version: try row.decode(column: "version", as: Int64.self),
                updatedAt: Date(millisecondsSince1970: try row.decode(column: "updated_at", as: Int64.self)))
            sections[try row.decode(column: "brand", as: String.self), default: []].append(section)
        }
        let brands = try await db.raw("SELECT id, document, version, updated_at FROM brands ORDER BY position").all()
            .map { row in
                let id = try row.decode(column: "id", as: String.self)
                return StoredBrand(
                    id: id, document: try row.decode(column: "document", as: String.self),
                    version: try row.decode(column: "version", as: Int64.self),
                    updatedAt: Date(millisecondsSince1970: try row.decode(column: "updated_at", as: Int64.self)),
                    sections: sections[id] ?? [])
            }
        let version = try await db.raw("SELECT version FROM brands_version WHERE id = 1").first()?
            .decode(column: "version", as: Int64.self)
        return StoredBrands(brands: brands, version: version ?? 0)
    }
}
