import Foundation

/// `fetch.allow_hosts` read once: hostnames, IP addresses and CIDR ranges a fetch may reach even
/// when they are not public.
///
/// Entries are matched against the URL's host as written, not against what a name resolves to:
/// allowing `127.0.0.1` does not allow `localhost`, and allowing `10.0.0.0/8` does not let a public
/// name that resolves into it through.
/// Also what `/metrics` admits (`metrics.allow`, TidingsServer), hence `package`.
package struct AllowList: Sendable {
    private var names: Set<String> = []
    /// `*` was given: every host is allowed (for a person's own command, never a server's default).
    private var everything = false
    private var ranges: [(prefix: IPAddress, bits: Int)] = []
    /// Entries that are neither a hostname, an address nor a valid range.
    package private(set) var invalid: [String] = []

    package init(_ entries: [String]) {
        for entry in entries {
            let text = entry.trimmingCharacters(in: .whitespaces)
            if text == "*" {
                everything = true
            } else if let range = Self.range(text) {
                ranges.append(range)
            } else if text.contains("/") || text.contains(":") || text.isEmpty {
                invalid.append(entry)
            } else {
                names.insert(Self.normalized(text))
            }
        }
    }

    /// True when `host` (a URL's host, brackets removed) is allowed by name or is an address in an allowed range.
    package func allows(host: String) -> Bool {
        if everything { return true }
        if let address = IPAddress(host) {
            let unmapped = address.unmapped
            return ranges.contains {
                address.hasPrefix($0.prefix, bits: $0.bits) || unmapped.hasPrefix($0.prefix, bits: $0.bits)
            }
        }
        return names.contains(Self.normalized(host))
    }

    /// Whether `text` is an IP address or a CIDR range (not a host name).
    package static func isAddressOrRange(_ text: String) -> Bool {
        range(text.trimmingCharacters(in: .whitespaces)) != nil
    }

    private static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// `10.0.0.5`, `[::1]`, `10.0.0.0/8` or `fd00::/8` as a prefix and its length.
    private static func range(_ text: String) -> (prefix: IPAddress, bits: Int)? {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        var head = String(parts[0])
        if head.hasPrefix("[") && head.hasSuffix("]") { head = String(head.dropFirst().dropLast()) }
        guard let address = IPAddress(head) else { return nil }
        let all = address.bytes.count * 8
        guard parts.count == 2 else { return (address, all) }
        guard let bits = Int(parts[1]), (0...all).contains(bits) else { return nil }
        return (address, bits)
    }
}
