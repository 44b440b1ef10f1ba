import Foundation

/// An entry's identity within a section: the source it came from and its key in that source
/// (`SourceEntry.key`: the item's guid, link or content hash), so two sources using one key keep
/// two entries. `entries.key` holds it as "source\nkey" (migration 6 rewrote older rows so); this
/// type is the only code that joins or splits that text.
public struct EntryKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The source's id (its URL or file).
    public var source: String
    /// The item's key within its source.
    public var item: String

    public init(source: String, item: String) {
        self.source = source
        self.item = item
    }

    /// Reads `entries.key` back. A source id never holds a line break (it is a URL or a path), so
    /// the first one ends it; text without one is an item of no source (rows before migration 6).
    public init(stored: String) {
        guard let newline = stored.utf8.firstIndex(of: UInt8(ascii: "\n")) else {
            self.init(source: "", item: stored)
            return
        }
        self.init(
            source: String(stored[..<newline]), item: String(stored[stored.utf8.index(after: newline)...]))
    }

    /// "source\nkey", as `entries.key` holds it; an item of no source, alone.
    public var stored: String { source.isEmpty ? item : source + "\n" + item }

    /// The key without U+0000, which PostgreSQL cannot store.
    var withoutNUL: EntryKey { EntryKey(source: source.withoutNUL, item: item.withoutNUL) }

    public static func < (left: EntryKey, right: EntryKey) -> Bool { left.stored < right.stored }

    public var description: String { source + " " + item }
}
