import Testing
import TidingsModel
import TidingsTesting

@testable import FeedParsing

/// The shortcuts that skip the URL parser must give exactly what it gives: each is run beside the
/// parser over many generated references and bases, and wherever a shortcut answers, the two
/// answers must be the same bytes.
@Suite("HTTPURL fast paths agree with the parser", .ownThreads)
struct HTTPURLFastPathTests {
    static let bases = [
        "http://example.org/foo/bar", "https://example.com/", "https://example.com/a/b/", "https://example.com",
        "http://user:pw@host.example:8080/dir/file.html?x=1#top", "https://user@h.example/p?q",
        "https://[::1]:444/a/b/c?q#f", "http://192.168.0.1/x/y", "https://xn--bcher-kva.example/b%C3%BC/c",
    ]

    static let pieces = [
        "a", "b", "post", "img.jpg", "2024", "-", "_", "~", ".", "..", "...", "/", "/", "/", "//", "\\", "?", "?",
        "#", "#", "%", "%2e", "%2E", "%2", "%20", "%%", ":", "@", "=", "&", ";", "!", "$", "(", ")", "*", "+", ",",
        "'", "[", "]", " ", "\t", "\n", "\u{1}", "é", "ü", "\"", "<", ">", "`", "{", "}", "^", "|", "\u{7F}", "x:",
        "2", "e", "22", "2e", ".e", "e.", "%2e.", ".%2E", "%2e%2E", "%2e%2e%2e", "http:", "https:", "mailto:", "e.com",
        "E.COM", ":8080", ":80", ":443", "xn--", "1.2", "0x7f",
    ]

    static let starts = ["", "", "", "/", "/", "?", "#", "//", "///", "\\", "/\\", "./", "../", " ", "http:", "https:"]

    @Test("plain relative references resolve as the parser resolves them", arguments: 0..<4)
    func relative(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let bases = Self.bases.map { HTTPURL($0)! }
        var answered = 0
        for _ in 0..<25_000 {
            var text = Self.starts[Int(random.next() % UInt64(Self.starts.count))]
            for _ in 0..<(random.next() % 9) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            let base = bases[Int(random.next() % UInt64(bases.count))]
            let fast = Array(text.utf8).withUnsafeBufferPointer { base.resolvingPlain($0) }
            if let fast {
                answered += 1
                #expect(fast == HTTPURL(text, base: base)?.serializedBytes, "\(text.debugDescription) \(base)")
            }
        }
        #expect(answered > 3_000)
    }

