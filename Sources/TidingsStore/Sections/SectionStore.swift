import Foundation
import TidingsModel

/// What sections need stored: the state of every fetched source (for conditional, scheduled,
/// leased polling), the entries each section shows, and which cards each device dismissed.
public protocol SectionStore: Sendable {
    /// Adds sources not seen before, due at once; existing ones keep their state.
    func registerSources(_ sources: [(id: String, format: SourceFormat)], now: Date) async throws
    /// Leases up to `limit` due sources to `owner` until `now + lease`, so no other process
    /// fetches them meanwhile. Sources leased to someone else are skipped until the lease ends.
    /// With `ids`, only those are claimed: a process never holds a source its configuration lacks
    /// (servers sharing a database may run different configurations during a rolling deploy).
    func claimDueSources(owner: String, now: Date, lease: TimeInterval, limit: Int, among ids: [String]?)
        async throws -> [SourceState]
    /// Records fetches in one transaction: each source's new state, its entries upserted into its
    /// streams, its lease released. New entries of sources sharing a stream are merged newest
    /// first. Returns what changed, per record.
    func recordFetches(_ records: [FetchRecord], owner: String) async throws -> [UpsertSummary]
    /// Every source's state, by id.
    func sourceStates() async throws -> [SourceState]
    /// Entries of `section`, newest first, strictly older than `afterSeq`.
    func entries(section: SectionKey, afterSeq: Int64?, limit: Int) async throws -> [StoredEntry]
    /// The entry of `section` whose item has this id. Ids are scoped by source, and a page looks
    /// only in its own section: another section's or brand's entry is never found.
    func entry(section: SectionKey, itemID: String) async throws -> StoredEntry?
    /// How many entries of each source the sections keep (an entry in two sections counts once).
    func keptEntryCounts() async throws -> [String: Int]
    /// Records that `device` dismissed card `notification`.
    func dismiss(notification: String, device: String, at: Date) async throws
    /// The cards `device` dismissed.
    func dismissedNotifications(device: String) async throws -> Set<String>
    /// Where `section`'s content stands now, and what was added and changed since `position` (all of
    /// it counted as added when nil) — what a live update tells a reader.
    func streamChanges(section: SectionKey, since position: StreamPosition?) async throws -> StreamChanges
}

/// A point in a stream's content: its newest entry's `seq` and its latest change time. Written
/// "seq.changedAt" (an event id a reader sends back to resume: `Last-Event-ID`).
public struct StreamPosition: Hashable, Sendable, LosslessStringConvertible {
    /// The highest `seq` in the stream (entries are numbered as they arrive; 0 when empty).
    public var seq: Int64
    /// The latest `updated_at` in the stream, in milliseconds (0 when empty).
    public var changedAt: Int64

    public init(seq: Int64, changedAt: Int64) {
        self.seq = seq
        self.changedAt = changedAt
    }

    /// Reads "seq.changedAt"; nil for anything else.
    public init?(_ description: String) {
        let parts = description.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let seq = Int64(parts[0]), let changedAt = Int64(parts[1]), seq >= 0, changedAt >= 0
        else { return nil }
        self.init(seq: seq, changedAt: changedAt)
    }

    public var description: String { "\(seq).\(changedAt)" }
}

/// A stream's position now, and what happened since an earlier one.
public typealias StreamChanges = FeedChanges<StreamPosition>

/// A feed's position now, and what happened since an earlier one: what live readers are told.
public struct FeedChanges<Position: Hashable & Sendable>: Hashable, Sendable {
    public var position: Position
    /// Items that arrived after the earlier position.
    public var added: Int
    /// Items known at the earlier position whose content changed since.
    public var changed: Int

    public init(position: Position, added: Int, changed: Int) {
        self.position = position
        self.added = added
        self.changed = changed
    }
}

extension SectionStore {
    /// Leases due sources of any id.
    public func claimDueSources(owner: String, now: Date, lease: TimeInterval, limit: Int) async throws
        -> [SourceState]
    {
        try await claimDueSources(owner: owner, now: now, lease: lease, limit: limit, among: nil)
    }
}

