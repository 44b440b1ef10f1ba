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
        serialize(into: &out)
        return out
    }

    /// Appends the serialization to `output`, growing it once: callers reuse the buffer that held
    /// the text they parsed rather than allocating a new one per URL.
    func serialize(into output: inout [UInt8]) {
        output.reserveCapacity(
            output.count + originCount + path.count + (query.map { $0.count + 1 } ?? 0)
                + (fragment.map { $0.count + 1 } ?? 0))
        appendOrigin(to: &output)
        output.append(contentsOf: path)
        if let query {
            output.append(UInt8(ascii: "?"))
            output.append(contentsOf: query)
        }
        if let fragment {
            output.append(UInt8(ascii: "#"))
            output.append(contentsOf: fragment)
        }
    }

    /// The length of what ``appendOrigin(to:)`` writes.
    var originCount: Int {
        var count = (scheme == .http ? 7 : 8) + host.count
        if !username.isEmpty || !password.isEmpty {
            count += username.count + 1 + (password.isEmpty ? 0 : password.count + 1)
        }
        if let port { count += 1 + Self.digitCount(port) }
        return count
    }

    /// Appends "scheme://", the user info, the host and the port: everything before the path.
    /// Written from static bytes, since going through `rawValue` and `String(port)` built strings.
    func appendOrigin(to output: inout [UInt8]) {
        switch scheme {
        case .http: Self.append("http://", to: &output)
        case .https: Self.append("https://", to: &output)
        }
        if !username.isEmpty || !password.isEmpty {
            output.append(contentsOf: username)
            if !password.isEmpty {
                output.append(UInt8(ascii: ":"))
                output.append(contentsOf: password)
            }
            output.append(UInt8(ascii: "@"))
        }
        output.append(contentsOf: host)
        if let port {
            output.append(UInt8(ascii: ":"))
            var divisor = 1
            while divisor * 10 <= port { divisor *= 10 }
            while divisor > 0 {
                output.append(UInt8(ascii: "0") + UInt8(port / divisor % 10))
                divisor /= 10
            }
        }
    }

    private static func digitCount(_ number: Int) -> Int {
        var count = 1
        var rest = number
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// The host as a string (for comparing with allowed hosts).
    var hostString: String { String(decoding: host, as: UTF8.self) }
}
