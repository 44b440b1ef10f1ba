import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("HTML sanitizer: properties and hostile input", .ownThreads)
struct HTMLSanitizerPropertyTests {
    let sanitizer = HTMLSanitizer()

    @Test("is idempotent and writes only allowed, well-formed markup", arguments: [1, 2, 3, 4])
    func idempotent(seed: UInt64) throws {
        var random = RandomHTML(seed: seed)
        let base = seed % 2 == 0 ? nil : URL(string: "https://example.com/dir/page.html")
        for round in 0..<500 {
            let html = round % 10 == 0 ? random.deepDocument() : random.document()
            let once = sanitizer.sanitize(html, base: base)
            let twice = sanitizer.sanitize(once, base: base)
            #expect(twice == once, "input: \(html.debugDescription)")
            let problem = CanonicalHTML.problem(in: once)
            #expect(problem == nil, "\(problem ?? "") in \(once.debugDescription) from \(html.debugDescription)")
            #expect(!once.lowercased().contains("<script"))
            let attributes = CanonicalHTML.attributes(in: once)
            #expect(!attributes.contains { $0.name.hasPrefix("on") || $0.name == "style" }, "\(once)")
            let urls = attributes.filter { CanonicalHTML.urlAttributes.contains($0.name) || $0.name == "srcset" }
            #expect(!urls.contains { $0.value.lowercased().contains("javascript:") }, "\(once)")
        }
    }

    @Test("the one-pass plain text equals the plain text of the sanitized HTML", arguments: [5, 6])
    func onePassText(seed: UInt64) {
        var random = RandomHTML(seed: seed)
        for round in 0..<500 {
            let html = round % 10 == 0 ? random.deepDocument() : random.document()
            let result = sanitizer.sanitizeWithText(html, base: HTTPURL("https://e.com/"))
            #expect(result.html == sanitizer.sanitize(html, base: URL(string: "https://e.com/")))
            #expect(result.text == HTMLText.plainText(result.html), "input: \(html.debugDescription)")
            #expect(result.image == sanitizer.firstImage(in: html, base: URL(string: "https://e.com/")))
        }
    }

    @Test("cut at any byte limit, the HTML fits, is well-formed and is a start of the whole", arguments: [7, 8])
    func cut(seed: UInt64) {
        var random = RandomHTML(seed: seed)
        let base = HTTPURL("https://e.com/")
        for round in 0..<300 {
            let html = round % 10 == 0 ? random.deepDocument() : random.document()
            let whole = sanitizer.sanitizeWithText(html, base: base)
            let limit = random.below(whole.html.utf8.count + 20)
            let cut = sanitizer.sanitizeWithText(html, base: base, limit: limit)
            let context = "limit \(limit), input: \(html.debugDescription)"
            #expect(cut.html.utf8.count <= limit, "\(context)")
            #expect(cut.truncated == (whole.html.utf8.count > limit), "\(context)")
            #expect(CanonicalHTML.problem(in: cut.html) == nil, "\(cut.html.debugDescription), \(context)")
            #expect(sanitizer.sanitize(cut.html, base: URL(string: "https://e.com/")) == cut.html, "\(context)")
            #expect(cut.text == HTMLText.plainText(cut.html), "\(context)")
            #expect(whole.text.hasPrefix(cut.text.trimmingCharacters(in: .whitespacesAndNewlines)), "\(context)")
        }
    }

    @Test("caps nesting: 100,000 unclosed <b> keep 256 open")
    func unclosed() {
        let html = String(repeating: "<b>x", count: 100_000)
        let output = sanitizer.sanitize(html, base: nil)
        #expect(output.utf8.count == 256 * 7 + 100_000)
        #expect(output.hasSuffix(String(repeating: "</b>", count: 256)))
    }

    @Test("caps nesting: 50,000 deep, closed")
    func deep() {
        let html = String(repeating: "<div>", count: 50_000) + "x" + String(repeating: "</div>", count: 50_000)
        let expected = String(repeating: "<div>", count: 256) + "x" + String(repeating: "</div>", count: 256)
        #expect(sanitizer.sanitize(html, base: nil) == expected)
    }

    @Test("stays linear with 400,000 attributes on one tag")
    func attributes() {
        let html = "<p" + String(repeating: " title=x onclick=y", count: 200_000) + ">z"
        #expect(sanitizer.sanitize(html, base: nil) == #"<p title="x">z</p>"#)
    }

    @Test("stays linear on a 20 MB text node")
    func longText() {
        let html = String(repeating: "Fish & chips, mushy peas &amp; a pickled egg!! <3 ", count: 400_000)
        let output = sanitizer.sanitize(html, base: nil)
        #expect(html.utf8.count == 20_000_000)
        #expect(output.utf8.count == 20_000_000 + 400_000 * 7)
    }

    @Test("stays linear on unterminated comments, scripts, ampersands and stray end tags")
    func otherHostile() {
        #expect(sanitizer.sanitize(String(repeating: "<!-- ", count: 50_000), base: nil).isEmpty)
        #expect(sanitizer.sanitize(String(repeating: "<script>", count: 50_000), base: nil).isEmpty)
        #expect(sanitizer.sanitize(String(repeating: "&", count: 100_000), base: nil).utf8.count == 500_000)
        let strays = String(repeating: "<i>", count: 300) + String(repeating: "</b>", count: 100_000)
        #expect(sanitizer.sanitize(strays, base: nil).utf8.count == 256 * 7)
    }
}

