import Foundation
import TidingsModel

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
