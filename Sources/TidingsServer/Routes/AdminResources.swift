import Foundation
import TidingsModel
import TidingsSections
import TidingsStore

// What the admin API answers with (AdminController).

/// `GET /api/v1/admin/brands`: what is kept, with the versions `If-Match` names.
struct AdminBrandList: Encodable {
    struct Section: Encodable {
        var id: String
        var version: Int64
        /// Nil while it is not kept (the demo's brands, before the first change).
        var updatedAt: Date?
        enum CodingKeys: String, CodingKey {
            case id, version
            case updatedAt = "updated_at"
        }
    }
    struct Brand: Encodable {
        var id: String
        var version: Int64
        /// Nil while it is not kept (the demo's brands, before the first change).
        var updatedAt: Date?
        var sections: [Section]
        enum CodingKeys: String, CodingKey {
            case id, version, sections
            case updatedAt = "updated_at"
        }
    }
    /// Raised by every change of any brand.
    var version: Int64
    var brands: [Brand]
}

/// `GET /api/v1/admin/sources`: every source the sections shown read, with how its fetches go.
struct AdminSourceList: Encodable {
    var sources: [AdminSource]
}

struct AdminSource: Encodable {
    var id: String
    /// Where `POST` fetches it now: the id percent-encoded into the path.
    var fetchHref: String
    var url: String?
    var path: String?
    var format: String
    var sections: [String]
    var lastStatus: String?
    var lastError: String?
    var lastAttemptAt: Date?
    var lastSuccessAt: Date?
    var nextFetchAt: Date?
    var failures: Int
    var entryCount: Int

    init(source: FetchedSource, sections: [String], state: SourceState?) {
        id = source.id
        let encoded = source.id.addingPercentEncoding(
            withAllowedCharacters: .alphanumerics.union(["-", ".", "_", "~"]))
        fetchHref = "/api/v1/admin/sources/\(encoded ?? source.id)/fetch"
        switch source.location {
        case .url(let value): url = value.absoluteString
        case .file(let value): path = value
        }
        format = source.format.rawValue
        self.sections = sections
        lastStatus = state?.lastStatus?.description
        lastError = state?.lastError
        lastAttemptAt = state?.lastAttemptAt
        lastSuccessAt = state?.lastSuccessAt
        nextFetchAt = state?.nextFetchAt
        failures = state?.failures ?? 0
        entryCount = state?.entryCount ?? 0
    }

    enum CodingKeys: String, CodingKey {
        case id, url, path, format, sections, failures
        case fetchHref = "fetch_href"
        case lastStatus = "last_status"
        case lastError = "last_error"
        case lastAttemptAt = "last_attempt_at"
        case lastSuccessAt = "last_success_at"
        case nextFetchAt = "next_fetch_at"
        case entryCount = "entry_count"
    }
}

/// `GET /api/v1/admin/audit`: entries newest first, and the address of the next page.
struct AdminAuditPage: Encodable {
    var entries: [AdminAuditEntry]
    var next: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(next, forKey: .next)
    }

    enum CodingKeys: String, CodingKey { case entries, next }
}

/// One audit entry, its documents as JSON (as the API gives and takes them).
struct AdminAuditEntry: Encodable {
    var id: Int64
    var at: Date
    var actor: String
    var action: String
    var kind: String
    var target: String
    var before: JSONDocument?
    var after: JSONDocument?

    init(_ entry: AuditEntry) {
        id = entry.id
        at = entry.at
        actor = entry.actor
        action = entry.action
        kind = entry.kind
        target = entry.target
        before = entry.before.map(JSONDocument.init(yaml:))
        after = entry.after.map(JSONDocument.init(yaml:))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(at, forKey: .at)
        try container.encode(actor, forKey: .actor)
        try container.encode(action, forKey: .action)
        try container.encode(kind, forKey: .kind)
        try container.encode(target, forKey: .target)
        try container.encode(before, forKey: .before)
        try container.encode(after, forKey: .after)
    }

    enum CodingKeys: String, CodingKey { case id, at, actor, action, kind, target, before, after }
}

/// A kept document, encoded as the JSON object it is (or, should it not read, as its text).
struct JSONDocument: Encodable {
    var json: String?
    var yaml: String

    init(yaml: String) {
        self.yaml = yaml
        json = try? BrandsDraft.json(yaml: yaml)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let json, let value = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) {
            try container.encode(value)
        } else {
            try container.encode(yaml)
        }
    }
}

/// `GET …/sections/{section}/stories`: the newsroom's pins and hidden stories, and the newest
/// stories with the decision on each.
struct AdminStories: Encodable {
    var pins: [AdminDecision]
    var hidden: [AdminDecision]
    var stories: [AdminStory]
}

/// One story of a section, as an editor picks it.
struct AdminStory: Encodable {
    /// What pins and hides name.
    var id: String
    var title: String
    var url: URL?
    var publishedAt: Date
    /// Pinned or hidden, if either.
    var decision: AdminDecision?
    /// The other tellings of its story (what a split names), as readers see them.
    var alsoFrom: [Teaser.AlsoFrom]?

    enum CodingKeys: String, CodingKey {
        case id, title, url, decision
        case publishedAt = "published_at"
        case alsoFrom = "also_from"
    }
}

/// A pin or a hidden story: what, since when, by whom, and its version (the `ETag`).
struct AdminDecision: Encodable {
    var item: String
    var title: String?
    /// `pin` or `hide`.
    var kind: String
    /// A pin's place, 1-based.
    var position: Int?
    var until: Date?
    /// Why a story is hidden.
    var reason: String?
    var at: Date
    var by: String
    var version: Int64

    init(_ action: StoredAction, title: String? = nil) {
        item = action.item
        self.title = title
        kind = action.decision.kind
        switch action.decision {
        case .pin(let place, let end):
            position = place + 1
            until = end
        case .hide(let why):
            reason = why
        }
        at = action.at
        by = action.actor
        version = action.version
    }
}
