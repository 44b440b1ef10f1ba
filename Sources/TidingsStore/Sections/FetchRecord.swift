import Foundation
import TidingsModel

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
    /// How the entries of a section that tell one story are grouped; nil: they are not.
    public var grouping: StoryRule?

    /// Creates a record.
    public init(
        sourceID: String, sections: [SectionKey], attemptedAt: Date, outcome: Outcome, status: PollStatus,
        nextFetchAt: Date,
        failures: Int, keepItems: Int, keepSince: Date, grouping: StoryRule? = nil
    ) {
        self.grouping = grouping
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
