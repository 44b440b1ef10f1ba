import ArticleExtraction
import FeedParsing
import Foundation

// Any bytes as a web page. Besides not crashing or hanging, the article's HTML must be what the
// sanitizer makes (sanitizing it again changes nothing, no script tag), and its text that HTML's text.

private let extractor = ArticleExtractor()
private let sanitizer = HTMLSanitizer()
private let base = URL(string: "https://example.com/2026/story.html")

/// libFuzzer's entry point: one input, 0 when it was handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let article = extractor.extract(html: Array(UnsafeBufferPointer(start: start, count: count)), url: base)
    let again = sanitizer.sanitize(article.html, base: base)
    if again != article.html {
        fatalError(
            "fuzz: the article's HTML is not sanitized: \(article.html.debugDescription) became \(again.debugDescription)"
        )
    }
    if article.html.lowercased().contains("<script") {
        fatalError("fuzz: a script tag in the article: \(article.html.debugDescription)")
    }
    if HTMLText.plainText(article.html) != article.text {
        fatalError("fuzz: the text is not the HTML's text: \(article.text.debugDescription)")
    }
    if article.isArticle != (article.notArticleReason == nil) {
        fatalError("fuzz: an article with a reason not to be one: \(article.notArticleReason ?? "")")
    }
    return 0
}
