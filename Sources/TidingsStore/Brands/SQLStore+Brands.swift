import Foundation
import SQLKit

/// Brands and sections as documents (BrandStore). Every write takes the `brands` lock, so two
/// servers importing into one new database take turns and the second finds the first's brands.
extension SQLStore: BrandStore {
    public func storedBrands() async throws -> StoredBrands {
        try await source.read { db in try await Self.storedBrands(db) }
    }

    public func replaceBrands(_ brands: [BrandDocument], at: Date, by author: BrandsAuthor) async throws
        -> StoredBrands
    {
        try await changeBrands(at: at, by: author) { _ in brands }
    }

    public func changeBrands(
        at: Date, by author: BrandsAuthor, _ change: @escaping @Sendable (StoredBrands) throws -> [BrandDocument]?
    ) async throws -> StoredBrands {
        try await source.write(locking: .keys(["brands"])) { db in
            let kept = try await Self.storedBrands(db)
            guard let brands = try change(kept) else { return kept }
            try await self.replace(brands, kept: kept, at: at, by: author, db)
            return try await Self.storedBrands(db)
        }
    }

    public func importBrands(_ brands: [BrandDocument], at: Date, by author: BrandsAuthor) async throws
        -> (kept: StoredBrands, imported: Bool)
    {
        try await source.write(locking: .keys(["brands"])) { db in
            let kept = try await Self.storedBrands(db)
            guard kept.version == 0 else { return (kept, false) }
            try await self.replace(brands, kept: kept, at: at, by: author, db)
            return (try await Self.storedBrands(db), true)
        }
    }

    /// Puts `brands` in place of `kept` (every brand): a brand or section whose document changed
    /// gets the next version and `at` as its time (a new one version 1), the others keep theirs;
    /// when anything changed (a document, the order, a brand or section added or removed) the
    /// version of the whole rises and the change is announced.
    func replace(
        _ brands: [BrandDocument], kept: StoredBrands, at: Date, by author: BrandsAuthor, _ db: any SQLDatabase
    ) async throws {
        guard brands != kept.documents || kept.version == 0 else { return }
        var keptBrands: [String: StoredBrand] = [:]
        var keptSections: [String: StoredSection] = [:]
        for brand in kept.brands {
            keptBrands[brand.id] = brand
            for section in brand.sections { keptSections[brand.id + "/" + section.id] = section }
        }
        /// The version and time a document gets: the kept ones when it is unchanged.
        func stamp(_ document: String, kept: (document: String, version: Int64, updatedAt: Date)?) -> (Int64, Int64) {
            guard let kept else { return (1, at.millisecondsSince1970) }
            if kept.document == document { return (kept.version, kept.updatedAt.millisecondsSince1970) }
            return (kept.version + 1, at.millisecondsSince1970)
        }
        try await db.raw("DELETE FROM brand_sections").run()
        try await db.raw("DELETE FROM brands").run()
        for (position, brand) in brands.enumerated() {
            let (version, updated) = stamp(
                brand.document, kept: keptBrands[brand.id].map { ($0.document, $0.version, $0.updatedAt) })
            try await db.raw(
                """
                INSERT INTO brands (id, position, document, version, updated_at)
                VALUES (\(bind: brand.id), \(bind: Int64(position)), \(bind: brand.document), \(bind: version), \(bind: updated))
                """
            ).run()
            for (index, section) in brand.sections.enumerated() {
                let (version, updated) = stamp(
                    section.document,
                    kept: keptSections[brand.id + "/" + section.id].map { ($0.document, $0.version, $0.updatedAt) })
                try await db.raw(
                    """
                    INSERT INTO brand_sections (brand, id, position, document, version, updated_at)
                    VALUES (\(bind: brand.id), \(bind: section.id), \(bind: Int64(index)), \(bind: section.document),
                      \(bind: version), \(bind: updated))
                    """
                ).run()
            }
        }
        // A section removed takes the newsroom's decisions on its stories with it.
        try await db.raw(
            """
            DELETE FROM section_actions WHERE NOT EXISTS (SELECT 1 FROM brand_sections
              WHERE brand_sections.brand = section_actions.brand AND brand_sections.id = section_actions.section)
            """
        ).run()
        try await db.raw("UPDATE brands_version SET version = version + 1 WHERE id = 1").run()
        try await Self.audit(brands, kept: kept, at: at, by: author, db)
        try await announce(StoreChange(brands: true), in: db)
    }

    /// Writes an audit entry for each document `brands` adds, changes or removes from `kept`.
    static func audit(
        _ brands: [BrandDocument], kept: StoredBrands, at: Date, by author: BrandsAuthor, _ db: any SQLDatabase
    ) async throws {
        var before: [String: (kind: String, document: String)] = [:]
        var order: [String] = []
        for brand in kept.documents {
            before[brand.id] = ("brand", brand.document)
            order.append(brand.id)
            for section in brand.sections {
                before[brand.id + "/" + section.id] = ("section", section.document)
                order.append(brand.id + "/" + section.id)
            }
        }
        var after: [String: (kind: String, document: String)] = [:]
        for brand in brands {
            after[brand.id] = ("brand", brand.document)
            if before[brand.id] == nil { order.append(brand.id) }
            for section in brand.sections {
                let target = brand.id + "/" + section.id
                after[target] = ("section", section.document)
                if before[target] == nil { order.append(target) }
            }
        }
        for target in order {
            let old = before[target]
            let new = after[target]
            guard old?.document != new?.document, let kind = (new ?? old)?.kind else { continue }
            try await writeAudit(
                at: at, by: author, kind: kind, target: target, before: old?.document, after: new?.document, db)
        }
    }

