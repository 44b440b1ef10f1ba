import Foundation
import TidingsModel

/// What one recorded fetch changed, summed over its streams.
public struct UpsertSummary: Sendable, Hashable, CustomStringConvertible {
    /// New entries now shown.
    public var inserted = 0
    /// Shown entries whose content changed.
    public var updated = 0
    /// Shown entries that did not change.
    public var unchanged = 0
    /// New entries that told a story the section already showed: folded into its item (counted
    /// in `inserted` too).
    public var grouped = 0
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
        if grouped > 0 { parts.append("\(grouped) told again (grouped)") }
        if pruned > 0 { parts.append("\(pruned) removed by retention") }
        if beyondRetention > 0 { parts.append("\(beyondRetention) beyond retention") }
        return parts.joined(separator: ", ")
    }

    public init() {}
}
