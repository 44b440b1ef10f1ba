/// Runs `body` on the UTF-8 bytes of `text`, copying them only when the string is not contiguous.
package func withUTF8<Result>(_ text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
}

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without leading and trailing ASCII whitespace. Foundation's
    /// `trimmingCharacters(in:)` goes through NSString on Linux and was the largest cost of
    /// parsing a feed; this looks at the UTF-8 bytes at the two ends only.
    var trimmed: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !isASCIISpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !isASCIISpace($0) }) ?? first
        return String(self[first...last])
    }
}

extension String {
    /// The text without leading and trailing ASCII whitespace; the string itself (no copy) when
    /// there is none, the usual case for large HTML.
    var trimmed: String {
        guard let first = utf8.first, let last = utf8.last, isASCIISpace(first) || isASCIISpace(last) else {
            return self
        }
        return self[...].trimmed
    }
}

/// Space, tab, line feed, form feed, carriage return.
func isASCIISpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}
