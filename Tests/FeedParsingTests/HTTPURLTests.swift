import Foundation
import Testing
import TidingsModel
import TidingsTesting

@testable import FeedParsing

/// The WHATWG URL Standard's parsing of http(s) URLs, case by case: the expectations are what the
/// standard (and its test data, urltestdata.json, in the web-platform tests) says a browser gives.
@Suite("HTTPURL: URLs as browsers read them", .ownThreads)
struct HTTPURLTests {
    static let base = HTTPURL("http://example.org/foo/bar")

    @Test(
        "parses against http://example.org/foo/bar",
        arguments: [
            // Cleaning: leading and trailing C0 controls and spaces, tabs and newlines anywhere.
            ("  \t http://example.com/ \n", "http://example.com/"),
            ("http://example.com/foo\t\nbar", "http://example.com/foobar"),
            ("\u{1}http://example.com/\u{1F}", "http://example.com/"),
            // Schemes and slashes: case, backslashes, missing or extra slashes.
            ("HTTP://EXAMPLE.COM/Path", "http://example.com/Path"),
            ("http:\\\\www.google.com\\foo", "http://www.google.com/foo"),
            ("https:////example.com///", "https://example.com///"),
            ("https:example.org", "https://example.org/"),
            ("//example.com/x", "http://example.com/x"),
            ("\\\\server\\file", "http://server/file"),
            // Same special scheme without "//" is relative; another special scheme is not.
            ("http:foo.com", "http://example.org/foo/foo.com"),
            ("http:/example.com/", "http://example.org/example.com/"),
            ("https:/evil/d", "https://evil/d"),
            // Relative references.
            ("", "http://example.org/foo/bar"),
            ("x", "http://example.org/foo/x"),
            (".", "http://example.org/foo/"),
            ("..", "http://example.org/"),
            ("/a/b/../../..", "http://example.org/"),
            ("?q", "http://example.org/foo/bar?q"),
            ("#f", "http://example.org/foo/bar#f"),
            // Dot segments, plain and percent-encoded.
            ("http://example.com/foo/../bar/./baz", "http://example.com/bar/baz"),
            ("http://example.com/foo/%2e%2E/bar", "http://example.com/bar"),
            ("http://example.com/foo/.%2e", "http://example.com/"),
            ("http://example.com/foo/%2e", "http://example.com/foo/"),
            // Percent-encoding by component.
            ("http://example.com/a b?c d#e f", "http://example.com/a%20b?c%20d#e%20f"),
            ("http://example.com/ü?ü#ü", "http://example.com/%C3%BC?%C3%BC#%C3%BC"),
            ("http://example.com/'?'", "http://example.com/'?%27"),
            ("http://example.com/{}^`|\"<>", "http://example.com/%7B%7D%5E%60|%22%3C%3E"),
            ("http://example.com/[]?[]#[]", "http://example.com/[]?[]#[]"),
            ("http://example.com/%zz?%#%", "http://example.com/%zz?%#%"),
            // Ports.
            ("http://example.com:80/", "http://example.com/"),
            ("https://example.com:443/", "https://example.com/"),
            ("http://example.com:0443/", "http://example.com:443/"),
            ("http://example.com:65535/", "http://example.com:65535/"),
            ("http://example.com:/", "http://example.com/"),
            // User info.
            ("http://user:pass@example.com/", "http://user:pass@example.com/"),
            ("http://&a:foo(b]c@d:2/", "http://&a:foo(b%5Dc@d:2/"),
            ("http://a@b@c/", "http://a%40b@c/"),
            ("http://@example.com", "http://example.com/"),
            ("http://a:b:c@d/", "http://a:b%3Ac@d/"),
            // IPv4 in every form browsers read.
            ("http://0x7f.1/", "http://127.0.0.1/"),
            ("http://2130706433/", "http://127.0.0.1/"),
            ("http://0177.0.0.1/", "http://127.0.0.1/"),
            ("http://0xffffffff/", "http://255.255.255.255/"),
            ("http://1.2.3.4./", "http://1.2.3.4/"),
            ("http://0x/", "http://0.0.0.0/"),
            // IPv6.
            ("http://[0:0:0:0:0:0:0:1]/", "http://[::1]/"),
            ("http://[1:0::]", "http://[1::]/"),
            ("http://[::ffff:1.2.3.4]", "http://[::ffff:102:304]/"),
            ("http://[1:2::3]:8080", "http://[1:2::3]:8080/"),
            ("http://[0:f:0:0:f:f:0:0]", "http://[0:f::f:f:0:0]/"),
            // Hosts: percent-decoded, lower-cased, internationalized.
            ("http://%41.com", "http://a.com/"),
            ("http://example.com./", "http://example.com./"),
            ("http://Bücher.example/", "http://xn--bcher-kva.example/"),
            ("http://☕.example/", "http://xn--53h.example/"),
            ("http://MÜNCHEN.de", "http://xn--mnchen-3ya.de/"),
            ("http://example。com", "http://example.com/"),
            ("http://xn--BCHER-KVA.example/", "http://xn--bcher-kva.example/"),
        ])
    func parses(_ input: String, _ expected: String) {
        #expect(HTTPURL(input, base: Self.base)?.serialized == expected)
    }

