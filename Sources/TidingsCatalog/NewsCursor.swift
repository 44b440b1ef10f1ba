import Foundation
import TidingsModel

/// Position in the news feed, newest first: the (created_at, id) of the last item on a page.
/// Keyset paging on it never repeats or skips an item when newer items arrive between requests.
public struct NewsCursor: Hashable, Sendable {
    public var createdAt: Int64
    public var id: String

    public init(createdAt: Int64, id: String) {
        self.createdAt = createdAt
        self.id = id
    }

    /// The cursor as text ("ms:id"); the server signs it before handing it out (`TokenSeal`).
    public var payload: String {
        "\(createdAt):\(id)"
    }

    /// Reads a payload, or nil when it is not one.
    public init?(payload text: String) {
        guard text.utf8.count <= 300, let colon = text.firstIndex(of: ":"), let ms = Int64(text[..<colon]), ms >= 0
        else { return nil }
        let id = String(text[text.index(after: colon)...])
        guard !id.isEmpty else { return nil }
        self.init(createdAt: ms, id: id)
    }
}
