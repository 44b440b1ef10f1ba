import Foundation
import TidingsModel

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

    /// base64url of "s1:position:after".
    public var token: String {
        Base64URL.encode("s1:\(position):\(after)")
    }

    /// Reads a token; nil when it is not one of ours.
    public init?(token: String) {
        guard !token.isEmpty, token.utf8.count <= 600 else { return nil }
        guard let text = Base64URL.decode(token) else { return nil }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "s1", let position = Int(parts[1]), (0...10_000_000).contains(position),
            !parts[2].isEmpty
        else { return nil }
        self.init(position: position, after: String(parts[2]))
    }
}
