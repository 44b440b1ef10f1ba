import Foundation

/// An entry on its way into a stream, with the source and record it came from.
struct MergedEntry {
    var input: EntryInput
    var sourceID: String
    var record: Int

    /// Entries of one stream, top first. One source keeps its own order (a partner's editorial
    /// order, ads included); several are merged newest first, an undated item (an ad, say) taking
    /// the date of the dated item above it so it stays beside its neighbours.
    static func newestFirst(_ entries: [MergedEntry]) -> [MergedEntry] {
        guard Set(entries.map(\.sourceID)).count > 1 else { return entries }
        var dated: [(entry: MergedEntry, date: Date, index: Int)] = []
        var carried: [String: Date] = [:]
        for (index, entry) in entries.enumerated() {
            let date = entry.input.publishedAt ?? carried[entry.sourceID] ?? .distantPast
            carried[entry.sourceID] = date
            dated.append((entry, date, index))
        }
        return dated.sorted { $0.date != $1.date ? $0.date > $1.date : $0.index < $1.index }.map(\.entry)
    }
}
