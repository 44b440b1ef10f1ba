/// The key two links to one article share: a link as feeds write it, less what tells the same
/// page apart only by how a reader reached it (issue 42). `https://www.example.com/a/?utm_source=x`,
/// `http://example.com/a`, `https://m.example.com/a#top` and `https://example.com/amp/a` all give
/// `example.com/a`.
///
/// What is dropped: the scheme, user info, a default port and the fragment; a leading `www.`,
/// `m.`, `mobile.` or `amp.` label of a host of three labels or more; AMP's marks in the path
/// (a leading `/amp/` segment, a trailing `/amp` or `/amp/`, `.amp` before an extension or at the
/// end); a trailing `/`; query parameters that only track (`utm_*`, `fbclid`, `gclid` and the
/// others in `tracking`) or ask for AMP (`amp`, `outputType=amp`). The parameters left are sorted,
/// so their order does not matter. The host is lower-cased; the path and query keep their case
/// (servers tell `/A` from `/a`). Anything but an http(s) URL with a host has no key, and
/// neither has a site's front page.
public enum StoryURL {
    /// The key of `link`, or nil when it is not an http(s) URL with a host, or is a front page.
    public static func key(_ link: String) -> String? {
        var rest = Substring(link)
        // Searched byte by byte: the marks are ASCII, and a search by Character breaks every
        // character of the link into graphemes first.
        guard let scheme = rest.utf8.firstIndex(of: UInt8(ascii: ":")), isHTTP(rest[..<scheme].utf8),
            rest.utf8[scheme...].starts(with: "://".utf8)
        else { return nil }
        rest = rest[rest.utf8.index(scheme, offsetBy: 3)...]
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        let authorityEnd =
            rest.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        guard let host = host(rest[..<authorityEnd]) else { return nil }
        var path = rest[authorityEnd...]
        var query: Substring = ""
        if let mark = path.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = path[path.index(after: mark)...]
            path = path[..<mark]
        }
        let parameters = kept(query)
        let kept = self.path(path)
        // A site's front page is where many entries link for want of their own page (a podcast's
        // episodes, a shop's offers): it names no story.
        guard !kept.isEmpty || !parameters.isEmpty else { return nil }
        return host + kept + (parameters.isEmpty ? "" : "?" + parameters)
    }

    /// Query parameters that say where a reader came from, not what they asked for.
    static let tracking: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "igshid", "mc_cid", "mc_eid",
        "_ga", "_gl", "ocid", "cmpid", "icid", "ncid", "mkt_tok", "smid", "at_medium", "at_campaign",
    ]

    /// Host labels a site puts before its own name for a mobile or AMP copy of the same page.
    static let variantLabels: Set<Substring> = ["www", "m", "mobile", "amp"]

    /// The host of an authority (`user@Host:port`), lower-cased, without a default port or a
    /// variant label.
    private static func host(_ authority: Substring) -> String? {
        var host = authority
        if let at = host.utf8.lastIndex(of: UInt8(ascii: "@")) { host = host[host.utf8.index(after: at)...] }
        // The port's colon: after the brackets of an IPv6 address, else the last one.
        let colon =
            host.utf8.first == UInt8(ascii: "[")
            ? host.utf8.firstIndex(of: UInt8(ascii: "]")).map { host.utf8.index(after: $0) }.flatMap {
                $0 < host.endIndex && host.utf8[$0] == UInt8(ascii: ":") ? $0 : nil
            }
            : host.utf8.lastIndex(of: UInt8(ascii: ":"))
        if let colon {
            let port = host[host.utf8.index(after: colon)...]
            if port.isEmpty || port == "80" || port == "443" { host = host[..<colon] }
        }
        guard !host.isEmpty else { return nil }
        var lowered = host.lowercased()
        // Only in front of a name of two labels or more: `amp.dev` and `m.tt` stay as they are.
        while let dot = lowered.utf8.firstIndex(of: UInt8(ascii: ".")), variantLabels.contains(lowered[..<dot]),
            lowered.utf8[lowered.utf8.index(after: dot)...].contains(UInt8(ascii: "."))
        {
            lowered = String(lowered[lowered.utf8.index(after: dot)...])
        }
        return lowered
    }

    /// A path without AMP's marks or a trailing slash; "" for the root.
    private static func path(_ raw: Substring) -> String {
        var path = String(raw)
        if path.hasPrefix("/amp/") { path.removeFirst(4) }
        for suffix in ["/amp/", "/amp"] where path.hasSuffix(suffix) {
            path.removeLast(suffix.count)
            break
        }
        if let dot = lastAMP(path), dot.upperBound == path.endIndex || path[dot.upperBound] == "." {
            path.removeSubrange(dot)
        }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Whether a scheme is `http` or `https`, in any case.
    private static func isHTTP(_ scheme: Substring.UTF8View) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        return zip(scheme, https).allSatisfy { $0 | 0x20 == $1 }
    }

    private static let https = Array("https".utf8)

    /// Where the last `.amp` of a path is (byte by byte: Foundation's backwards search went
    /// through an NSString for every link).
    private static func lastAMP(_ path: String) -> Range<String.Index>? {
        let bytes = path.utf8
        var end = bytes.endIndex
        while let dot = bytes[..<end].lastIndex(of: UInt8(ascii: ".")) {
            let after = bytes[dot...].dropFirst()
            if after.starts(with: "amp".utf8) { return dot..<bytes.index(dot, offsetBy: 4) }
            end = dot
        }
        return nil
    }

    /// The parameters of a query that name the page, sorted.
    private static func kept(_ query: Substring) -> String {
        query.split(separator: "&").filter { parameter in
            let equals = parameter.firstIndex(of: "=") ?? parameter.endIndex
            let name = parameter[..<equals].lowercased()
            let value = parameter[equals...].dropFirst().lowercased()
            if name.hasPrefix("utm_") || tracking.contains(name) { return false }
            if name == "amp" && (value.isEmpty || value == "1" || value == "true") { return false }
            if name == "outputtype" && value == "amp" { return false }
            return true
        }.sorted().joined(separator: "&")
    }
}
