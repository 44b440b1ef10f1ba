/// A point in the catalog news, for live readers: which news writes it has seen. Written
/// "low:horizon:pending,…" (an event id a reader sends back to resume: `Last-Event-ID`).
///
/// Every news write stamps the rows it writes with a revision. A position has seen a revision
/// below `low`, and one below `horizon` that is not `pending`; it has not seen the rest. On
/// PostgreSQL revisions are transaction ids and a position is the database's snapshot (the text
/// of `pg_current_snapshot()`): writers of different products commit in any order, and a
/// snapshot knows which of them were still running. On SQLite writers take turns, and a position
/// is the revision counter plus one, with nothing pending.
public struct NewsPosition: Hashable, Sendable, LosslessStringConvertible {
    public var low: Int64
    public var horizon: Int64
    /// Revisions between `low` and `horizon` not yet seen, ascending.
    public var pending: [Int64]

    /// At most this many pending revisions (PostgreSQL's are the transactions running at once).
    public static let pendingLimit = 1_000

    public init(low: Int64, horizon: Int64, pending: [Int64] = []) {
        self.low = low
        self.horizon = horizon
        self.pending = pending
    }

    /// Reads "low:horizon:pending,…"; nil for anything else.
    public init?(_ description: String) {
        guard description.utf8.count <= 25 * (Self.pendingLimit + 2) else { return nil }
        let parts = description.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let low = Int64(parts[0]), let horizon = Int64(parts[1]), low >= 0, low <= horizon
        else { return nil }
        var pending: [Int64] = []
        if !parts[2].isEmpty {
            for text in parts[2].split(separator: ",", omittingEmptySubsequences: false) {
                guard let revision = Int64(text), (low..<horizon).contains(revision),
                    revision > (pending.last ?? -1), pending.count < Self.pendingLimit
                else { return nil }
                pending.append(revision)
            }
        }
        self.init(low: low, horizon: horizon, pending: pending)
    }

    public var description: String {
        "\(low):\(horizon):" + pending.map(String.init).joined(separator: ",")
    }

    /// Whether a write stamped `revision` is seen at this position.
    public func hasSeen(_ revision: Int64) -> Bool {
        revision < low || (revision < horizon && !pending.contains(revision))
    }
}

/// The catalog news' position now, and what was added and changed since an earlier one.
public typealias NewsChanges = FeedChanges<NewsPosition>
