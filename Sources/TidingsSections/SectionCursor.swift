import Foundation

/// Where the next page of a composed section starts: the absolute position (content and slots
/// counted from the top) and the keyset of the last content item shown. Opaque to clients.
public struct SectionCursor: Sendable, Hashable {
    /// Absolute position of the next item.
    public var position: Int
    /// The last content item's keyset, in the section source's own form.
    public var after: String

    /// Creates a cursor.
    public init(position: Int, after: String) {
        self.position = position
        self.after = after
    }

    /// The cursor as text ("s1:position:after"); the server signs it, bound to its section,
    /// before handing it out (`TokenSeal`).
    public var payload: String {
        "s1:\(position):\(after)"
    }

    /// Reads a payload; nil when it is not one.
    public init?(payload text: String) {
        guard !text.isEmpty, text.utf8.count <= 450 else { return nil }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "s1", let position = Int(parts[1]), (0...10_000_000).contains(position),
            !parts[2].isEmpty
        else { return nil }
        self.init(position: position, after: String(parts[2]))
    }
}
