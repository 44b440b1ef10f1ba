import Foundation
import SQLKit
import TidingsModel

/// Story keys as the store keeps them: an entry's `story_keys` column (bytes), the `story_keys`
/// table's columns for removed entries' kept keys (hex text), and the keys of a stored item.
extension StoryKeys {
    /// The keys without U+0000 (PostgreSQL stores no such character).
    var withoutNUL: StoryKeys {
        var keys = self
        keys.url = url?.withoutNUL
        return keys
    }

    /// The keys of a `story_keys` row (its `url_key`, `words`, `signature` and `names`).
    init(storedRow row: any SQLRow) throws {
        self.init(
            url: try row.decode(column: "url_key", as: String?.self),
            words: Int(try row.decode(column: "words", as: Int64.self)),
            signature: try row.decode(column: "signature", as: String?.self).map { try Self.signature(stored: $0) },
            names: try row.decode(column: "names", as: String?.self).map { try Self.values(stored: $0) })
    }

    /// The signature as stored.
    var storedSignature: String? { signature.map(Self.stored) }

    /// The keys as an entry's `story_keys` column holds them, with the entry's date as grouping
    /// took it (`at`, milliseconds; its ranking date may move later), in bytes: a format byte (1),
    /// `at` (8 bytes), the words (4), the signature's values (a count byte, 0 for none, then 4
    /// bytes each), the names' (a count byte, 255 for names not kept, then 4 bytes each), the
    /// link's UTF-8 to the end (none: no link). Numbers big-endian.
    func column(at: Int64) -> Data {
        var bytes: [UInt8] = [1]
        bytes.reserveCapacity(16 + 4 * ((signature?.count ?? 0) + (names?.count ?? 0)) + (url?.utf8.count ?? 0))
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
        }
        append(at)
        append(UInt32(clamping: words))
        bytes.append(UInt8(signature?.count ?? 0))
        for value in signature ?? [] { append(value) }
        bytes.append(names.map { UInt8($0.count) } ?? 255)
        for value in names ?? [] { append(value) }
        bytes.append(contentsOf: (url ?? "").utf8)
        return Data(bytes)
    }

    /// Migration 25's step: each present entry's row of the story_keys table goes into its
    /// `story_keys` column, and the rows left are removed entries' kept keys.
    static let migration = Migration.Conversion(
        description: "each present entry's story keys move from the story_keys table into its row"
    ) { db in
        var after: (stream: String, seq: Int64) = ("", Int64.min)
        while true {
            let rows = try await db.raw(
                """
                SELECT k.stream, k.seq, k.at, k.url_key, k.words, k.signature, k.names FROM story_keys k
                JOIN entries e ON e.stream = k.stream AND e.seq = k.seq
                WHERE k.stream > \(bind: after.stream) OR (k.stream = \(bind: after.stream) AND k.seq > \(bind: after.seq))
                ORDER BY k.stream, k.seq LIMIT 500
                """
            ).all()
            guard let last = rows.last else { break }
            after = (try last.decode(column: "stream", as: String.self), try last.decode(column: "seq", as: Int64.self))
            for row in rows {
                let column = try StoryKeys(storedRow: row).column(at: try row.decode(column: "at", as: Int64.self))
                try await db.raw(
                    """
                    UPDATE entries SET story_keys = \(bind: column)
                    WHERE stream = \(bind: try row.decode(column: "stream", as: String.self))
                      AND seq = \(bind: try row.decode(column: "seq", as: Int64.self))
                    """
                ).run()
            }
        }
        try await db.raw(
            """
            DELETE FROM story_keys
            WHERE EXISTS (SELECT 1 FROM entries e WHERE e.stream = story_keys.stream AND e.seq = story_keys.seq)
            """
        ).run()
    }

    /// An entry's `story_keys` column read back.
    static func decode(column: Data) throws -> (at: Int64, keys: StoryKeys) {
        let bytes = [UInt8](column)
        var index = 1
        func number<T: FixedWidthInteger>(_: T.Type) throws -> T {
            let size = MemoryLayout<T>.size
            guard index + size <= bytes.count else { throw StoreError("entries.story_keys: cut short") }
            defer { index += size }
            return bytes[index..<(index + size)].reduce(T.zero) { $0 << 8 | T($1) }
        }
        func values(_ count: Int) throws -> [UInt32] { try (0..<count).map { _ in try number(UInt32.self) } }
        guard bytes.first == 1 else { throw StoreError("entries.story_keys: a format this build does not know") }
        let at = try number(Int64.self)
        let words = Int(try number(UInt32.self))
        let signatureCount = Int(try number(UInt8.self))
        let signature = signatureCount == 0 ? nil : try values(signatureCount)
        let namesCount = try number(UInt8.self)
        let names = namesCount == 255 ? nil : try values(Int(namesCount))
        let url = index < bytes.count ? String(decoding: bytes[index...], as: UTF8.self) : nil
        return (at, StoryKeys(url: url, words: words, signature: signature, names: names))
    }

    /// Values as stored: eight hex digits a value (its four bytes, most significant first).
    static func stored(_ values: [UInt32]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 4)
        for value in values {
            for shift: UInt32 in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        return Hex.string(bytes)
    }

    /// Stored values read back.
    static func values(stored: String) throws -> [UInt32] {
        guard let bytes = Hex.bytes(stored), bytes.count.isMultiple(of: 4) else {
            throw StoreError("story_keys: values that are not 8 hex digits each")
        }
        return stride(from: 0, to: bytes.count, by: 4).map { start in
            bytes[start..<(start + 4)].reduce(0) { $0 << 8 | UInt32($1) }
        }
    }

    /// A stored signature read back.
    static func signature(stored: String) throws -> [UInt32] {
        let values = try values(stored: stored)
        guard values.count == hashes else {
            throw StoreError("story_keys: a signature that is not \(hashes * 8) hex digits")
        }
        return values
    }
}

extension StoryKeys {
    /// The keys of a stored item: a teaser's link and text; nil for any other kind of item, which
    /// is never grouped. The poller and a rebuild both make keys here, so they agree.
    public init?(item: FeedItem) {
        guard case .teaser(let teaser) = item else { return nil }
        self.init(
            url: teaser.url?.absoluteString, title: teaser.title, summary: teaser.summary, source: teaser.source)
    }
}
