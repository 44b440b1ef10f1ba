import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

private let base = URL(string: "https://example.com/blog/post.html")
private let sandbox = #"sandbox="allow-scripts allow-same-origin allow-popups" allowfullscreen loading="lazy""#

@Suite("HTML sanitizer", .ownThreads)
struct HTMLSanitizerTests {
    let sanitizer = HTMLSanitizer()

    @Test(
        "keeps allowed elements, unwraps unknown ones, drops dangerous ones with their content",
        arguments: [
            (
                "<p>Hello <b>world</b> <em>and</em> <sub>1</sub></p>",
                "<p>Hello <b>world</b> <em>and</em> <sub>1</sub></p>"
            ),
            ("<font color=red>red</font> <center>c</center> <x-custom>x</x-custom>", "red c x"),
            ("<form action=/x><input name=q><button>Go</button></form>", "Go"),
            ("a<script>alert('<b>x</b>')</script>b", "ab"),
            ("a<style>p{}</style><template><b>t</b></template><noscript><img src=x></noscript>b", "ab"),
            (
                "<object data=x.swf><param name=a value=b><p>fallback</p></object>ok<embed src=x.swf>",
                "<p>fallback</p>ok"
            ),
            ("<meta charset=utf-8><base href=https://evil.example/><link rel=stylesheet href=x>ok", "ok"),
            ("<svg><script>alert(1)</script><text>t</text></svg>", "t"),
            ("<iframe src=https://evil.example/x><b>no</b></iframe>after", "after"),
            ("<iframe src=http://www.youtube.com/embed/a></iframe>", ""),  // https only
            (
                "<iframe src=https://notyoutube.com/a></iframe><iframe src=https://youtube.com.evil.example/a></iframe>",
                ""
            ),
            ("<iframe src=\"https://evil.example@youtube.com/a\"></iframe>", ""),  // no user info
        ])
    func elements(_ html: String, _ expected: String) {
        #expect(sanitizer.sanitize(html, base: base) == expected)
    }

    @Test(
        "fallback content of object, applet, video, audio and unknown elements is what a reader sees",
        arguments: [
            ("safe<object data=x.swf> <b>description</b>", "safe <b>description</b>"),
            ("<applet code=x.class>Get <i>Java</i></applet>", "Get <i>Java</i>"),
            ("<x-card><b>kept</b></x-card><unknown>too", "<b>kept</b>too"),
            (
                "<video src=https://example.com/v.mp4>See <a href=/v.mp4>the video</a></video>",
                #"<video src="https://example.com/v.mp4">See <a href="https://example.com/v.mp4" rel="noopener noreferrer">the video</a></video>"#
            ),
            (
                "<audio><source src=a.ogg>Listen</audio>",
                #"<audio><source src="https://example.com/blog/a.ogg">Listen</audio>"#
            ),
            // What is not text for readers still goes with its content, closed or not.
            ("a<template><b>t</b></template>b<style>p{}", "ab"),
            ("a<object><script>alert(1)</script>b</object>", "ab"),
        ])
    func fallbackContent(_ html: String, _ expected: String) {
        #expect(sanitizer.sanitize(html, base: base) == expected)
    }

