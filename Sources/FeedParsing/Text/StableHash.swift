import Foundation

/// FNV-1a, 64 bits: a hash that is the same on every run and platform (Swift's `Hasher` is seeded
/// per process), for ids of entries that have neither an id nor a link — and the server's one
/// stable hash besides (source-scoped item ids, ETags, asset versions).
public enum StableHash {
    /// The hash of `text`'s UTF-8 bytes as 16 hex digits.
    public static func hex(_ text: String) -> String { hex(bytes: text.utf8) }

    /// The hash of `bytes` as 16 hex digits.
    public static func hex(bytes: some Sequence<UInt8>) -> String {
        // Over contiguous bytes (a string's, a buffer's) in one loop: byte by byte through the
        // sequence's generic iterator, the ETag of a 30 KB page was 14 % of building it
        // (docs/benchmarks.md, pages built on a cache miss).
        let hash = bytes.withContiguousStorageIfAvailable { fnv1a($0) } ?? fnv1a(bytes)
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// 64-bit FNV-1a.
    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The id of an entry with neither an id nor a link: "hash:" and the hash of its content —
    /// title, dates (whole seconds), summary and content text, image, enclosures, authors and
    /// comments link — so the same entry gets the same id on every fetch, and two entries that
    /// only share a title (or lack one) do not share an id.
    static func entryID(_ entry: ParsedEntry) -> String {
        func seconds(_ date: Date?) -> String { date.map { String(Int64($0.timeIntervalSince1970)) } ?? "" }
        var fields = [
            entry.title ?? "", seconds(entry.published), seconds(entry.updated), entry.summaryText ?? "",
            entry.contentText ?? "", entry.image ?? "", entry.comments ?? "",
        ]
        fields += entry.enclosures.map(\.url)
        fields += entry.authors.map { ($0.name ?? "") + " " + ($0.email ?? "") + " " + ($0.url ?? "") }
        // U+001F (unit separator) cannot occur in the fields, so no two field lists join alike.
        return "hash:" + hex(fields.joined(separator: "\u{1F}"))
    }
}

extension ParsedFeed {
    /// Gives every entry without an id or link (`idSource == .hash`) the hash of its finished
    /// content; called once the entries are complete and clean.
    mutating func identifyByContent() {
        for index in entries.indices where entries[index].idSource == .hash {
            entries[index].id = StableHash.entryID(entries[index])
        }
    }
}
