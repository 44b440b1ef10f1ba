import Foundation

/// URLs found in feeds, made absolute.
enum FeedURL {
    /// `text` trimmed and resolved against `base`; nil when empty. Absolute http(s) URLs (nearly
    /// all of them) skip Foundation's URL parsing; text Foundation cannot read is kept as written.
    static func absolute(_ text: String?, base: URL?) -> String? {
        guard let trimmed = text?.trimmed, !trimmed.isEmpty else { return nil }
        let lower = trimmed.prefix(8).lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return trimmed }
        guard let base, let url = URL(string: trimmed, relativeTo: base) else { return trimmed }
        return url.absoluteString
    }
}
