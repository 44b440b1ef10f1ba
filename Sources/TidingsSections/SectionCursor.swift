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

    /// base64url of "s1:position:after".
    public var token: String {
        Data("s1:\(position):\(after)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads a token; nil when it is not one of ours.
    public init?(token: String) {
        guard !token.isEmpty, token.utf8.count <= 600 else { return nil }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "s1", let position = Int(parts[1]), (0...10_000_000).contains(position),
            !parts[2].isEmpty
        else { return nil }
        self.init(position: position, after: String(parts[2]))
    }
}
