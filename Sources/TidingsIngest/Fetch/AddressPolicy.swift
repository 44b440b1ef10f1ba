/// Which addresses a fetch may connect to: the SSRF guard's classification, pure and total.
public enum AddressPolicy {
    /// Nil for a public address, else why it is refused: "loopback", "private", "link-local", "metadata",
    /// "unspecified", "multicast", "broadcast", "documentation", "benchmarking" or "reserved". IPv6 forms carrying an IPv4 address
    /// (mapped, compatible, NAT64, 6to4) are judged by the IPv4 address they carry.
    public static func refusal(for address: IPAddress) -> String? {
        if address.isIPv4 { return refusal(v4: address) }
        if let reason = first(v6Ranges, containing: address) { return reason }
        if let embedded = address.embeddedIPv4 {
            // IPv4-compatible addresses are deprecated and never routed: refuse even the public ones.
            let compatible = address.bytes[0..<12].allSatisfy { $0 == 0 }
            return refusal(v4: embedded) ?? (compatible ? "reserved" : nil)
        }
        return nil
    }

    private static func refusal(v4 address: IPAddress) -> String? {
        first(v4Ranges, containing: address)
    }

    private static func first(_ ranges: [(IPAddress, Int, String)], containing address: IPAddress) -> String? {
        ranges.first { address.hasPrefix($0.0, bits: $0.1) }?.2
    }

    /// Ranges in order: the first that contains the address names the reason.
    private static let v4Ranges: [(IPAddress, Int, String)] = [
        ("0.0.0.0", 8, "unspecified"),
        ("10.0.0.0", 8, "private"),
        ("100.64.0.0", 10, "private"),
        ("127.0.0.0", 8, "loopback"),
        ("169.254.169.254", 32, "metadata"),
        ("169.254.0.0", 16, "link-local"),
        ("172.16.0.0", 12, "private"),
        ("192.168.0.0", 16, "private"),
        // IANA's special-purpose registry: protocol assignments, documentation, benchmarking.
        ("192.0.0.0", 24, "reserved"),
        ("192.0.2.0", 24, "documentation"),
        ("198.18.0.0", 15, "benchmarking"),
        ("198.51.100.0", 24, "documentation"),
        ("203.0.113.0", 24, "documentation"),
        ("224.0.0.0", 4, "multicast"),
        ("255.255.255.255", 32, "broadcast"),
        ("240.0.0.0", 4, "reserved"),
    ].map { (IPAddress($0.0)!, $0.1, $0.2) }

    private static let v6Ranges: [(IPAddress, Int, String)] = [
        ("::", 128, "unspecified"),
        ("::1", 128, "loopback"),
        ("fd00:ec2::254", 128, "metadata"),
        ("fc00::", 7, "private"),
        ("fec0::", 10, "private"),
        ("fe80::", 10, "link-local"),
        ("ff00::", 8, "multicast"),
        // RFC 8215's local-use NAT64 prefix translates to whatever the site decides.
        ("64:ff9b:1::", 48, "private"),
        ("100::", 64, "reserved"),  // discard-only
        ("2001:2::", 48, "benchmarking"),
        ("2001:db8::", 32, "documentation"),
        ("3fff::", 20, "documentation"),
    ].map { (IPAddress($0.0)!, $0.1, $0.2) }
}
