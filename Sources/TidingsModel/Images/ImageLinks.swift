import Foundation

/// How pages link images: through the server's image proxy (`/img/…`, signed), so a reader's
/// browser only ever loads images from the reader's own origin. `.none` shows the placeholder
/// for every image (pages rendered without a server, and when the signing key cannot be read).
///
/// The one rule the JSON API (`image_proxy_url`) and the web reader (`src`) share; the server
/// makes it from its signing keys (`TidingsServer/Images/ImageSigning.swift`).
package struct ImageLinks: Sendable {
    private let proxied: @Sendable (URL) -> String?

    /// Links made by `proxied`: the local path an image URL is served at, or nil for none.
    package init(_ proxied: @escaping @Sendable (URL) -> String?) {
        self.proxied = proxied
    }

    /// No images: every one is the placeholder.
    package static let none = ImageLinks { _ in nil }

    /// The path `url` is shown from, when it is an http(s) URL (a `javascript:` or `data:` URL
    /// never becomes an image).
    package func path(_ url: URL?) -> String? {
        guard let url, url.webAddress != nil else { return nil }
        return proxied(url)
    }

    /// The same for a URL given as text (the catalog keeps them so).
    package func path(_ text: String?) -> String? { path(text.flatMap(URL.init(string:))) }

    /// Sanitized HTML with its images' sources (`src`, `srcset`, `poster`) made these paths.
    package func rewriting(_ html: String) -> String { ContentImages.rewrite(html, self) }
}

extension URL {
    /// The URL as text when a browser may load or open it — http or https; nil for `javascript:`,
    /// `data:` and every other scheme.
    package var webAddress: String? {
        guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return absoluteString
    }
}
