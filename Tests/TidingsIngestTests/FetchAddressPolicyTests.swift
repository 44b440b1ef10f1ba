import Testing

@testable import TidingsIngest

/// The SSRF guard's classification, one address per case, in the textual forms attackers use.
@Suite("AddressPolicy")
struct FetchAddressPolicyTests {
    static let refused: [(String, String)] = [
        ("0.0.0.0", "unspecified"), ("0.1.2.3", "unspecified"), ("0.255.255.255", "unspecified"),
        ("10.0.0.5", "private"), ("10.255.255.255", "private"),
        ("100.64.0.0", "private"), ("100.127.255.255", "private"), ("100.100.100.200", "private"),
        ("127.0.0.1", "loopback"), ("127.255.255.254", "loopback"),
        ("169.254.169.254", "metadata"), ("169.254.0.1", "link-local"), ("169.254.255.255", "link-local"),
        ("172.16.0.0", "private"), ("172.31.255.255", "private"),
        ("192.168.0.1", "private"), ("192.168.255.255", "private"),
        ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"),
        ("240.0.0.1", "reserved"), ("255.255.255.254", "reserved"), ("255.255.255.255", "broadcast"),
        ("::", "unspecified"), ("0:0:0:0:0:0:0:0", "unspecified"),
        ("::1", "loopback"), ("0:0:0:0:0:0:0:1", "loopback"), ("0000:0000::0001", "loopback"),
        ("fc00::", "private"), ("fd12:3456::1", "private"), ("FDFF:FFFF::1", "private"), ("fec0::1", "private"),
        ("fe80::1", "link-local"), ("FE80::abcd", "link-local"), ("febf:ffff::1", "link-local"),
        ("ff02::1", "multicast"), ("ff0e::1", "multicast"),
        ("fd00:ec2::254", "metadata"), ("fd00:0ec2:0:0:0:0:0:0254", "metadata"),
        // IPv4-mapped, in dotted and in hex form.
        ("::ffff:127.0.0.1", "loopback"), ("::ffff:7f00:1", "loopback"), ("0:0:0:0:0:ffff:7f00:0001", "loopback"),
        ("::ffff:10.0.0.5", "private"), ("::ffff:169.254.169.254", "metadata"), ("::ffff:a9fe:a9fe", "metadata"),
        ("::ffff:0.0.0.0", "unspecified"), ("::FFFF:192.168.1.1", "private"),
        // IPv4-compatible (deprecated): the carried address decides, and public ones are reserved.
        ("::127.0.0.1", "loopback"), ("::a00:5", "private"), ("::8.8.8.8", "reserved"),
        // NAT64 and 6to4 carrying non-public addresses.
        ("64:ff9b::127.0.0.1", "loopback"), ("64:ff9b::7f00:1", "loopback"), ("64:ff9b::a9fe:a9fe", "metadata"),
        ("64:ff9b::192.168.0.1", "private"), ("64:ff9b:1::8.8.8.8", "private"),
        ("2002:7f00:1::", "loopback"), ("2002:a9fe:a9fe::1", "metadata"),
        // Issue 12: special-purpose ranges that were dialled.
        ("192.0.0.1", "reserved"), ("192.0.0.255", "reserved"), ("192.0.2.1", "documentation"),
        ("198.18.0.1", "benchmarking"), ("198.19.255.255", "benchmarking"), ("198.51.100.7", "documentation"),
        ("203.0.113.9", "documentation"), ("2001:db8::1", "documentation"), ("2001:db8:ffff::1", "documentation"),
        ("2001:2::1", "benchmarking"), ("100::1", "reserved"), ("3fff::1", "documentation"),
        ("::ffff:198.18.0.1", "benchmarking"), ("64:ff9b::192.0.2.1", "documentation"),
    ]

    static let allowed = [
        "8.8.8.8", "1.1.1.1", "93.184.216.34", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0",
        "126.255.255.255", "128.0.0.0", "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0",
        "192.167.255.255", "192.169.0.0", "223.255.255.255", "192.0.1.0", "192.0.3.0", "198.17.255.255",
        "198.20.0.0", "2001:db9::1", "2001:3::1",
        "2001:4860:4860::8888", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808",
        "2002:808:808::1", "fbff:ffff::1", "fe00::1",
    ]

    @Test("non-public addresses are refused with their reason", arguments: refused)
    func refuses(text: String, reason: String) throws {
        let address = try #require(IPAddress(text))
        #expect(AddressPolicy.refusal(for: address) == reason)
    }

    @Test("public addresses pass", arguments: allowed)
    func allows(text: String) throws {
        let address = try #require(IPAddress(text))
        #expect(AddressPolicy.refusal(for: address) == nil)
    }

    @Test("only what inet_pton reads is an address; names like 127.1 go through DNS and are judged there")
    func parsing() {
        for text in [
            "127.1", "0x7f.0.0.1", "2130706433", "1.2.3.4.5", "256.0.0.1", "::g", "[::1]", "", "localhost", "1.2.3",
        ] {
            #expect(IPAddress(text) == nil, "\(text)")
        }
        #expect(IPAddress("::ffff:127.0.0.1")?.description == "::ffff:127.0.0.1")
        #expect(IPAddress("0:0:0:0:0:0:0:1")?.description == "::1")
        #expect(IPAddress("FD00:EC2::254")?.description == "fd00:ec2::254")
        #expect(IPAddress("::ffff:7f00:1")?.unmapped == IPAddress("127.0.0.1"))
        #expect(IPAddress("64:ff9b::7f00:1")?.unmapped == IPAddress("64:ff9b::7f00:1"))
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
    }

    @Test("prefixes compare bit by bit and never across families")
    func prefixes() throws {
        let address = try #require(IPAddress("172.31.0.1"))
        #expect(address.hasPrefix(try #require(IPAddress("172.16.0.0")), bits: 12))
        #expect(!address.hasPrefix(try #require(IPAddress("172.16.0.0")), bits: 13))
        #expect(address.hasPrefix(try #require(IPAddress("1.2.3.4")), bits: 0))
        #expect(!address.hasPrefix(try #require(IPAddress("::")), bits: 0))
        #expect(!address.hasPrefix(address, bits: 33))
    }

    @Test("the allow-list matches the URL's host as written: names, addresses and ranges")
    func allowList() {
        let list = AllowList([
            "Feeds.Corp.", "127.0.0.1", "10.0.0.0/8", "[fd00::]/8", "::1", "bad/33", "10.0.0.0/33", " ",
        ])
        #expect(list.allows(host: "feeds.corp"))
        #expect(list.allows(host: "FEEDS.CORP."))
        #expect(!list.allows(host: "other.corp"))
        #expect(list.allows(host: "127.0.0.1"))
        #expect(list.allows(host: "::ffff:127.0.0.1"), "the mapped form of an allowed address")
        #expect(!list.allows(host: "127.0.0.2"))
        #expect(!list.allows(host: "localhost"), "names are not allowed by what they resolve to")
        #expect(list.allows(host: "10.200.3.4"))
        #expect(list.allows(host: "fd12::1"))
        #expect(list.allows(host: "::1"))
        #expect(!list.allows(host: "fe80::1"))
        #expect(list.invalid == ["bad/33", "10.0.0.0/33", " "])
        #expect(FetchPolicy(allowHosts: ["10.0.0.0/99"]).invalidAllowHosts == ["10.0.0.0/99"])
    }
}