    @Test(
        "plain references take the base's prefix; the rest are left to the parser",
        arguments: [
            ("/link", "https://example.com/link"),
            ("img/a.jpg?w=2#x", "https://example.com/a/img/a.jpg?w=2#x"),
            ("?page=2", "https://example.com/a/b?page=2"),
            ("#top", "https://example.com/a/b?q#top"),
            ("//cdn.example.net/a.jpg", "https://cdn.example.net/a.jpg"),
            ("a:b/c", nil), ("../x", nil), ("x/%2e/y", nil), ("a b", nil), ("\\x", nil), ("/\\x", nil),
            ("//CDN.example.net/", nil), ("//cdn.example.net:443/", nil), ("", nil), ("é", nil),
        ] as [(String, String?)])
    func pinned(reference: String, expected: String?) {
        let base = HTTPURL("https://example.com/a/b?q#f")!
        let fast = Array(reference.utf8).withUnsafeBufferPointer { base.resolvingPlain($0) }
        #expect(fast.map { String(decoding: $0, as: UTF8.self) } == expected)
        if let expected { #expect(HTTPURL(reference, base: base)?.serialized == expected) }
    }

    @Test("the sanitizer's check gives what the parser gives", arguments: 10..<12)
    func check(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let bases = Self.bases.map { HTTPURL($0)! }
        for _ in 0..<20_000 {
            var text = Self.starts[Int(random.next() % UInt64(Self.starts.count))]
            if random.next() % 4 == 0 { text = ["http://", "https://", "//"][Int(random.next() % 3)] + "e.com" }
            for _ in 0..<(random.next() % 8) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            let base = random.next() % 5 == 0 ? nil : bases[Int(random.next() % UInt64(bases.count))]
            var url = Array(text.utf8)
            let rule: SanitizedURL.Rule = [.media, .link, .image][Int(random.next() % 3)]
            let kept = SanitizedURL.check(&url, rule: rule, base: base, iframeHosts: [])
            // What check means: controls removed and spaces trimmed, then the parser.
            let cleaned = String(
                decoding: text.utf8.filter { $0 >= 0x20 && $0 != 0x7F }.drop { $0 == 0x20 }, as: UTF8.self)
            // A link may be mailto:, which is not the URL parser's.
            if rule == .link, cleaned.lowercased().hasPrefix("mailto:") { continue }
            let expected = cleaned.isEmpty ? nil : HTTPURL(cleaned, base: base)?.serializedBytes
            #expect(kept == (expected != nil), "\(text.debugDescription)")
            if kept { #expect(url == expected, "\(text.debugDescription)") }
        }
    }

    @Test("feed URLs resolve as the parser resolves them", arguments: 20..<22)
    func feedURL(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let bases = Self.bases.map { HTTPURL($0)! }
        for _ in 0..<20_000 {
            var text = Self.starts[Int(random.next() % UInt64(Self.starts.count))]
            for _ in 0..<(1 + random.next() % 8) {
                text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            }
            let base = bases[Int(random.next() % UInt64(bases.count))]
            let outcome = FeedURL.resolve(text, base: base)
            guard text.utf8.contains(where: { $0 > 0x20 }) else { continue }
            if let expected = HTTPURL(text, base: base)?.serialized {
                #expect(outcome == .url(expected), "\(text.debugDescription)")
            } else {
                #expect(outcome == .dropped("is not an http(s) URL"), "\(text.debugDescription)")
            }
        }
    }

    @Test("a run ends at the first byte outside the set, four bytes a step or one")
    func runs() {
        var random = SplitMix64(seed: 99)
        let sets: [ASCIISet] = [.canonicalLabel, .plainPath, .plainQuery, .plainFragment]
        let alphabet = Array("ab-09./?#\\%\"<>^`{}| '\u{7F}\u{1}".utf8) + [0x80, 0xC3, 0xFF]
        for _ in 0..<5_000 {
            let bytes = (0..<(random.next() % 24)).map { _ in
                random.next() % 3 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : UInt8(ascii: "a")
            }
            let start = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            for set in sets {
                let expected = bytes[start...].firstIndex { !set.contains($0) } ?? bytes.count
                #expect(bytes.withUnsafeBufferPointer { set.end(of: $0, from: start) } == expected)
            }
        }
        #expect(ASCIISet.plainPath.contains(UInt8(ascii: "%")) && !ASCIISet.plainPath.contains(UInt8(ascii: "/")))
        #expect(ASCIISet.plainQuery.contains(UInt8(ascii: "?")) && !ASCIISet.plainQuery.contains(UInt8(ascii: "'")))
        #expect(ASCIISet.plainFragment.contains(UInt8(ascii: "#")) && !ASCIISet.plainFragment.contains(0x60))
        #expect(!ASCIISet.canonicalLabel.contains(UInt8(ascii: "A")) && !ASCIISet.canonicalLabel.contains(0xC3))
    }

    @Test("an absolute URL nearly canonical needs only its root path", arguments: 30..<32)
    func canonicalForm(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var forms = (canonical: 0, missingRoot: 0)
        for _ in 0..<20_000 {
            var text = ["http://", "https://"][Int(random.next() % 2)]
            text +=
                ["e.com", "a.b.c", "x-y", "1.e", "e.1", "E.com", "xn--a.com", "a..b", "e.com."][
                    Int(random.next() % 9)]
            if random.next() % 3 == 0 {
                text += [":80", ":443", ":8080", ":0", ":123456", ":"][Int(random.next() % 6)]
            }
            for _ in 0..<(random.next() % 6) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            let bytes = Array(text.utf8)
            let parsed = HTTPURL(text)?.serializedBytes
            switch bytes.withUnsafeBufferPointer(HTTPURLParser.canonicalForm) {
            case .canonical:
                forms.canonical += 1
                #expect(parsed == bytes, "\(text.debugDescription)")
            case .missingRootPath(let index):
                forms.missingRoot += 1
                #expect(
                    parsed == Array(bytes[..<index] + [UInt8(ascii: "/")] + bytes[index...]), "\(text.debugDescription)"
                )
            case nil: break
            }
        }
        #expect(forms.canonical > 100)
        #expect(forms.missingRoot > 1_000)
        #expect(HTTPURL("http://e.com/2/22/e/2e/.e/.../x")?.serialized == "http://e.com/2/22/e/2e/.e/.../x")
        #expect(Array("http://e.com/2/%2E".utf8).withUnsafeBufferPointer(HTTPURLParser.canonicalForm) == nil)
    }

    @Test("the components read back from the serialization")
    func components() {
        let url = HTTPURL("HTTP://us%65r:p@ss@Example.COM:8080/a/./b?q=1#top")!
        #expect(url.serialized == "http://us%65r:p%40ss@example.com:8080/a/b?q=1#top")
        #expect(String(decoding: url.username, as: UTF8.self) == "us%65r")
        #expect(String(decoding: url.password, as: UTF8.self) == "p%40ss")
        #expect(url.hostString == "example.com")
        #expect(url.port == 8080)
        #expect(String(decoding: url.path, as: UTF8.self) == "/a/b")
        #expect(url.query.map { String(decoding: $0, as: UTF8.self) } == "q=1")
        #expect(url.fragment.map { String(decoding: $0, as: UTF8.self) } == "top")
        #expect(String(decoding: url.origin, as: UTF8.self) == "http://us%65r:p%40ss@example.com:8080")
        let bare = HTTPURL("https://[::1]/")!
        #expect(bare.username.isEmpty && bare.password.isEmpty && bare.port == nil)
        #expect(bare.hostString == "[::1]" && bare.query == nil && bare.fragment == nil)
        let passwordOnly = HTTPURL("http://:pw@e.com/?#")!
        #expect(passwordOnly.username.isEmpty && String(decoding: passwordOnly.password, as: UTF8.self) == "pw")
        #expect(passwordOnly.query?.isEmpty == true && passwordOnly.fragment?.isEmpty == true)
        var output = Array("x".utf8)
        url.serialize(into: &output)
        #expect(output == Array(("x" + url.serialized).utf8))
    }
}
