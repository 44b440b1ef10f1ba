extension HTTPURLParser {
    /// Whether `input` is an absolute http(s) URL already written the way the parser writes it,
    /// so that parsing would give it back unchanged. Most links in feeds are; checking costs one
    /// pass and no allocation, where the parser builds every component. Anything unusual (upper
    /// case, user info, an "xn--" or numeric last label, dot segments, a byte to encode) answers
    /// false and goes through the parser.
    static func isCanonical(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        canonicalForm(input) == .canonical
    }

    /// How an absolute URL that is nearly canonical differs from its serialization.
    enum CanonicalForm: Equatable {
        /// Parsing gives it back unchanged.
        case canonical
        /// Parsing gives it back with a "/" inserted at this index: a host without a path
        /// ("http://example.com", "http://example.com?q"), common in feeds' channel links.
        case missingRootPath(Int)
    }

    /// Whether `input` is canonical (see ``isCanonical(_:)``) or would be with a root path; nil
    /// when the parser must read it.
    static func canonicalForm(_ input: UnsafeBufferPointer<UInt8>) -> CanonicalForm? {
        if starts(input, with: "https://") { return canonicalForm(input, hostAt: 8, defaultPort: 443) }
        if starts(input, with: "http://") { return canonicalForm(input, hostAt: 7, defaultPort: 80) }
        return nil
    }

    /// The form of `input` from `hostAt` on as the host, port, path, query and fragment of a URL
    /// whose scheme omits `defaultPort`; what comes before is not looked at.
    static func canonicalForm(_ input: UnsafeBufferPointer<UInt8>, hostAt start: Int, defaultPort: Int)
        -> CanonicalForm?
    {
        let n = input.count
        var i = start
        // Host: lower-case letters, digits, "-" and ".", no empty label, no "xn--" label, and a
        // last label that does not start with a digit (which could make it an IPv4 address).
        var labelStart = i
        while true {
            if labelStart + 3 < n, input[labelStart] == UInt8(ascii: "x"), input[labelStart + 1] == UInt8(ascii: "n"),
                input[labelStart + 2] == UInt8(ascii: "-"), input[labelStart + 3] == UInt8(ascii: "-")
            {
                return nil
            }
            i = ASCIISet.canonicalLabel.end(of: input, from: labelStart)
            guard i > labelStart else { return nil }
            guard i < n, input[i] == UInt8(ascii: ".") else { break }
            i += 1
            labelStart = i
        }
        guard !isDigit(input[labelStart]) else { return nil }
        // Port: 1 to 5 digits without a leading zero, at most 65535, not the default.
        if i < n, input[i] == UInt8(ascii: ":") {
            i += 1
            var port = 0
            let digitsStart = i
            while i < n, isDigit(input[i]), i - digitsStart < 5 {
                port = port * 10 + Int(input[i] - 0x30)
                i += 1
            }
            guard i > digitsStart, input[digitsStart] != UInt8(ascii: "0"), port <= 65_535, port != defaultPort
            else { return nil }
        }
        if i < n, input[i] == UInt8(ascii: "/") {
            return isCanonicalPath(input, from: i + 1, segmentStart: i + 1) ? .canonical : nil
        }
        // No path: the path start state writes "/" before whatever query or fragment follows.
        guard i == n || input[i] == UInt8(ascii: "?") || input[i] == UInt8(ascii: "#") else { return nil }
        return isCanonicalPath(input, from: i, segmentStart: i) ? .missingRootPath(i) : nil
    }

    /// Whether `input` from `start` on is a path (its first segment starting at `segmentStart`),
    /// query and fragment the parser would copy unchanged: nothing to encode, no "\", and no
    /// dot segment.
    static func isCanonicalPath(_ input: UnsafeBufferPointer<UInt8>, from start: Int, segmentStart: Int) -> Bool {
        let n = input.count
        var i = start
        var segmentStart = segmentStart
        while true {
            i = ASCIISet.plainPath.end(of: input, from: i)
            if isDotSegment(input, segmentStart..<i) { return false }
            guard i < n, input[i] == UInt8(ascii: "/") else { break }
            i += 1
            segmentStart = i
        }
        if i < n, input[i] == UInt8(ascii: "?") { i = ASCIISet.plainQuery.end(of: input, from: i + 1) }
        if i < n, input[i] == UInt8(ascii: "#") { i = ASCIISet.plainFragment.end(of: input, from: i + 1) }
        // Anything else stopped a run: "\", a byte to encode.
        return i == n
    }

    private static func starts(_ input: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard input.count > count else { return false }
        let bytes = prefix.utf8Start
        for index in 0..<count where input[index] != bytes[index] { return false }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether a segment is "." or ".." with each dot written "." or "%2e" in either case, the
    /// spellings the path state resolves; "2", "e2" or "..." are ordinary segments.
    static func isDotSegment(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count > 0, range.count <= 6 else { return false }
        var index = range.lowerBound
        var dots = 0
        while index < range.upperBound {
            if input[index] == UInt8(ascii: ".") {
                index += 1
            } else if index + 3 <= range.upperBound, input[index] == UInt8(ascii: "%"),
                input[index + 1] == UInt8(ascii: "2"), input[index + 2] | 0x20 == UInt8(ascii: "e")
            {
                index += 3
            } else {
                return false
            }
            dots += 1
        }
        return dots <= 2
    }
}
