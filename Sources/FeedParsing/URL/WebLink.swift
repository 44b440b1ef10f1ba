import Foundation

/// Links that may reach a reader: absolute http(s) URLs, read the way browsers read them (the
/// WHATWG URL Standard, see `HTTPURL` inside the parser). A feed's `javascript:` or `data:` link never becomes a
/// teaser's link or image. The feed parser gives out links by the same rule.
public enum WebLink {
    /// `text` (resolved against `base` when relative) if it is an http(s) URL with a host, else nil.
    /// A `base` that is not an http(s) URL is ignored.
    public static func url(_ text: String, relativeTo base: URL? = nil) -> URL? {
        string(text, relativeTo: base?.absoluteString).flatMap { URL(string: $0) }
    }

    /// The same as a string, serialized as the URL Standard says: scheme and host lower-cased,
    /// default port and dot segments removed, what needs it percent-encoded ("HTTP://Example.com"
    /// is "http://example.com/"). Nil when `text` is not an http(s) URL.
    public static func string(_ text: String, relativeTo base: String? = nil) -> String? {
        HTTPURL(text, base: base.flatMap { HTTPURL($0) })?.serialized
    }
}
