/// Recovers the complete part of a truncated JSON document: cuts it after the last object that
/// closed inside the array holding the entries, then closes what was open there. Used only when
/// strict decoding failed, so well-formed documents never pay for it.
enum JSONRepair {
    /// The document cut after its last complete entry and closed, or nil when nothing usable
    /// closed (or the document was not cut short but broken some other way).
    static func completePrefix(_ text: [UInt8]) -> [UInt8]? {
        var stack: [UInt8] = []
        var inString = false
        var escaped = false
        // The best cut so far: just after a "}" that closed an object directly inside an array,
        // keeping the shallowest such level (the entries, not something nested in an entry).
        var cut: (end: Int, stack: [UInt8])?
        for (index, byte) in text.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): stack.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard stack.popLast() != nil else { return nil }
                if byte == UInt8(ascii: "}"), stack.last == UInt8(ascii: "["),
                    cut.map({ stack.count <= $0.stack.count }) ?? true
                {
                    cut = (index + 1, stack)
                }
            default: break
            }
        }
        guard !stack.isEmpty || inString, let cut else { return nil }
        var repaired = Array(text[..<cut.end])
        for opener in cut.stack.reversed() {
            repaired.append(opener == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
        return repaired
    }
}
