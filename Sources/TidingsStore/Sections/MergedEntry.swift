import Foundation

/// An entry on its way into a stream, with the source and record it came from and the date
/// retention ranks it by.
struct MergedEntry {
    var input: EntryInput
    var sourceID: String
    var record: Int
    /// Milliseconds: the entry's date, never later than the fetch (a date in the future would pin
    /// it on top for ever); an undated entry takes the date of the entry above it in its document,
    /// or the fetch's time when it is on top. Ties are broken by place (seq).
    var sortAt: Int64

    /// A document's entries (top first) with their ranking dates.
    static func ranked(_ entries: [EntryInput], sourceID: String, record: Int, fetchedAt: Date) -> [MergedEntry] {
        let now = fetchedAt.millisecondsSince1970
        var carried = now
        return entries.map { entry in
            if let date = entry.publishedAt { carried = min(date.millisecondsSince1970, now) }
            return MergedEntry(input: entry, sourceID: sourceID, record: record, sortAt: carried)
        }
    }

    /// Entries of one stream, top first. One source keeps its own order (a partner's editorial
    /// order, ads included); several are merged newest first by their ranking dates, so an undated
    /// item (an ad, say) stays beside its neighbours.
    static func newestFirst(_ entries: [MergedEntry]) -> [MergedEntry] {
        guard Set(entries.map(\.sourceID)).count > 1 else { return entries }
        return entries.enumerated().sorted { left, right in
            left.element.sortAt != right.element.sortAt
                ? left.element.sortAt > right.element.sortAt : left.offset < right.offset
        }.map(\.element)
    }
}
