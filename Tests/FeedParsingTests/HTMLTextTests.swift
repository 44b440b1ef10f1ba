import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("HTML to plain text", .ownThreads)
struct HTMLTextTests {
    @Test(
        "one rule per row",
        arguments: [
            ("plain words", "plain words"),
            ("<b>bold</b> and <i>italic</i>", "bold and italic"),
            ("Fish &amp; chips &mdash; &#8220;cheap&#x201D;", "Fish & chips — “cheap”"),
            ("caf&eacute; cr&egrave;me br&ucirc;l&eacute;e", "café crème brûlée"),
            ("a &nbsp; b", "a b"),  // no-break spaces collapse like spaces
            ("  lots   of\n\t whitespace  ", "lots of whitespace"),
            ("<p>First</p><p>Second</p>", "First\n\nSecond"),
            ("line<br>break<br/>again", "line\nbreak\nagain"),
            ("<ul><li>one</li><li>two</li></ul>", "one\n\ntwo"),
            ("before<script>alert('<b>x</b>')</script>after", "beforeafter"),
            ("a<style>p { color: red }</style>b", "ab"),
            ("<SCRIPT>x</ScRiPt>shown", "shown"),
            ("x<!-- a comment with <b>tags</b> -->y", "xy"),
            ("<a href=\"x\" title='a > b'>link</a>", "link"),  // '>' inside a quoted attribute
            ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),  // a '<' that opens no tag is text
            ("AT&T &unknown; &", "AT&T &unknown; &"),  // unknown references stay as written
            ("&amp without semicolon", "& without semicolon"),
            // windows-1252 C1; NUL and out of range → U+FFFD (HTML spec)
            ("&#150; dash &#0; &#99999999;", "– dash \u{FFFD} \u{FFFD}"),
            ("<![CDATA[kept?]]>text", "text"),
            ("<div>unclosed", "unclosed"),
            ("<img src=x alt=\"picture\">caption", "caption"),
            ("trailing <b", "trailing"),
        ])
    func rules(_ html: String, _ expected: String) {
        #expect(HTMLText.plainText(html) == expected)
    }

    @Test("stays linear on hostile input")
    func hostile() {
        let unclosed = String(repeating: "<a ", count: 50_000)
        #expect(HTMLText.plainText(unclosed).isEmpty)
        let comments = String(repeating: "<!-- ", count: 50_000)
        #expect(HTMLText.plainText(comments).isEmpty)
        let ampersands = String(repeating: "&", count: 100_000)
        #expect(HTMLText.plainText(ampersands).count == 100_000)
        let scripts = String(repeating: "<script>", count: 20_000)
        #expect(HTMLText.plainText(scripts).isEmpty)
    }
}

@Suite("HTML character references", .ownThreads)
struct HTMLEntitiesTests {
    @Test(
        "named, decimal and hexadecimal references",
        arguments: [
            ("amp", "&"), ("nbsp", "\u{00A0}"), ("eacute", "é"), ("Eacute", "É"), ("ocirc", "ô"), ("Ugrave", "Ù"),
            ("hellip", "…"), ("euro", "€"), ("Omega", "Ω"), ("sigma", "σ"), ("sigmaf", "ς"), ("#233", "é"),
            ("#xE9", "é"), ("#X1F600", "😀"), ("#150", "–"),
        ])
    func references(_ name: String, _ expected: String) {
        #expect(HTMLEntities.character(for: name) == expected)
    }

    @Test("refuses what is not a reference", arguments: ["bogus", "#", "#x", "#xZZ", "#12a", "", "#xD800"])
    func refuses(_ name: String) {
        let result = HTMLEntities.character(for: name)
        #expect(result == nil || result == "\u{FFFD}")
    }
}
