import Testing
import TidingsTesting

@testable import ArticleExtraction

/// The tree the extractor works on: built as browsers build the cases articles depend on.
@Suite("HTMLTree", .ownThreads)
struct HTMLTreeTests {
    /// The tree under body as a compact string: `name(children)`, text in quotes.
    static func shape(_ html: String) -> String {
        let tree = HTMLTree(parsing: Array(html.utf8))
        return describe(tree, tree.body)
    }

    static func describe(_ tree: HTMLTree, _ node: HTMLTree.Node) -> String {
        tree.children(node).map { child in
            if tree.kind[Int(child)] == .text {
                return "\"" + tree.textContent(child) + "\""
            }
            let name = String(decoding: tree.nameBytes(child), as: UTF8.self)
            let inner = describe(tree, child)
            return inner.isEmpty ? name : "\(name)(\(inner))"
        }.joined(separator: " ")
    }

    @Test("a paragraph ends at the next paragraph or block; list items and cells end at the next")
    func impliedEnds() {
        #expect(Self.shape("<body><p>a<p>b<div>c</div>") == #"p("a") p("b") div("c")"#)
        #expect(Self.shape("<body><ul><li>a<li>b</ul>") == #"ul(li("a") li("b"))"#)
        #expect(
            Self.shape("<body><table><tr><td>a<td>b<tr><td>c</table>") == #"table(tr(td("a") td("b")) tr(td("c")))"#)
        #expect(Self.shape("<body><dl><dt>a<dd>b<dt>c</dl>") == #"dl(dt("a") dd("b") dt("c"))"#)
    }

    @Test("void elements hold nothing; script and style hold raw text that is not markup")
    func voidAndRawText() {
        #expect(Self.shape("<body><p>a<br>b<img src=x>c</p>") == #"p("a" br "b" img "c")"#)
        #expect(Self.shape("<body><script>if (a<b) { x = '<p>' }</script><p>t</p>") == #"script p("t")"#)
        #expect(Self.shape("<body><style>p > a { }</style>x") == #"style "x""#)
    }

    @Test("a stray end tag is ignored; an end tag closes the elements opened inside")
    func endTags() {
        #expect(Self.shape("<body></span><div><b>a</div>b") == #"div(b("a")) "b""#)
    }

    @Test("a page without body gets one; the head keeps title and meta")
    func missingBody() {
        let tree = HTMLTree(parsing: Array("<title>T</title><meta name=author content=A><p>x".utf8))
        #expect(tree.kind[Int(tree.body)] == .body)
        #expect(Self.describe(tree, tree.body) == #"p("x")"#)
        #expect(tree.titleRange.map { tree.decoded($0) } == "T")
        #expect(tree.metas.count == 1)
    }

    @Test("the inner text's length counted on bytes is the length of the inner text built as a string")
    func innerTextLength() {
        let pages = [
            "<body><div>  a&amp;b&nbsp;c,\n\t d  <span> e </span>f</div>",
            "<body><div>Пример 😀 text\u{2003}\u{2003}x\u{3000}</div>",
            "<body><div><p> </p><p>\u{FEFF}é&#x1F600;&nbsp;&nbsp;ç</p>  tail  </div>",
            "<body><div></div>", "<body><div>   </div>",
        ]
        for page in pages {
            let tree = HTMLTree(parsing: Array(page.utf8))
            let div = tree.firstElementChild(tree.body)!
            #expect(tree.innerTextLength(div) == tree.innerText(div).utf16.count, "\(page)")
        }
    }

    @Test("entities are decoded when text is read, and measured as what they decode to")
    func entities() {
        let tree = HTMLTree(parsing: Array("<body><p>a&amp;b&nbsp;c, d</p>".utf8))
        let p = tree.firstElementChild(tree.body)!
        #expect(tree.textContent(p) == "a&b\u{A0}c, d")
        #expect(tree.stats[Int(p)].characters == 8)
        #expect(tree.stats[Int(p)].commas == 1)
    }

    @Test("stats follow edits: removing, moving and re-tagging update every ancestor")
    func statsFollowEdits() {
        var tree = HTMLTree(parsing: Array("<body><div><p>one <a href=#x>two</a></p><p>three</p></div>".utf8))
        let div = tree.firstElementChild(tree.body)!
        let first = tree.firstElementChild(div)!
        #expect(tree.stats[Int(div)].paragraphs == 2)
        #expect(abs(tree.stats[Int(div)].linkCharacters - 0.9) < 1e-9)
        tree.detach(first)
        #expect(tree.stats[Int(div)].paragraphs == 1)
        #expect(tree.stats[Int(div)].linkCharacters == 0)
        #expect(tree.stats[Int(tree.body)].characters == 5)
        tree.setKind(tree.firstElementChild(div)!, .div)
        #expect(tree.stats[Int(div)].paragraphs == 0)
        #expect(tree.stats[Int(div)].blocks == 1)
        tree.append(first, to: div)
        #expect(tree.stats[Int(tree.body)].characters == 12)
    }

    @Test("nesting deeper than the cap is flattened, its text kept")
    func depthCap() {
        let depth = 50_000
        let html =
            "<body>" + String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
            + "<p>after</p>"
        let tree = HTMLTree(parsing: Array(html.utf8))
        #expect(tree.count < HTMLTree.maximumDepth + 20)
        #expect(tree.textContent(tree.body) == "deepafter")
        let last = tree.lastChild[Int(tree.body)]
        #expect(tree.kind[Int(last)] == .p)
    }
}