    /// Writes one audit entry: what `author` did to `target` at `at`, before and after.
    static func writeAudit(
        at: Date, by author: BrandsAuthor, kind: String, target: String, before: String?, after: String?,
        _ db: any SQLDatabase
    ) async throws {
        try await db.raw(
            """
            INSERT INTO audit_log (at, actor, action, kind, target, before, after)
            VALUES (\(bind: at.millisecondsSince1970), \(bind: author.actor), \(bind: author.action), \(bind: kind),
              \(bind: target), \(bind: before), \(bind: after))
            """
        ).run()
    }

    public func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry] {
        var conditions: [SQLQueryString] = []
        if let before = query.before { conditions.append("id < \(bind: before)") }
        if let target = query.target {
            conditions.append(
                "(target = \(bind: target) OR target LIKE \(bind: Self.likePrefix(target) + "/%") ESCAPE '\\')")
        }
        if let actor = query.actor { conditions.append("actor = \(bind: actor)") }
        if let since = query.since { conditions.append("at >= \(bind: since.millisecondsSince1970)") }
        if let until = query.until { conditions.append("at < \(bind: until.millisecondsSince1970)") }
        let filter: SQLQueryString = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let limit = max(1, min(query.limit, 500))
        return try await source.read { db in
            try await db.raw(
                """
                SELECT id, at, actor, action, kind, target, before, after FROM audit_log \(filter)
                ORDER BY id DESC LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map { row in
                AuditEntry(
                    id: try row.decode(column: "id", as: Int64.self),
                    at: Date(millisecondsSince1970: try row.decode(column: "at", as: Int64.self)),
                    actor: try row.decode(column: "actor", as: String.self),
                    action: try row.decode(column: "action", as: String.self),
                    kind: try row.decode(column: "kind", as: String.self),
                    target: try row.decode(column: "target", as: String.self),
                    before: try row.decode(column: "before", as: String?.self),
                    after: try row.decode(column: "after", as: String?.self))
            }
        }
    }

    public func pruneAudit(before date: Date) async throws -> Int {
        try await source.write(locking: .keys([])) { db in
            let count =
                try await db.raw(
                    "SELECT COUNT(*) AS c FROM audit_log WHERE at < \(bind: date.millisecondsSince1970)"
                ).first()?.decode(column: "c", as: Int64.self) ?? 0
            try await db.raw("DELETE FROM audit_log WHERE at < \(bind: date.millisecondsSince1970)").run()
            return Int(count)
        }
    }

    /// `text` with LIKE's wildcards and the escape character escaped (by a backslash).
    static func likePrefix(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    public func brandsVersion() async throws -> Int64 {
        try await source.read { db in try await Self.brandsVersion(db) }
    }

    static func brandsVersion(_ db: any SQLDatabase) async throws -> Int64 {
        try await db.raw("SELECT version FROM brands_version WHERE id = 1").first()?
            .decode(column: "version", as: Int64.self) ?? 0
    }

    /// The kept brands, their sections and the whole's version, read by one statement: on
    /// PostgreSQL a read outside a transaction sees each statement's own moment, and a brand read
    /// after another server's import committed, with its sections read before, had none (three
    /// servers starting on one new database hit it). The pins and hides are read after.
    static func storedBrands(_ db: any SQLDatabase) async throws -> StoredBrands {
        let rows = try await db.raw(
            """
            SELECT (SELECT version FROM brands_version WHERE id = 1) AS whole,
              b.id AS brand, b.document AS brand_document, b.version AS brand_version, b.updated_at AS brand_at,
              s.id AS section, s.document AS section_document, s.version AS section_version,
              s.updated_at AS section_at
            FROM (SELECT 1 AS one) o LEFT JOIN brands b ON 1 = 1 LEFT JOIN brand_sections s ON s.brand = b.id
            ORDER BY b.position, s.position
            """
        ).all()
        var brands: [StoredBrand] = []
        for row in rows {
            guard let id = try row.decode(column: "brand", as: String?.self) else { continue }
            if brands.last?.id != id {
                brands.append(
                    StoredBrand(
                        id: id, document: try row.decode(column: "brand_document", as: String.self),
                        version: try row.decode(column: "brand_version", as: Int64.self),
                        updatedAt: Date(millisecondsSince1970: try row.decode(column: "brand_at", as: Int64.self)),
                        sections: []))
            }
            guard let section = try row.decode(column: "section", as: String?.self) else { continue }
            brands[brands.count - 1].sections.append(
                StoredSection(
                    id: section, document: try row.decode(column: "section_document", as: String.self),
                    version: try row.decode(column: "section_version", as: Int64.self),
                    updatedAt: Date(millisecondsSince1970: try row.decode(column: "section_at", as: Int64.self))))
        }
        let version = try rows.first?.decode(column: "whole", as: Int64?.self) ?? 0
        return StoredBrands(brands: brands, actions: try await storedActions(db), version: version)
    }
}