/// A source's polling state.
public struct SourceState: Sendable, Hashable {
    public var id: String
    /// The format it was registered with; nil for a name this build does not know.
    public var format: SourceFormat?
    public var etag: String?
    public var lastModified: String?
    public var title: String?
    /// The web page a legacy response asked to be shown as; nil to render natively.
    public var webURL: String?
    public var nextFetchAt: Date
    public var lastAttemptAt: Date?
    public var lastSuccessAt: Date?
    /// How the last fetch ended.
    public var lastStatus: PollStatus?
    public var lastError: String?
    /// Failures in a row (drives the backoff).
    public var failures: Int
    /// Entries in its last good document.
    public var entryCount: Int
    public var leaseOwner: String?
    public var leaseUntil: Date?

    /// Creates a state (tests and the store).
    public init(id: String, format: SourceFormat?, nextFetchAt: Date) {
        self.id = id
        self.format = format
        self.nextFetchAt = nextFetchAt
        self.failures = 0
        self.entryCount = 0
    }
}

/// The outcome of one fetch, as the poller hands it to the store.
public struct FetchRecord: Sendable {
    /// What the fetch found.
    public enum Outcome: Sendable {
        /// A new document: its entries (top first) and what to remember about it.
        case fetched(entries: [EntryInput], etag: String?, lastModified: String?, title: String?, webURL: String?)
        /// 304, or an unchanged file.
        case notModified
        /// Any failure, with its message.
        case failed(String)
    }

    public var sourceID: String
    public var sections: [SectionKey]
    public var attemptedAt: Date
    public var outcome: Outcome
    /// How the fetch ended.
    public var status: PollStatus
    public var nextFetchAt: Date
    /// Failures in a row after this attempt.
    public var failures: Int
    /// Newest entries kept per stream, and the oldest first-seen time kept.
    public var keepItems: Int
    public var keepSince: Date

    /// Creates a record.
    public init(
        sourceID: String, sections: [SectionKey], attemptedAt: Date, outcome: Outcome, status: PollStatus,
        nextFetchAt: Date,
        failures: Int, keepItems: Int, keepSince: Date
    ) {
        self.sourceID = sourceID
        self.sections = sections
        self.attemptedAt = attemptedAt
        self.outcome = outcome
        self.status = status
        self.nextFetchAt = nextFetchAt
        self.failures = failures
        self.keepItems = keepItems
        self.keepSince = keepSince
    }
}

/// How a fetch ended, as `tidings sources` shows it. The store keeps it as text
/// (`sources.last_status`): "200", "304", "read", "timeout" …
public enum PollStatus: Hashable, Sendable, CustomStringConvertible {
    /// The server's answer: 200 with a document, 304 unchanged, or the status it failed with.
    case http(Int)
    /// A file source read (it changed) or found unchanged.
    case fileRead
    case fileUnchanged
    /// The fetch failed before a usable answer.
    case failed(FetchFailure)
    /// The document came but could not be read as its format.
    case unreadable
    /// The store failed the fetch's record: not stored when the database was unavailable; stored,
    /// as a failure with the reason, when it refused what the fetch brought.
    case notRecorded
    /// A status this build does not know (a row written by a newer one), as stored.
    case other(String)

    /// Why a fetch failed before a usable answer.
    public enum FetchFailure: String, Sendable, CaseIterable {
        case blocked, dns, timeout, redirects, connect, tls, cancelled, error
        case tooLarge = "too_large"
        case badURL = "bad_url"
    }

    /// The text kept in the database.
    public var description: String {
        switch self {
        case .http(let status): String(status)
        case .fileRead: "read"
        case .fileUnchanged: "unchanged"
        case .failed(let failure): failure.rawValue
        case .unreadable: "invalid"
        case .notRecorded: "store"
        case .other(let text): text
        }
    }

    /// Reads the stored text back.
    public init(stored text: String) {
        switch text {
        case "read": self = .fileRead
        case "unchanged": self = .fileUnchanged
        case "invalid": self = .unreadable
        case "store": self = .notRecorded
        default:
            if let status = Int(text), (100...599).contains(status) {
                self = .http(status)
            } else if let failure = FetchFailure(rawValue: text) {
                self = .failed(failure)
            } else {
                self = .other(text)
            }
        }
    }
}