    @Test("keeps iframes from allowed hosts, sandboxed, with src, width, height and title only")
    func iframes() {
        let html =
            #"<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" frameborder="0""#
            + #" onload="x" srcdoc="<script>" title="Video" allow="autoplay">fallback</iframe>"#
        #expect(
            sanitizer.sanitize(html, base: base)
                == #"<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" title="Video" "#
                + sandbox + "></iframe>")
        #expect(
            sanitizer.sanitize("<iframe src=//player.vimeo.com/video/1 />", base: base)
                == #"<iframe src="https://player.vimeo.com/video/1" "# + sandbox + "></iframe>")
        // Its content is raw text, to the end when it is not closed (as in browsers).
        #expect(
            sanitizer.sanitize("<iframe src=https://youtube.com/a><b>x</b>", base: base)
                == #"<iframe src="https://youtube.com/a" "# + sandbox + "></iframe>")
        let custom = HTMLSanitizer(iframeHosts: ["Example.org"])
        #expect(custom.sanitize("<iframe src=https://www.youtube.com/embed/a></iframe>", base: nil).isEmpty)
        #expect(custom.sanitize("<iframe src=https://v.example.org/1></iframe>", base: nil).hasPrefix("<iframe"))
    }

    @Test(
        "keeps allowed attributes only, first occurrence, in the order written",
        arguments: [
            (
                #"<a href="https://x.org/" onclick="evil()" style="color:red" class=c id=i target=_blank rel=opener>x</a>"#,
                #"<a href="https://x.org/" rel="noopener noreferrer">x</a>"#
            ),
            (
                #"<img src=a.jpg alt="A" width=10 height=20 onerror=x srcdoc=y sizes="100vw" loading=lazy>"#,
                #"<img src="https://example.com/blog/a.jpg" alt="A" width="10" height="20" sizes="100vw">"#
            ),
            (
                "<td colspan=2 rowspan='3' headers=h scope=col style=x>c</td>",
                #"<td colspan="2" rowspan="3" headers="h" scope="col">c</td>"#
            ),
            (
                #"<ol start="3" REVERSED type="a"><li value="5">x</li></ol>"#,
                #"<ol start="3" reversed type="a"><li value="5">x</li></ol>"#
            ),
            (
                "<video src=v.mp4 poster=p.jpg controls autoplay width=1 height=2><track src=t.vtt kind=captions"
                    + " srclang=en label=English default></video>",
                #"<video src="https://example.com/blog/v.mp4" poster="https://example.com/blog/p.jpg" controls"#
                    + #" width="1" height="2"><track src="https://example.com/blog/t.vtt" kind="captions""#
                    + #" srclang="en" label="English"></video>"#
            ),
            (
                #"<audio src="https://x.org/a.mp3" controls="controls" loop></audio>"#,
                #"<audio src="https://x.org/a.mp3" controls></audio>"#
            ),
            (
                "<picture><source srcset=a.webp type=image/webp media='(min-width: 1px)' onerror=x></picture>",
                #"<picture><source srcset="https://example.com/blog/a.webp" type="image/webp" media="(min-width: 1px)"></picture>"#
            ),
            (
                "<blockquote cite=/q>q</blockquote><del cite=https://x.org/c datetime=2024-01-01>d</del>",
                #"<blockquote cite="https://example.com/q">q</blockquote><del cite="https://x.org/c" datetime="2024-01-01">d</del>"#
            ),
            (
                "<time datetime=2024 title=t lang=en dir=ltr>t</time><abbr title=HTML>H</abbr><col span=2>",
                #"<time datetime="2024" title="t" lang="en" dir="ltr">t</time><abbr title="HTML">H</abbr><col span="2">"#
            ),
            (#"<p TITLE="A" Title="B" title="C">x</p>"#, #"<p title="A">x</p>"#),
            (#"<a href="javascript:x" href="https://x.org/">x</a>"#, "<a>x</a>"),  // the first href is the href
            ("<p formaction=x srcdoc=y onmouseover=z xmlns=a>x</p>", "<p>x</p>"),
        ])
    func attributes(_ html: String, _ expected: String) {
        #expect(sanitizer.sanitize(html, base: base) == expected)
    }

    @Test(
        "writes canonical HTML: escaped, lower-case, balanced, without comments",
        arguments: [
            (
                "<P CLASS=x>Fish &amp; chips &lt;3 &nbsp;&copy; 1 < 2 > 0</P>",
                "<p>Fish &amp; chips &lt;3 \u{A0}© 1 &lt; 2 &gt; 0</p>"
            ),
            ("<!DOCTYPE html><!-- c <b> --><![CDATA[x]]><?php echo 1 ?>ok", "ok"),
            ("a</b>c</div>", "ac"),  // end tags matching nothing
            ("<b><i>x</b>y</i>", "<b><i>x</i></b>y"),  // an end tag closes what is open inside
            ("<div><p>x", "<div><p>x</p></div>"),
            (
                #"<br/><hr /><img src="https://x.org/i.png"/><wbr></br>"#,
                #"<br><hr><img src="https://x.org/i.png"><wbr>"#
            ),
            ("<p/>x<span />", "<p></p>x<span></span>"),
            ("<p>a<p>b<div>c</div>", "<p>a</p><p>b</p><div>c</div>"),  // start tags that end the open one
            ("<p>a<hr>b<ul><li>c<li>d</ul>", "<p>a</p><hr>b<ul><li>c</li><li>d</li></ul>"),
            (
                "<table><tr><td>1<td>2<tr><th>3</table>",
                "<table><tr><td>1</td><td>2</td></tr><tr><th>3</th></tr></table>"
            ),
            (#"<p title='a "q" <t> &amp; m'>x</p>"#, #"<p title="a &quot;q&quot; &lt;t&gt; &amp; m">x</p>"#),
            ("x<b title=\"unterminated", "x"),
            ("&#60;script&#62;alert(1)&lt;/script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("AT&T &amp &bogus; &#0;", "AT&amp;T &amp; &amp;bogus; \u{FFFD}"),
        ])
    func canonical(_ html: String, _ expected: String) {
        let once = sanitizer.sanitize(html, base: base)
        #expect(once == expected)
        #expect(sanitizer.sanitize(once, base: base) == once)
    }
}
