/// Recovers the complete part of a truncated JSON document: cuts it after the last object that
/// closed inside the array holding the entries, then closes what was open there. Used only when
/// strict decoding failed, so well-formed documents never pay for it.
enum JSONRepair {
    /// The document cut after its last complete entry and closed, or nil when nothing usable
    /// closed (or the document was not cut short but broken some other way).
    static func completePrefix(_ text: [UInt8]) -> [UInt8]? {
        // The best cut: just after a "}" that closed an object directly inside an array, keeping
        // the shallowest such level (the entries, not something nested in an entry). Only its end
        // and depth are remembered; copying the open brackets at every candidate was quadratic
        // (a million "[" then "{}" after "{}").
        var cut: (end: Int, depth: Int)?
        let open = scan(text) { end, stack in
            if cut.map({ stack.count <= $0.depth }) ?? true { cut = (end, stack.count) }
        }
        guard let open, !open.stack.isEmpty || open.inString, let cut else { return nil }
        var repaired = Array(text[..<cut.end])
        // The brackets open at the cut, found by reading the prefix again.
        guard let atCut = scan(repaired, onCut: { _, _ in }) else { return nil }
        for opener in atCut.stack.reversed() {
            repaired.append(opener == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
        return repaired
    }

    /// Reads `text` keeping the stack of open brackets; calls `onCut` after each "}" that closed
    /// an object directly inside an array. Nil when a bracket closes that was never opened.
    private static func scan(
        _ text: [UInt8], onCut: (_ end: Int, _ stack: [UInt8]) -> Void
    ) -> (stack: [UInt8], inString: Bool)? {
        var stack: [UInt8] = []
        var inString = false
        var escaped = false
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
                if byte == UInt8(ascii: "}"), stack.last == UInt8(ascii: "[") { onCut(index + 1, stack) }
            default: break
            }
        }
        return (stack, inString)
    }
}