    @Test(
        "refuses what browsers refuse, and what is not http(s)",
        arguments: [
            "http://example.com:65536/", "http://example.com:8a/", "http://example.com:80:80/", "http://user@/x",
            "http:///", "http://:80/", "http://ex ample.com/", "http://exa%mple.com", "http://%zz%66%a.com",
            "http://a^b/",
            "http://a|b/", "http://a<b/", "http://a%00b/", "http://1.2.3.4.5/", "http://256.0.0.1/",
            "http://4294967296/", "http://foo.09/", "http://example.1/", "http://[::1/", "http://[:1]/",
            "http://[1::2::3]/", "http://[::1.2.3.04]/", "http://xn--/", "http://xn--a/", "http://xn--abc-/",
            "javascript:alert(1)", "JavaScript:alert(1)", "\u{1}javascript:alert(1)", "data:text/html,x",
            "mailto:a@b.c", "ftp://example.com/", "file:///etc/passwd", "ws://example.com/",
        ])
    func refuses(_ input: String) {
        #expect(HTTPURL(input, base: Self.base) == nil)
    }

    @Test("needs a base for a relative reference")
    func noBase() {
        #expect(HTTPURL("/relative") == nil)
        #expect(HTTPURL("//example.com/x") == nil)
        #expect(HTTPURL("http:example.com")?.serialized == "http://example.com/")
    }

    @Test("serializes so that parsing again gives the same URL")
    func idempotent() throws {
        for input in ["http://Bücher.example:8080/a b/../c?d e#f g", "http://0x7f.1", "http://[1:0::]/x?y#z"] {
            let once = try #require(HTTPURL(input))
            #expect(HTTPURL(once.serialized) == once)
        }
    }

    @Test("the check for URLs already written as the parser writes them agrees with the parser", arguments: [1, 2, 3])
    func canonical(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let schemes = ["http://", "https://", "HTTP://"]
        let pieces = [
            "a", "b.", "c-d", "xn--", "0", "1", "9", ".", "..", "/", "/", "\\", "?", "#", "%", "%2e", "%2E", "%20", ":",
            ":80", ":443", ":0", ":08", ":65536", ":8080", "@", "-", "[", "]", " ", "é", "'", "\"", "{", "^", "|", "`",
            "<", "=", "&", "E", "\t",
        ]
        var canonical = 0
        for _ in 0..<20_000 {
            // Mostly a plausible host and a "/", then anything.
            var text =
                schemes[Int(random.next() % 3)]
                + ["e.com", "a", "x-y.b", "1.e", "e.1", "E.com"][Int(random.next() % 6)]
            if random.next() % 3 == 0 { text += [":80", ":443", ":8080", ":0", ":99999"][Int(random.next() % 5)] }
            if random.next() % 8 != 0 { text += "/" }
            for _ in 0..<(random.next() % 8) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            if Array(text.utf8).withUnsafeBufferPointer(HTTPURLParser.isCanonical) {
                #expect(HTTPURL(text)?.serialized == text, "\(text.debugDescription)")
                canonical += 1
            }
        }
        #expect(canonical > 2_000)
    }

    @Test("Punycode round-trips and refuses overlong labels")
    func punycode() {
        let label = "bücher".unicodeScalars.map(\.value)
        let encoded = Punycode.encode(label)
        #expect(encoded.map { String(decoding: $0, as: UTF8.self) } == "bcher-kva")
        #expect(encoded.flatMap { Punycode.decode($0[...]) } == label)
        #expect(Punycode.encode(Array(repeating: 0xFC, count: 64)) == nil)
        #expect(HTTPURL("http://" + String(repeating: "ü", count: 64) + ".example/") == nil)
    }

    @Test(
        "hosts split into labels by code point; a label beginning with a combining mark is refused (UTS #46)",
        arguments: [
            ("https://.\u{0592}cdn.example/", nil),
            ("https://a.\u{0301}b.example/", nil),
            ("https://xn--cdn-mie.example/", nil),  // decodes to a label beginning with U+0592
            ("https://\u{0592}cdn.example/", nil),
            ("https://cdn\u{0592}.example/", "https://xn--cdn-pie.example/"),
            ("https://b\u{00FC}cher.example/", "https://xn--bcher-kva.example/"),
            ("https://b\u{00FC}cher\u{3002}example/", "https://xn--bcher-kva.example/"),
        ] as [(String, String?)])
    func labelsByScalar(_ input: String, _ expected: String?) {
        #expect(HTTPURL(input)?.serialized == expected)
    }
}
