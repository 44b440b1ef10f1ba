import Foundation

/// FNV-1a, 64 bits: a hash that is the same on every run and platform (Swift's `Hasher` is seeded
/// per process), for ids of entries that have neither an id nor a link.
public enum StableHash {
    /// The hash of `text`'s UTF-8 bytes as 16 hex digits.
    public static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The id of an entry with neither an id nor a link: "hash:" and the hash of its title and
    /// date (whole seconds), so the same entry gets the same id on every fetch.
    static func entryID(title: String?, date: Date?) -> String {
        "hash:" + hex((title ?? "") + "\n" + (date.map { String(Int64($0.timeIntervalSince1970)) } ?? ""))
    }
}
