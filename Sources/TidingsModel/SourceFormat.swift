/// The kind of document a fetched source returns: named in the brands file (`format:`), read by
/// the poller, kept with each source's state.
public enum SourceFormat: String, Sendable, Hashable, CaseIterable {
    /// RSS, Atom or JSON Feed, detected from the content.
    case feed
    /// Typed partner items (see docs/sections.md).
    case unifiedJSON = "unified_json"
    /// Plain partner items with a web-rendering flag.
    case legacyJSON = "legacy_json"
    /// A weather forecast for one place (see docs/sections.md, "Weather").
    case weather
}
