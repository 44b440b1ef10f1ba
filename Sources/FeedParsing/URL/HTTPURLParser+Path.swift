/// The path, query and fragment states, which percent-encode what they copy.
extension HTTPURLParser {
    /// path state: segments to "/", "\", "?", "#" or the end; "." and ".." segments resolved.
    /// Each segment is written straight into the path (runs that need no encoding copied whole)
    /// and taken back when it turns out to be a dot segment.
    mutating func path() -> HTTPURL.Parts? {
        let set = PercentEncodeSet.path
        url.path.reserveCapacity(url.path.count + input.count - pointer + 1)
        while true {
            url.path.append(UInt8(ascii: "/"))
            let segmentStart = url.path.count
            while let next = c, !Self.endsSegment(next) {
                if set.contains(next) {
                    set.append(next, to: &url.path)
                    pointer += 1
                    continue
                }
                let run = pointer
                while pointer < input.count, !set.contains(input[pointer]), !Self.endsSegment(input[pointer]) {
                    pointer += 1
                }
                url.path.append(contentsOf: input[run..<pointer])
            }
            let byte = c
            let slash = Self.isSlash(byte)
            let segment = url.path[segmentStart...]
            if Self.isDoubleDot(segment) {
                url.path.removeSubrange((segmentStart - 1)...)
                shortenPath()
                if !slash { url.path.append(UInt8(ascii: "/")) }
            } else if Self.isSingleDot(segment) {
                // "/." at the end stays "/"; followed by a slash it goes, that slash starting the next.
                url.path.removeSubrange((slash ? segmentStart - 1 : segmentStart)...)
            }
            pointer += 1
            switch byte {
            case UInt8(ascii: "?"): return query()
            case UInt8(ascii: "#"): return fragment()
            case nil: return url
            default: continue
            }
        }
    }

    private static func endsSegment(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "?")
            || byte == UInt8(ascii: "#")
    }

    /// query state: to "#" or the end, encoded with the special-query set.
    mutating func query() -> HTTPURL.Parts? {
        let end = input[pointer...].firstIndex(of: UInt8(ascii: "#")) ?? input.count
        var query: [UInt8] = []
        Self.append(input[pointer..<end], encoding: .specialQuery, to: &query)
        url.query = query
        pointer = end + 1
        return end < input.count ? fragment() : url
    }

    /// fragment state: the rest, encoded with the fragment set.
    mutating func fragment() -> HTTPURL.Parts? {
        var fragment: [UInt8] = []
        Self.append(input[min(pointer, input.count)...], encoding: .fragment, to: &fragment)
        url.fragment = fragment
        return url
    }

    /// Appends `bytes` encoded with `set`, runs that need no encoding copied whole.
    private static func append(_ bytes: ArraySlice<UInt8>, encoding set: PercentEncodeSet, to output: inout [UInt8]) {
        output.reserveCapacity(output.count + bytes.count)
        var run = bytes.startIndex
        for index in bytes.indices where set.contains(bytes[index]) {
            output.append(contentsOf: bytes[run..<index])
            set.append(bytes[index], to: &output)
            run = index + 1
        }
        output.append(contentsOf: bytes[run...])
    }

    /// Removes the last path segment, if any.
    mutating func shortenPath() {
        guard let slash = url.path.lastIndex(of: UInt8(ascii: "/")) else { return }
        url.path.removeSubrange(slash...)
    }

    private static func isSingleDot(_ segment: ArraySlice<UInt8>) -> Bool {
        (segment.count == 1 && segment.first == 0x2E) || isPercent2E(segment)
    }

    private static func isDoubleDot(_ segment: ArraySlice<UInt8>) -> Bool {
        let start = segment.startIndex
        switch segment.count {
        case 2: return segment[start] == 0x2E && segment[start + 1] == 0x2E
        case 4:
            return (segment[start] == 0x2E && isPercent2E(segment[(start + 1)...]))
                || (isPercent2E(segment[..<(start + 3)]) && segment[start + 3] == 0x2E)
        case 6: return isPercent2E(segment[..<(start + 3)]) && isPercent2E(segment[(start + 3)...])
        default: return false
        }
    }

    /// Whether the three bytes are "%2e" in either case.
    private static func isPercent2E(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        return bytes.count == 3 && bytes[start] == UInt8(ascii: "%") && bytes[start + 1] == UInt8(ascii: "2")
            && bytes[start + 2] | 0x20 == UInt8(ascii: "e")
    }
}
