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
    func replaceBrands(_ brands: [BrandDocument], at: Date, by author: BrandsAuthor) async throws -> StoredBrands
    /// Changes the brands kept in one transaction: `change` is given what is kept, read inside the
    /// transaction (no other change comes between), and returns the documents to keep in its
    /// place, or nil to keep them as they are; what it throws refuses the change (nothing is
    /// stored) and reaches the caller. A brand or section gets a new version only when its
    /// document changed, the whole only when anything did; each document added, changed or
    /// removed is written to the audit log, by `author`, in the same transaction. Returns what is
    /// kept afterwards.
    func changeBrands(
        at: Date, by author: BrandsAuthor, _ change: @escaping @Sendable (StoredBrands) throws -> [BrandDocument]?
    ) async throws -> StoredBrands
    /// Decides for one story (`item`) of a section in one transaction: `change` is given what is
    /// kept (the brands and every decision) and the story's decision kept now, if any, and
    /// returns the story's decision from now on (nil: none; the same: nothing changes); what it
    /// throws refuses the change. A new decision gets the next version, is written to the audit
    /// log by `author` and raises the version of the whole, so servers show it with the brands.
    /// Pins whose time ran out go with any change. Returns what is kept afterwards and the
    /// story's decision.
    func changeAction(
        brand: String, section: String, item: String, at: Date, by author: BrandsAuthor,
        _ change: @escaping @Sendable (StoredBrands, StoredAction?) throws -> ActionDecision?
    ) async throws -> (kept: StoredBrands, action: StoredAction?)
    /// The audit log, newest first, as `query` asks.
    func auditEntries(_ query: AuditQuery) async throws -> [AuditEntry]
    /// Removes the audit entries made before `date`; returns how many.
    func pruneAudit(before date: Date) async throws -> Int
    /// Keeps `brands` only when none were ever kept (several servers starting on one new database
    /// import once; brands an editor deleted stay deleted); returns what is kept afterwards and
    /// whether it is `brands`.
    func importBrands(_ brands: [BrandDocument], at: Date, by author: BrandsAuthor) async throws
        -> (kept: StoredBrands, imported: Bool)
}

extension BrandStore {
    /// ``replaceBrands(_:at:by:)`` by an unnamed author (tests).
    public func replaceBrands(_ brands: [BrandDocument], at: Date) async throws -> StoredBrands {
        try await replaceBrands(brands, at: at, by: BrandsAuthor(actor: "test", action: "replace"))
    }

    /// ``importBrands(_:at:by:)`` by an unnamed author (tests).
    public func importBrands(_ brands: [BrandDocument], at: Date) async throws -> (kept: StoredBrands, imported: Bool) {
        try await importBrands(brands, at: at, by: BrandsAuthor(actor: "test", action: "import"))
    }
}

/// Who changes the brands, and how, as the audit log says it.
public struct BrandsAuthor: Sendable, Hashable {
    /// The API key's name, or the command (`tidings config import`).
    public var actor: String
    /// What was asked (`PUT /api/v1/admin/brands/courier/sections/news`, `import brands.yaml`).
    public var action: String

    public init(actor: String, action: String) {
        self.actor = actor
        self.action = action
    }
}

/// One document changed: a brand's own fields or a section, before and after (nil when it was
/// added or removed).
public struct AuditEntry: Sendable, Hashable {
    public var id: Int64
    public var at: Date
    public var actor: String
    public var action: String
    /// `brand` or `section`.
    public var kind: String
    /// The brand's id, or `brand/section`.
    public var target: String
    public var before: String?
    public var after: String?

    public init(
        id: Int64, at: Date, actor: String, action: String, kind: String, target: String, before: String?,
        after: String?
    ) {
        self.id = id
        self.at = at
        self.actor = actor
        self.action = action
        self.kind = kind
        self.target = target
        self.before = before
        self.after = after
    }
}

/// Which audit entries to read: older than `before` (an entry's id, for the next page), at most
/// `limit`, and only those matching the filters given.
public struct AuditQuery: Sendable, Hashable {
    public var before: Int64?
    public var limit: Int
    /// A brand (its own fields and every section) or `brand/section`.
    public var target: String?
    public var actor: String?
    public var since: Date?
    public var until: Date?

    public init(
        before: Int64? = nil, limit: Int = 50, target: String? = nil, actor: String? = nil, since: Date? = nil,
        until: Date? = nil
    ) {
        self.before = before
        self.limit = limit
        self.target = target
        self.actor = actor
        self.since = since
        self.until = until
    }
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

/// Every brand the database keeps, the newsroom's decisions on single stories, and the version
/// of the whole (raised by every change of either).
public struct StoredBrands: Sendable, Hashable {
    public var brands: [StoredBrand]
    /// Stories pinned or hidden, by brand, section and place.
    public var actions: [StoredAction]
    public var version: Int64

    public init(brands: [StoredBrand], actions: [StoredAction] = [], version: Int64) {
        self.brands = brands
        self.actions = actions
        self.version = version
    }

    /// The decision kept for `item` of `section` of `brand`, if any.
    public func action(brand: String, section: String, item: String) -> StoredAction? {
        actions.first { $0.brand == brand && $0.section == section && $0.item == item }
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

/// What the newsroom decided for one story of a section.
public enum ActionDecision: Sendable, Hashable {
    /// Shown at `place` (0-based, under the section's notification cards), until `until` if given.
    case pin(place: Int, until: Date?)
    /// Not shown, for `reason`.
    case hide(reason: String)

    /// `pin` or `hide`.
    public var kind: String {
        switch self {
        case .pin: "pin"
        case .hide: "hide"
        }
    }
}

/// A decision on one story, as kept.
public struct StoredAction: Sendable, Hashable {
    public var brand: String
    public var section: String
    /// The story's item id.
    public var item: String
    public var decision: ActionDecision
    /// When it was decided, and by whom (the API key's name, or the command).
    public var at: Date
    public var actor: String
    /// Raised by every change of the story's decision.
    public var version: Int64

    public init(
        brand: String, section: String, item: String, decision: ActionDecision, at: Date, actor: String,
        version: Int64
    ) {
        self.brand = brand
        self.section = section
        self.item = item
        self.decision = decision
        self.at = at
        self.actor = actor
        self.version = version
    }

    /// Whether it is a pin whose time ran out at `now`.
    public func expired(at now: Date) -> Bool {
        if case .pin(_, let until?) = decision { return until <= now }
        return false
    }
}
