import Foundation
import Hummingbird
import TidingsModel

/// Writes the `Feed` JSON shape (TidingsModel's `Feed`) around items that are already encoded, so
/// a page costs string joins rather than an encoder pass over every item.
enum FeedJSON {
    static func native(title: String, items: [String], nextCursor: String?, updates: LiveUpdatesLink?) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(items.reduce(64) { $0 + $1.utf8.count + 1 })
        buffer.writeString("{\"title\":")
        buffer.writeString(quoted(title))
        buffer.writeString(",\"render\":\"native\",\"items\":[")
        for (index, item) in items.enumerated() {
            if index > 0 { buffer.writeString(",") }
            buffer.writeString(item)
        }
        buffer.writeString("],\"next_cursor\":")
        buffer.writeString(nextCursor.map(quoted) ?? "null")
        if let updates {
            buffer.writeString(
                ",\"updates\":{\"href\":\(quoted(updates.href)),\"position\":\(quoted(updates.position))}")
        }
        buffer.writeString("}")
        return buffer
    }

    static func web(title: String, url: URL) -> ByteBuffer {
        ByteBuffer(
            string:
                "{\"title\":\(quoted(title)),\"render\":\"web\",\"url\":\(quoted(url.absoluteString)),\"next_cursor\":null}"
        )
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }
}
