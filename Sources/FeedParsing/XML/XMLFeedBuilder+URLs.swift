/// Links in the document: each resolved against the base in effect, kept only when it is an
/// http(s) URL (see ``FeedURL``), with a warning naming the field when it is not.
extension XMLFeedBuilder {
    /// An `xml:base` on the current element becomes the base inside it, resolved against the
    /// enclosing one, when it is an http(s) URL. Any other (`javascript:`, `data:`, a relative
    /// one with nothing to resolve against) is ignored: links inside keep the enclosing base.
    mutating func readXMLBase() {
        guard let xmlBase = scanner.attribute(.xml, "base") else { return }
        switch FeedURL.resolve(xmlBase, base: base, maxLength: options.maxURLLength) {
        case .url(let url):
            if let parsed = HTTPURL(url) { bases.append((depth, parsed)) }
        case .dropped(let reason):
            warn(
                "xml:base \(FeedURL.quoted(xmlBase)) \(reason); ignored, links inside resolve against the enclosing base",
                at: scanner.tagStart, kind: "xml:base")
        case .absent:
            break
        }
    }

    /// A URL in an attribute of the current tag, resolved against the base in effect; nil with a
    /// warning naming `field` when it is not an http(s) URL.
    mutating func resolve(_ text: String?, field: String, entry: Int?) -> String? {
        let outcome = FeedURL.resolve(text, base: base, maxLength: options.maxURLLength)
        return kept(outcome, text, field: field, at: scanner.tagStart, entry: entry)
    }

    /// A URL in a captured field, resolved against the base in effect where the field started.
    mutating func resolve(
        _ text: String?, base: HTTPURL?, field: String, _ capture: Capture, _ entry: Int?
    ) -> String? {
        let outcome = FeedURL.resolve(text, base: base, maxLength: options.maxURLLength)
        return kept(outcome, text, field: field, at: capture.tagOffset, entry: entry)
    }

    /// The URL of an outcome; a warning when it was dropped.
    mutating func kept(_ outcome: FeedURL.Outcome, _ text: String?, field: String, at offset: Int, entry: Int?)
        -> String?
    {
        switch outcome {
        case .url(let url): return url
        case .absent: return nil
        case .dropped(let reason):
            warn("\(field) \(FeedURL.quoted(text ?? "")) \(reason); dropped", at: offset, entry: entry)
            return nil
        }
    }
}
