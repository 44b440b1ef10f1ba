import FeedWriting

// Any bytes as an uploaded OPML file. What reads must write back as OPML that reads again with the
// same outlines and feeds: the writer escapes what the reader let through.

/// libFuzzer's entry point: one input, 0 when it was handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let document = try? OPMLDocument(bytes: bytes) else { return 0 }
    let rendered = document.rendered()
    let again: OPMLDocument
    do {
        again = try OPMLDocument(bytes: rendered)
    } catch {
        fatalError("fuzz: rendered OPML does not read back (\(error)): \(String(decoding: rendered, as: UTF8.self))")
    }
    guard again.outlines.count == document.outlines.count, again.feeds.count == document.feeds.count else {
        fatalError(
            "fuzz: \(document.outlines.count) outlines and \(document.feeds.count) feeds read back as "
                + "\(again.outlines.count) and \(again.feeds.count)")
    }
    return 0
}
