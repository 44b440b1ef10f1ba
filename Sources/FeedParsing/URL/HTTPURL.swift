/// An absolute http or https URL, parsed and serialized the way the WHATWG URL Standard says
/// browsers do (https://url.spec.whatwg.org/), so that a link means here what it will mean when a
/// reader follows it. Only the two special schemes feeds link to are read; anything else (a
/// `javascript:`, `data:` or `mailto:` URL, a relative reference without a usable base) is nil.
///
/// Written from the standard, without the full UTS #46 mapping table: a non-ASCII host is
/// lower-cased and each non-ASCII label encoded with Punycode (see ``Punycode``), which covers
/// hosts as they are written in feeds but not every compatibility mapping browsers apply.
///
/// The URL is kept as its serialization and the offsets of its components, behind one reference:
/// a base URL is copied into every capture, draft and sanitizer pass, and a copy costs one retain
/// (a struct of the seven fields was copied through generic value witnesses, some 150
/// instructions a copy); serializing is then free, and resolving against it copies runs of those
/// bytes.
package struct HTTPURL: Equatable, Sendable {
    enum Scheme: String, Sendable {
        case http, https

        /// The port a URL of this scheme omits.
        var defaultPort: Int { self == .http ? 80 : 443 }

        /// The length of "http://" or "https://".
        var prefixCount: Int { self == .http ? 7 : 8 }
    }

    /// The components as the parser builds them, each serialized (percent-encoded) already.
    struct Parts {
        var scheme: Scheme
        var username: [UInt8] = []
        var password: [UInt8] = []
        /// A slice, so that a relative reference shares its base's host instead of copying it.
        var host: ArraySlice<UInt8> = []
        /// Nil for the scheme's default port.
        var port: Int?
        var path: [UInt8] = []
        var query: [UInt8]?
        var fragment: [UInt8]?
    }

    private final class Storage: Sendable {
        let scheme: Scheme
        let port: Int?
        let serializedBytes: [UInt8]
        let hostStart: Int
        let hostEnd: Int
        let pathStart: Int
        let queryMark: Int?
        let fragmentMark: Int?

        init(
            scheme: Scheme, port: Int?, serializedBytes: [UInt8], hostStart: Int, hostEnd: Int, pathStart: Int,
            queryMark: Int?, fragmentMark: Int?
        ) {
            self.scheme = scheme
            self.port = port
            self.serializedBytes = serializedBytes
            self.hostStart = hostStart
            self.hostEnd = hostEnd
            self.pathStart = pathStart
            self.queryMark = queryMark
            self.fragmentMark = fragmentMark
        }
    }

    private let storage: Storage

    var scheme: Scheme { storage.scheme }
    /// Nil for the scheme's default port.
    var port: Int? { storage.port }
    /// The URL's serialization: the standard's, ASCII only.
    var serializedBytes: [UInt8] { storage.serializedBytes }
    private var hostStart: Int { storage.hostStart }
    private var hostEnd: Int { storage.hostEnd }
    private var pathStart: Int { storage.pathStart }
    /// The index of the "?" before the query, if there is one.
    private var queryMark: Int? { storage.queryMark }
    /// The index of the "#" before the fragment, if there is one.
    private var fragmentMark: Int? { storage.fragmentMark }

    /// Two URLs are equal when they serialize alike (the offsets follow from the serialization).
    package static func == (lhs: HTTPURL, rhs: HTTPURL) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.serializedBytes == rhs.storage.serializedBytes
    }

    /// Parses `text` against `base`, as `new URL(text, base)` does in a browser; nil when that
    /// fails or gives a URL whose scheme is not http or https.
    package init?(_ text: some StringProtocol, base: HTTPURL? = nil) {
        guard let url = withUTF8(text, { HTTPURLParser.parse($0, base: base) }) else { return nil }
        self = url
    }

    /// Serializes `parts` once.
    init(_ parts: Parts) {
        let scheme = parts.scheme
        var out: [UInt8] = []
        out.reserveCapacity(
            scheme.prefixCount + parts.username.count + parts.password.count + 2 + parts.host.count + 6
                + parts.path.count + (parts.query?.count ?? 0) + (parts.fragment?.count ?? 0) + 2)
        out.append(contentsOf: scheme == .http ? "http://".utf8 : "https://".utf8)
        if !parts.username.isEmpty || !parts.password.isEmpty {
            out.append(contentsOf: parts.username)
            if !parts.password.isEmpty {
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: parts.password)
            }
            out.append(UInt8(ascii: "@"))
        }
        let hostStart = out.count
        out.append(contentsOf: parts.host)
        let hostEnd = out.count
        if let port = parts.port { Self.appendDecimal(port, to: &out) }
        let pathStart = out.count
        out.append(contentsOf: parts.path)
        let queryMark = parts.query.map { _ in out.count }
        if let query = parts.query {
            out.append(UInt8(ascii: "?"))
            out.append(contentsOf: query)
        }
        let fragmentMark = parts.fragment.map { _ in out.count }
        if let fragment = parts.fragment {
            out.append(UInt8(ascii: "#"))
            out.append(contentsOf: fragment)
        }
        storage = Storage(
            scheme: scheme, port: parts.port, serializedBytes: out, hostStart: hostStart, hostEnd: hostEnd,
            pathStart: pathStart, queryMark: queryMark, fragmentMark: fragmentMark)
    }

    /// The URL as a string: the standard's serialization, ASCII only.
    package var serialized: String { String(decoding: serializedBytes, as: UTF8.self) }

    /// Percent-encoded user name and password (rare, but part of what a URL says).
    var username: ArraySlice<UInt8> {
        let info = userinfo
        return info[..<(info.firstIndex(of: UInt8(ascii: ":")) ?? info.endIndex)]
    }

    var password: ArraySlice<UInt8> {
        let info = userinfo
        guard let colon = info.firstIndex(of: UInt8(ascii: ":")) else { return [] }
        return info[(colon + 1)...]
    }

    /// "user:password" without the "@", or empty.
    private var userinfo: ArraySlice<UInt8> {
        let start = scheme.prefixCount
        return serializedBytes[start..<max(start, hostStart - 1)]
    }

    /// The serialized host: a lower-case ASCII domain, dotted-decimal IPv4, or bracketed IPv6.
    var host: ArraySlice<UInt8> { serializedBytes[hostStart..<hostEnd] }

    /// The serialized path, each segment after a "/"; never empty once parsed ("/" at least).
    var path: ArraySlice<UInt8> { serializedBytes[pathStart..<(queryMark ?? fragmentMark ?? serializedBytes.count)] }

    var query: ArraySlice<UInt8>? {
        queryMark.map { serializedBytes[($0 + 1)..<(fragmentMark ?? serializedBytes.count)] }
    }

    var fragment: ArraySlice<UInt8>? { fragmentMark.map { serializedBytes[($0 + 1)...] } }

    /// Everything before the path: "scheme://", the user info, the host and the port.
    var origin: ArraySlice<UInt8> { serializedBytes[..<pathStart] }

    /// Everything before the fragment.
    var withoutFragment: ArraySlice<UInt8> { serializedBytes[..<(fragmentMark ?? serializedBytes.count)] }

    /// Appends the serialization to `output`.
    func serialize(into output: inout [UInt8]) { output.append(contentsOf: serializedBytes) }

    /// The host as a string (for comparing with allowed hosts).
    var hostString: String { String(decoding: host, as: UTF8.self) }

    /// Appends ":" and the port's digits.
    private static func appendDecimal(_ port: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: ":"))
        var divisor = 1
        while divisor * 10 <= port { divisor *= 10 }
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(port / divisor % 10))
            divisor /= 10
        }
    }
}
