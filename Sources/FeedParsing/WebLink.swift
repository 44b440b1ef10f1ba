import Foundation

/// Links that may reach a reader: absolute http(s) URLs with a host. A feed's `javascript:` or
/// `data:` link never becomes a teaser's link or image.
public enum WebLink {
    /// `text` (resolved against `base` when relative) if it is an http(s) URL with a host, else nil.
    public static func url(_ text: String, relativeTo base: URL? = nil) -> URL? {
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
