/// Runs `body` on the UTF-8 bytes of `text`, copying them only when the string is not contiguous.
func withUTF8<Result>(_ text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
}
