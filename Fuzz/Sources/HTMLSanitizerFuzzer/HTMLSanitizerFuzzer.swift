import FeedParsing
import Foundation

// Any bytes as an entry's HTML (decoded as UTF-8, as the parser hands it over), with and without a
// base URL. Besides not crashing, the two properties `HTMLSanitizerPropertyTests` states for
// random HTML must hold for every input: sanitizing is idempotent, and no script tag comes out.

private let sanitizer = HTMLSanitizer()
private let bases: [URL?] = [nil, URL(string: "https://example.com/dir/page.html")]

/// libFuzzer's entry point: one input, 0 when it was handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    for base in bases {
        let once = sanitizer.sanitize(html, base: base)
        let twice = sanitizer.sanitize(once, base: base)
        if twice != once {
            let context = base?.absoluteString ?? "no base"
            fatalError("fuzz: not idempotent (\(context)): \(once.debugDescription) became \(twice.debugDescription)")
        }
        if once.lowercased().contains("<script") {
            fatalError("fuzz: a script tag in the output: \(once.debugDescription)")
        }
        _ = HTMLText.plainText(once)
    }
    _ = sanitizer.firstImage(in: html, base: bases[1])
    return 0
}