/// A strict reader of the sanitizer's output, independent of its tokenizer.
enum CanonicalHTML {
    static let urlAttributes: Set<String> = ["href", "src", "poster", "cite"]

    /// Every attribute of every tag in `html`, values decoded.
    static func attributes(in html: String) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for piece in html.split(separator: "<").dropFirst() {
            var rest = piece.prefix { $0 != ">" }.drop { $0 != " " }
            while rest.first == " " {
                rest = rest.dropFirst()
                let name = String(rest.prefix { $0 != "=" && $0 != " " })
                rest = rest.dropFirst(name.count)
                var value = ""
                if rest.hasPrefix("=\"") {
                    let raw = rest.dropFirst(2).prefix { $0 != "\"" }
                    rest = rest.dropFirst(3 + raw.count)
                    value = HTMLEntities.decode(raw)
                }
                result.append((name, value))
            }
        }
        return result
    }

    /// What is wrong with `html`, or nil: stray `<`, `>` or `&`, a disallowed element or attribute,
    /// a URL that is not http(s) (or mailto / raster data where allowed), unbalanced tags.
    static func problem(in html: String) -> String? {
        var open: [Substring] = []
        for (index, piece) in html.split(separator: "<", omittingEmptySubsequences: false).enumerated() {
            let parts =
                index == 0 ? ["", piece] : piece.split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].contains(">") else { return "stray >" }
            if let problem = escapingProblem(parts[1]) { return problem }
            guard index > 0 else { continue }
            let tag = parts[0]
            if tag.hasPrefix("/") {
                guard open.popLast() == tag.dropFirst() else { return "unbalanced </\(tag.dropFirst())>" }
                continue
            }
            let name = tag.prefix { $0 != " " }
            guard let element = allowed[String(name)] else { return "element \(name)" }
            if let problem = attributeProblem(tag.dropFirst(name.count), element: String(name), allowed: element) {
                return problem
            }
            if !["br", "hr", "img", "source", "track", "wbr", "col"].contains(name) { open.append(name) }
        }
        return open.isEmpty ? nil : "unclosed \(open)"
    }

    private static func escapingProblem(_ text: Substring) -> String? {
        for (offset, character) in text.enumerated() where character == "&" {
            let rest = text.dropFirst(offset + 1)
            guard ["amp;", "lt;", "gt;", "quot;"].contains(where: { rest.hasPrefix($0) }) else { return "raw &" }
        }
        return nil
    }

    private static func attributeProblem(_ text: Substring, element: String, allowed: Set<String>) -> String? {
        var rest = text
        while !rest.isEmpty {
            guard rest.first == " " else { return "attribute spacing" }
            rest = rest.dropFirst()
            let name = String(rest.prefix { $0 != "=" && $0 != " " })
            rest = rest.dropFirst(name.count)
            guard allowed.contains(name) || (element == "a" && name == "rel") else { return "attribute \(name)" }
            guard rest.hasPrefix("=\"") else { continue }
            let value = rest.dropFirst(2).prefix { $0 != "\"" }
            rest = rest.dropFirst(3 + value.count)
            if escapingProblem(value) != nil || value.contains("<") { return "attribute value \(value)" }
            let decoded = HTMLEntities.decode(value)
            if urlAttributes.contains(name), !isAllowedURL(decoded, name: name, element: element) {
                return "URL \(decoded)"
            }
            // Candidates are written "url 2x, url"; URLs hold no spaces.
            if name == "srcset",
                decoded.split(separator: ", ").contains(where: { !isAllowedURL(String($0), name: name, element: "") })
            {
                return "srcset \(decoded)"
            }
        }
        return nil
    }

    private static func isAllowedURL(_ url: String, name: String, element: String) -> Bool {
        let lower = url.lowercased()
        if lower.hasPrefix("https:") || lower.hasPrefix("http:") { return true }
        if element == "a", lower.hasPrefix("mailto:") { return true }
        return element == "img" && name == "src" && lower.hasPrefix("data:image/") && !lower.hasPrefix("data:image/svg")
    }

    /// The issue's allow-list, written out again rather than read from the code under test.
    static let allowed: [String: Set<String>] = {
        let elements = """
            a abbr b bdi bdo blockquote br caption cite code col colgroup dd del details dfn div dl dt em figcaption
            figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p picture pre q rp rt ruby s samp small source span
            strike strong sub summary sup table tbody td tfoot th thead time tr u ul var video audio track wbr
            """
        var table: [String: Set<String>] = [:]
        for element in elements.split(whereSeparator: \.isWhitespace) {
            table[String(element)] = ["title", "lang", "dir"]
        }
        for (element, attributes) in [
            ("a", "href"), ("img", "src srcset alt width height sizes"), ("source", "src srcset type media sizes"),
            ("video", "src poster controls width height"), ("audio", "src controls"),
            ("track", "src kind srclang label"),
            ("blockquote", "cite"), ("q", "cite"), ("del", "cite datetime"), ("ins", "cite datetime"),
            ("td", "colspan rowspan headers scope"), ("th", "colspan rowspan headers scope"), ("col", "span"),
            ("colgroup", "span"), ("ol", "start reversed type"), ("li", "value"), ("time", "datetime"),
        ] {
            table[element]?.formUnion(attributes.split(separator: " ").map(String.init))
        }
        table["iframe"] = ["src", "width", "height", "title", "sandbox", "allowfullscreen", "loading"]
        return table
    }()
}
