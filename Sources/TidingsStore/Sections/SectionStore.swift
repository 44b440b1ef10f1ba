import Foundation
import TidingsModel

/// What sections need stored: the state of every fetched source (for conditional, scheduled,
/// leased polling), the entries each section shows, and which cards each device dismissed.
public protocol SectionStore: Sendable {
    /// Adds sources not seen before, due at once; existing ones keep their state.
    func registerSources(_ sources: [(id: String, format: SourceFormat)], now: Date) async throws
    /// Makes these sources due at `now` (unless due earlier) with their validators forgotten, so
    /// their next fetch is a full one: what a section that starts reading a source needs (a
    /// `304 Not Modified` would give it nothing), and "fetch now". Unknown ids are skipped.
    func refetchSources(_ ids: [String], now: Date) async throws
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
    /// Entries of `section`, newest first, strictly older than `afterSeq`, but those whose item
    /// is in `excluding` (stories hidden or pinned elsewhere on the page).
    func entries(section: SectionKey, afterSeq: Int64?, limit: Int, excluding: Set<String>) async throws
        -> [StoredEntry]
    /// The entry of `section` whose item has this id. Ids are scoped by source, and a page looks
    /// only in its own section: another section's or brand's entry is never found.
    func entry(section: SectionKey, itemID: String) async throws -> StoredEntry?
    /// The same, leaving the story's other tellings named in `excluding` (hidden ones) out of its
    /// `also_from`.
    func entry(section: SectionKey, itemID: String, excluding: Set<String>) async throws -> StoredEntry?
    /// How many entries of each source the sections keep (an entry in two sections counts once).
    func keptEntryCounts() async throws -> [String: Int]
    /// Records that `device` dismissed card `notification`.
    func dismiss(notification: String, device: String, at: Date) async throws
    /// The cards `device` dismissed.
    func dismissedNotifications(device: String) async throws -> Set<String>
    /// Where `section`'s content stands now, and what was added and changed since `position` (all of
    /// it counted as added when nil) — what a live update tells a reader.
    func streamChanges(section: SectionKey, since position: StreamPosition?) async throws -> StreamChanges
    /// Makes every section's story groups again when `rule` is not the rule they were made with
    /// (nil: no grouping); returns whether it did. Live grouping goes on from what this leaves.
    @discardableResult
    func alignStories(_ rule: StoryRule?, at now: Date) async throws -> Bool
    /// An editor's split or merge of `section`'s stories (made under `rule`), recorded, audited
    /// and kept: later tellings and rebuilds never undo it. Throws ``StoryEditRefusal`` when the
    /// items are not in the section, not grouped, or the edit would change nothing.
    func editStories(
        section: SectionKey, _ edit: StoryEdit, rule: StoryRule, reason: String?, at now: Date, by author: BrandsAuthor
    ) async throws -> StoryEditOutcome
}

extension SectionStore {
    /// Leases due sources of any id.
    public func claimDueSources(owner: String, now: Date, lease: TimeInterval, limit: Int) async throws
        -> [SourceState]
    {
        try await claimDueSources(owner: owner, now: now, lease: lease, limit: limit, among: nil)
    }
}

extension SectionStore {
    /// Entries of `section`, newest first, strictly older than `afterSeq`.
    public func entries(section: SectionKey, afterSeq: Int64?, limit: Int) async throws -> [StoredEntry] {
        try await entries(section: section, afterSeq: afterSeq, limit: limit, excluding: [])
    }
}
