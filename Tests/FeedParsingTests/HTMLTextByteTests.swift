import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("HTML to plain text, on bytes", .ownThreads)
struct HTMLTextByteTests {
    @Test(
        "keeps the rules of the character-based reader",
        arguments: [
            ("a\u{2009}\u{3000}\u{85}b&thinsp;c", "a b c"),  // every Unicode space collapses, decoded or not
            ("<b>caf</b>\u{E9} \u{65E5}\u{672C} \u{1F600}", "café 日本 😀"),
            ("<p>one</p>\n\n<p>two</p><br><br><br><div>three</div>", "one\n\ntwo\n\nthree"),
            ("&lt;b&gt;not a tag&lt;/b&gt;", "<b>not a tag</b>"),
            ("<script>x</scripts>y</script>z", "z"),  // only "</script" and a delimiter ends a script
            ("<br>  <br>x", "x"),
        ])
    func rules(_ html: String, _ expected: String) {
        #expect(HTMLText.plainText(html) == expected)
    }

    @Test("reads substrings in place")
    func substring() {
        let html = "<p>skip</p><b>bold</b> text"
        #expect(HTMLText.plainText(html.dropFirst(11)) == "bold text")
        #expect(HTMLSanitizer().sanitize(html.dropFirst(11), base: nil) == "<b>bold</b> text")
    }
}