/// One entry to upsert: the item already encoded as the JSON clients receive (its record).
public struct EntryInput: Sendable, Hashable {
    /// Its identity: its source and its key there.
    public var key: EntryKey
    /// The key an earlier version stored it under, if different: such an entry is adopted (its
    /// key rewritten, its place kept) rather than inserted again.
    public var formerKey: EntryKey?
    public var itemID: String
    public var record: EntryRecord
    public var contentHTML: String?
    public var publishedAt: Date?
    /// A hash of everything above; an entry whose hash is unchanged is not written.
    public var contentHash: String

    /// Creates an entry input.
    public init(
        key: EntryKey, itemID: String, record: EntryRecord, contentHTML: String?, publishedAt: Date?,
        contentHash: String, formerKey: EntryKey? = nil
    ) {
        self.key = key
        self.formerKey = formerKey
        self.itemID = itemID
        self.record = record
        self.contentHTML = contentHTML
        self.publishedAt = publishedAt
        self.contentHash = contentHash
    }
}

/// A stored entry.
public struct StoredEntry: Sendable, Hashable {
    public var seq: Int64
    public var section: SectionKey
    public var key: EntryKey
    public var sourceID: String
    public var itemID: String
    public var record: EntryRecord
    public var contentHTML: String?
    public var publishedAt: Date?
    public var firstSeenAt: Date
}

/// What one recorded fetch changed, summed over its streams.
public struct UpsertSummary: Sendable, Hashable, CustomStringConvertible {
    /// New entries now shown.
    public var inserted = 0
    /// Shown entries whose content changed.
    public var updated = 0
    /// Shown entries that did not change.
    public var unchanged = 0
    /// Entries retention removed to make room (or for age).
    public var pruned = 0
    /// Entries of the document retention does not keep: older than what it keeps, or removed
    /// before. They are not stored and never come back as new.
    public var beyondRetention = 0
    /// The sections (streams) the fetch was stored in, and the distinct items it brought: one feed
    /// shown in two sections makes two entries of each item, which the counts above count.
    public var sections: Set<SectionKey> = []
    public var newKeys: Set<EntryKey> = []
    public var changedKeys: Set<EntryKey> = []
    public var unchangedKeys: Set<EntryKey> = []

    /// Whether anything readers see changed.
    public var changed: Bool { inserted + updated + pruned > 0 }

    /// "3 new, 1 changed, 46 unchanged", and what retention did when it did anything; for a source
    /// shown in several sections, its items once each, "in 2 sections" (it logged "20 new" for
    /// ten items).
    public var description: String {
        var parts =
            sections.count > 1
            ? [
                "\(newKeys.count) new in \(sections.count) sections", "\(changedKeys.count) changed",
                "\(unchangedKeys.count) unchanged",
            ]
            : ["\(inserted) new", "\(updated) changed", "\(unchanged) unchanged"]
        if pruned > 0 { parts.append("\(pruned) removed by retention") }
        if beyondRetention > 0 { parts.append("\(beyondRetention) beyond retention") }
        return parts.joined(separator: ", ")
    }

    public init() {}
}

extension FetchRecord {
    /// The record as it can be stored: PostgreSQL refuses U+0000 in text, and one such character in
    /// any field would fail the whole write, so every text loses it here, at the store's door.
    var storable: FetchRecord {
        var record = self
        switch outcome {
        case .fetched(let entries, let etag, let lastModified, let title, let webURL):
            record.outcome = .fetched(
                entries: entries.map(\.storable), etag: etag?.withoutNUL, lastModified: lastModified?.withoutNUL,
                title: title?.withoutNUL, webURL: webURL?.withoutNUL)
        case .notModified: break
        case .failed(let message): record.outcome = .failed(message.withoutNUL)
        }
        return record
    }
}

extension EntryInput {
    /// The entry without U+0000 in any text (see `FetchRecord.storable`).
    var storable: EntryInput {
        EntryInput(
            key: key.withoutNUL, itemID: itemID.withoutNUL, record: record.withoutNUL,
            contentHTML: contentHTML?.withoutNUL, publishedAt: publishedAt, contentHash: contentHash.withoutNUL,
            formerKey: formerKey?.withoutNUL)
    }
}

extension String {
    /// The text without U+0000, which PostgreSQL cannot store in text columns.
    var withoutNUL: String {
        guard utf8.contains(0) else { return self }
        return String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self)
    }
}
