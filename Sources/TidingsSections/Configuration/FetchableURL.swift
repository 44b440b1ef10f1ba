import Foundation

/// The rule every fetched URL is held to before any name is looked up: the poller's fetcher checks
/// each hop with it, and the configuration's reader (file, import, admin API) checks a source's URL
/// with it, so a URL the fetcher would refuse is refused where it is written.
public enum FetchableURL {
    /// Why `url` can never be fetched, whatever its host resolves to: not http or https, user info
    /// in it, no host, or a port outside 1…65535. Nil when it may be tried.
    public static func problem(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "\(url.absoluteString) is not an http or https URL"
        }
        guard url.user == nil && url.password == nil else {
            var redacted = URLComponents(url: url, resolvingAgainstBaseURL: true)
            redacted?.user = nil
            redacted?.password = nil
            return "\(redacted?.url?.absoluteString ?? "a URL") was given with user info, which is refused"
        }
        guard let host = url.host, !host.isEmpty else { return "\(url.absoluteString) has no host" }
        if let port = portText(of: url.absoluteString), !port.isEmpty {
            guard port.count <= 8, port.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(port),
                (1...65535).contains(number)
            else { return "\(url.absoluteString) has port \(port), not 1…65535" }
        }
        return nil
    }

    /// The port as written in `url`'s authority (empty for `host:`), or nil when there is none. Read
    /// from the text because Foundation reads `:99999` as 99999, which NIO cannot narrow to 16 bits
    /// (it traps), and a port too long for `Int` as no port at all, which would dial port 80.
    public static func portText(of url: String) -> Substring? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let after = authority[authority.index(after: close)...]
            return after.hasPrefix(":") ? after.dropFirst() : nil
        }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }
}
