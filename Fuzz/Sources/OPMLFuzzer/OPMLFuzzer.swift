import FeedParsing
import FeedWriting

// Any bytes as an uploaded OPML file. What reads must write back as OPML that reads again with the
// same outlines and subscriptions: the writer escapes what the reader let through.

/// libFuzzer's entry point: one input, 0 when it was handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let parsed = try? OPMLParser().parse(bytes) else { return 0 }
    func written(_ outline: ParsedOPML.Outline) -> OPMLOutline {
        OPMLOutline(
            text: outline.text, title: outline.title, type: outline.type, xmlURL: outline.xmlURL,
            htmlURL: outline.htmlURL, children: outline.children.map(written))
    }
    let rendered = OPMLDocument(
        title: parsed.title, dateCreated: parsed.dateCreated, outlines: parsed.outlines.map(written)
    ).rendered()
    let again: ParsedOPML
    do {
        again = try OPMLParser().parse(rendered)
    } catch {
        fatalError("fuzz: rendered OPML does not read back (\(error)): \(String(decoding: rendered, as: UTF8.self))")
    }
    guard again.outlines.count == parsed.outlines.count, again.subscriptions.count == parsed.subscriptions.count
    else {
        fatalError(
            "fuzz: \(parsed.outlines.count) outlines and \(parsed.subscriptions.count) subscriptions read back as "
                + "\(again.outlines.count) and \(again.subscriptions.count)")
    }
    return 0
}
