/// A section of a brand, the one name for it everywhere: the store keys a section's entries by its
/// `stream` ("grocery/news"), pages are cached under it, widgets refer to one by it. Built and read
/// only here, so no other code joins or splits "brand/section" strings.
public struct SectionKey: Sendable, Hashable, CustomStringConvertible {
    /// The brand's id.
    public var brand: String
    /// The section's id.
    public var section: String

    /// Creates a key.
    public init(brand: String, section: String) {
        self.brand = brand
        self.section = section
    }

    /// Reads a stream name back: nil unless it is "brand/section" with both parts non-empty and no
    /// further "/" (ids are single path segments).
    public init?(stream: String) {
        let parts = stream.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        self.init(brand: String(parts[0]), section: String(parts[1]))
    }

    /// "brand/section": the stream the store keeps the section's entries under.
    public var stream: String { "\(brand)/\(section)" }

    /// The section's live updates in the JSON API (Server-Sent Events).
    public var updatesPath: String { "/api/v1/brands/\(brand)/sections/\(section)/updates" }

    public var description: String { stream }
}
