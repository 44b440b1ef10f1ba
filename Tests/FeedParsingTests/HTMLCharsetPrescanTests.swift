import Testing
import TidingsTesting

@testable import FeedParsing

/// Article pages declare their encoding in a `<meta>`; the prescan must find it where browsers do
/// and nowhere else (comments, other tags' attributes, past the first 1,024 bytes).
@Suite("HTMLCharsetPrescan: the <meta> charset of a page", .ownThreads)
struct HTMLCharsetPrescanTests {
    static func charset(_ html: String) -> String? { HTMLCharsetPrescan.charset(in: Array(html.utf8)) }

    /// "Привет" in windows-1251.
    static let privet1251: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]

    @Test(
        "a charset attribute, quoted or not, in any case",
        arguments: [
            (#"<!doctype html><html><head><meta charset="windows-1251">"#, "windows-1251"),
            ("<meta charset='KOI8-R'>", "koi8-r"),
            ("<META CHARSET=cp1251>", "windows-1251"),
            ("<meta charset = \" Shift_JIS \" />", "shift_jis"),
            ("<meta\ncharset=utf-8 />", "utf-8"), ("<meta/charset=big5>", "big5"),
            (#"<meta name="viewport" content="width=device-width" charset="gbk">"#, "gb18030"),
        ])
    func charsetAttribute(_ html: String, _ expected: String) {
        #expect(Self.charset(html) == expected)
    }

    @Test(
        "http-equiv content-type with a content's charset",
        arguments: [
            (#"<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">"#, "windows-1251"),
            (#"<meta content='text/html;charset="koi8-r"' http-equiv='content-type'>"#, "koi8-r"),
            ("<meta http-equiv=content-type content=text/html;charset=big5>", "big5"),
            (#"<meta http-equiv="content-type" content="text/html; CHARSET = euc-kr ; x=y">"#, "euc-kr"),
        ])
    func httpEquiv(_ html: String, _ expected: String) {
        #expect(Self.charset(html) == expected)
    }

    @Test("a content's charset needs http-equiv content-type beside it")
    func contentAlone() {
        #expect(Self.charset(#"<meta content="text/html; charset=koi8-r">"#) == nil)
        #expect(Self.charset(#"<meta http-equiv="refresh" content="0; charset=koi8-r">"#) == nil)
        // A charset attribute counts alone, and beats a content that came first.
        #expect(
            Self.charset(#"<meta content="text/html; charset=koi8-r" http-equiv="content-type" charset="big5">"#)
                == "big5")
    }

    @Test("only the first of a repeated attribute counts")
    func repeatedAttribute() {
        #expect(Self.charset(#"<meta charset="koi8-r" charset="utf-8">"#) == "koi8-r")
    }

    @Test("a <meta> inside a comment, another tag's attribute or a processing instruction declares nothing")
    func hiddenMeta() {
        #expect(Self.charset(#"<!-- <meta charset="koi8-r"> --><meta charset="windows-1251">"#) == "windows-1251")
        // A ">" inside the comment does not end it.
        #expect(Self.charset(#"<!-- a > b <meta charset="koi8-r"> --><meta charset=big5>"#) == "big5")
        #expect(Self.charset(#"<!--> <meta charset="koi8-r">"#) == "koi8-r", "<!--> is a whole comment")
        #expect(Self.charset(#"<div id=x title='<meta charset="koi8-r">'><meta charset=big5>"#) == "big5")
        #expect(Self.charset(#"<?php echo '<meta charset="koi8-r">' ?><meta charset=big5>"#) == "big5")
        #expect(Self.charset(#"<!-- <meta charset="koi8-r">"#) == nil, "a comment that never ends hides the rest")
    }

    @Test("a <meta> after the first 1,024 bytes is not read")
    func window() {
        let padding = "<p>" + String(repeating: "x", count: 1_030) + "</p>"
        #expect(Self.charset(padding + "<meta charset=koi8-r>") == nil)
        let justInside = String(repeating: " ", count: 1_024 - 22) + "<meta charset=koi8-r>"
        #expect(justInside.utf8.count == 1_023)
        #expect(Self.charset(justInside) == "koi8-r")
        // Cut by the window before its ">": unread.
        #expect(Self.charset(String(repeating: " ", count: 1_010) + "<meta charset=koi8-r>") == nil)
    }

    @Test(
        "UTF-16 labels read as UTF-8 and x-user-defined as windows-1252",
        arguments: [
            ("utf-16", "utf-8"), ("UTF-16LE", "utf-8"), ("utf-16be", "utf-8"), ("unicode", "utf-8"), ("ucs-2", "utf-8"),
            ("x-user-defined", "windows-1252"),
        ])
    func substitutions(_ label: String, _ expected: String) {
        #expect(Self.charset("<meta charset=\"\(label)\">") == expected)
        #expect(Self.charset("<meta http-equiv=content-type content=\"text/html; charset=\(label)\">") == expected)
    }

    @Test("an unknown or empty label is passed over for the next <meta>")
    func unknownLabel() {
        #expect(Self.charset(#"<meta charset="x-klingon">"#) == nil)
        #expect(Self.charset(#"<meta charset="">"#) == nil)
        #expect(Self.charset(#"<meta charset="x-klingon"><meta charset="koi8-r">"#) == "koi8-r")
        let content = #"<meta http-equiv="content-type" content="text/html; charset=x-klingon">"#
        #expect(Self.charset(content + "<meta charset=big5>") == "big5")
        #expect(FeedTextDecoder.decode(Array(#"<meta charset="x-klingon"><p>é</p>"#.utf8)).warnings.isEmpty)
    }

    @Test("a windows-1251 page is decoded by its <meta>")
    func decodesCyrillicPage() {
        let page =
            Array(#"<!DOCTYPE html><html><head><meta charset="windows-1251"><title>"#.utf8) + Self.privet1251
            + Array("</title></head></html>".utf8)
        let result = FeedTextDecoder.decode(page)
        #expect(result.encoding == .windows1251)
        #expect(String(decoding: result.utf8, as: UTF8.self).contains("<title>Привет</title>"))
        #expect(result.warnings.isEmpty)
    }

    @Test("the HTTP charset outranks the <meta>, and the <meta> serves when the HTTP charset fails")
    func httpCharsetWins() {
        let page = Array("<meta charset=koi8-r><p>".utf8) + Self.privet1251 + Array("</p>".utf8)
        let withHeader = FeedTextDecoder.decode(page, httpCharset: "windows-1251")
        #expect(withHeader.encoding == .windows1251)
        #expect(String(decoding: withHeader.utf8, as: UTF8.self).contains("<p>Привет</p>"))
        // A header the bytes contradict (UTF-8) gives way to the <meta>.
        let contradicted = FeedTextDecoder.decode(
            Array("<meta charset=windows-1251><p>".utf8) + Self.privet1251, httpCharset: "utf-8")
        #expect(contradicted.encoding == .windows1251)
        #expect(String(decoding: contradicted.utf8, as: UTF8.self).hasSuffix("<p>Привет"))
    }

    @Test("an XML declaration's encoding keeps its place; the <meta> is read only without one")
    func declarationFirst() {
        let declared =
            Array(#"<?xml version="1.0" encoding="windows-1251"?><html><meta charset="koi8-r"/><p>"#.utf8)
            + Self.privet1251
        #expect(FeedTextDecoder.decode(declared).encoding == .windows1251)
        // Even a declaration the bytes contradict keeps the <meta> out: a feed reads as it did before.
        let misdeclared =
            Array(#"<?xml version="1.0" encoding="utf-8"?><html><meta charset="koi8-r"/><p>"#.utf8) + Self.privet1251
        #expect(FeedTextDecoder.decode(misdeclared).encoding == .windows1252)
        let undeclared = Array(#"<?xml version="1.0"?><html><meta charset="windows-1251"/><p>"#.utf8) + Self.privet1251
        #expect(FeedTextDecoder.decode(undeclared).encoding == .windows1251)
    }
}
