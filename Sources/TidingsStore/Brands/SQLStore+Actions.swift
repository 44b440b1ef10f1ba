import Foundation
import SQLKit

/// The newsroom's decisions on single stories (BrandStore.changeAction), kept beside the brands:
/// a change takes the brands' lock, raises their version and is announced as theirs, so every
/// server reads both again at once.
extension SQLStore {
    public func changeAction(
        brand: String, section: String, item: String, at: Date, by author: BrandsAuthor,
        _ change: @escaping @Sendable (StoredBrands, StoredAction?) throws -> ActionDecision?
    ) async throws -> (kept: StoredBrands, action: StoredAction?) {
        try await source.write(locking: .keys(["brands"])) { db in
            let kept = try await Self.storedBrands(db)
            let current = kept.action(brand: brand, section: section, item: item)
            let decision = try change(kept, current)
            guard decision != current?.decision else { return (kept, current) }
            let story: SQLQueryString =
                "brand = \(bind: brand) AND section = \(bind: section) AND item = \(bind: item)"
            // Pins whose time ran out show nothing: they go with this change.
            try await db.raw(
                "DELETE FROM section_actions WHERE until IS NOT NULL AND until <= \(bind: at.millisecondsSince1970)"
            ).run()
            try await db.raw("DELETE FROM section_actions WHERE \(story)").run()
            if let decision {
                var place: Int64?
                var until: Int64?
                var reason: String?
                switch decision {
                case .pin(let spot, let end):
                    place = Int64(spot)
                    until = end?.millisecondsSince1970
                case .hide(let why):
                    reason = why
                }
                try await db.raw(
                    """
                    INSERT INTO section_actions (brand, section, item, kind, place, until, reason, at, actor, version)
                    VALUES (\(bind: brand), \(bind: section), \(bind: item), \(bind: decision.kind), \(bind: place),
                      \(bind: until), \(bind: reason), \(bind: at.millisecondsSince1970), \(bind: author.actor),
                      \(bind: (current?.version ?? 0) + 1))
                    """
                ).run()
            }
            try await db.raw("UPDATE brands_version SET version = version + 1 WHERE id = 1").run()
            try await Self.writeAudit(
                at: at, by: author, kind: (decision ?? current?.decision)?.kind ?? "pin",
                target: brand + "/" + section + "/" + item, before: try current.map { try Self.auditText($0.decision) },
                after: try decision.map(Self.auditText), db)
            try await self.announce(StoreChange(brands: true), in: db)
            let now = try await Self.storedBrands(db)
            return (now, now.action(brand: brand, section: section, item: item))
        }
    }

    /// A decision as the audit log shows it: JSON, its place 1-based as editors give it.
    static func auditText(_ decision: ActionDecision) throws -> String {
        let object: [String: Any]
        switch decision {
        case .pin(let place, let until):
            var pin: [String: Any] = ["position": place + 1]
            if let until { pin["until"] = until.formatted(.iso8601) }
            object = ["pin": pin]
        case .hide(let reason):
            object = ["hide": ["reason": reason]]
        }
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Every decision kept, by brand, section and place.
    static func storedActions(_ db: any SQLDatabase) async throws -> [StoredAction] {
        try await db.raw(
            """
            SELECT brand, section, item, kind, place, until, reason, at, actor, version FROM section_actions
            ORDER BY brand, section, kind, place, item
            """
        ).all().compactMap { row in
            let decision: ActionDecision
            switch try row.decode(column: "kind", as: String.self) {
            case "pin":
                decision = .pin(
                    place: Int(try row.decode(column: "place", as: Int64?.self) ?? 0),
                    until: try row.decode(column: "until", as: Int64?.self).map(Date.init(millisecondsSince1970:)))
            case "hide":
                decision = .hide(reason: try row.decode(column: "reason", as: String?.self) ?? "")
            default:
                // A newer build's decision: this one leaves it alone.
                return nil
            }
            return StoredAction(
                brand: try row.decode(column: "brand", as: String.self),
                section: try row.decode(column: "section", as: String.self),
                item: try row.decode(column: "item", as: String.self), decision: decision,
                at: Date(millisecondsSince1970: try row.decode(column: "at", as: Int64.self)),
                actor: try row.decode(column: "actor", as: String.self),
                version: try row.decode(column: "version", as: Int64.self))
        }
    }
}
