/// An absolute http or https URL, parsed and serialized the way the WHATWG URL Standard says
/// browsers do (https://url.spec.whatwg.org/), so that a link means here what it will mean when a
/// reader follows it. Only the two special schemes feeds link to are read; anything else (a
/// `javascript:`, `data:` or `mailto:` URL, a relative reference without a usable base) is nil.
///
/// Written from the standard, without the full UTS #46 mapping table: a non-ASCII host is
/// lower-cased and each non-ASCII label encoded with Punycode (see ``Punycode``), which covers
/// hosts as they are written in feeds but not every compatibility mapping browsers apply.
struct HTTPURL: Equatable, Sendable {
    enum Scheme: String, Sendable {
        case http, https

        /// The port a URL of this scheme omits.
        var defaultPort: Int { self == .http ? 80 : 443 }
    }

    var scheme: Scheme
    /// Percent-encoded user name and password (rare, but part of what a URL says).
    var username: [UInt8] = []
    var password: [UInt8] = []
    /// The serialized host: a lower-case ASCII domain, dotted-decimal IPv4, or bracketed IPv6.
    var host: [UInt8]
    /// Nil for the scheme's default port.
    var port: Int?
    /// The serialized path, each segment after a "/"; never empty once parsed ("/" at least).
    var path: [UInt8] = []
    var query: [UInt8]?
    var fragment: [UInt8]?

    /// Parses `text` against `base`, as `new URL(text, base)` does in a browser; nil when that
    /// fails or gives a URL whose scheme is not http or https.
    init?(_ text: some StringProtocol, base: HTTPURL? = nil) {
        guard let url = withUTF8(text, { HTTPURLParser.parse($0, base: base) }) else { return nil }
        self = url
    }

    init(scheme: Scheme, host: [UInt8]) {
        self.scheme = scheme
        self.host = host
    }

    /// The URL as a string: the standard's serialization, ASCII only.
    var serialized: String { String(decoding: serializedBytes, as: UTF8.self) }

    /// The serialization as bytes.
    var serializedBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(
            scheme.rawValue.utf8.count + 3 + username.count + password.count + host.count + 6 + path.count
                + (query?.count ?? 0) + (fragment?.count ?? 0) + 4)
        out.append(contentsOf: scheme.rawValue.utf8)
        out.append(contentsOf: "://".utf8)
        if !username.isEmpty || !password.isEmpty {
            out.append(contentsOf: username)
            if !password.isEmpty {
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: password)
            }
            out.append(UInt8(ascii: "@"))
        }
        out.append(contentsOf: host)
        if let port {
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: String(port).utf8)
        }
        out.append(contentsOf: path)
        if let query {
            out.append(UInt8(ascii: "?"))
            out.append(contentsOf: query)
        }
        if let fragment {
            out.append(UInt8(ascii: "#"))
            out.append(contentsOf: fragment)
        }
        return out
    }

    /// The host as a string (for comparing with allowed hosts).
    var hostString: String { String(decoding: host, as: UTF8.self) }
}
