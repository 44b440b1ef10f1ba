extension HTTPURLParser {
    /// Whether `input` is an absolute http(s) URL already written the way the parser writes it,
    /// so that parsing would give it back unchanged. Most links in feeds are; checking costs one
    /// pass and no allocation, where the parser builds every component. Anything unusual (upper
    /// case, user info, an "xn--" or numeric last label, dot segments, a byte to encode) answers
    /// false and goes through the parser.
    static func isCanonical(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        if starts(input, with: "https://") { return isCanonical(input, hostAt: 8, defaultPort: 443) }
        if starts(input, with: "http://") { return isCanonical(input, hostAt: 7, defaultPort: 80) }
        return false
    }

    /// Whether `input` from `hostAt` on is the canonical host, port, path, query and fragment of
    /// a URL whose scheme omits `defaultPort`; what comes before is not looked at.
    static func isCanonical(_ input: UnsafeBufferPointer<UInt8>, hostAt start: Int, defaultPort: Int) -> Bool {
        let n = input.count
        var i = start
        // Host: lower-case letters, digits, "-" and ".", no empty label, no "xn--" label, and a
        // last label that does not start with a digit (which could make it an IPv4 address).
        var labelStart = i
        while i < n, isHostByte(input[i]) {
            if input[i] == UInt8(ascii: ".") {
                guard i > labelStart else { return false }
                labelStart = i + 1
            } else if i == labelStart + 3, input[i] == UInt8(ascii: "-"), input[i - 1] == UInt8(ascii: "-"),
                input[i - 2] == UInt8(ascii: "n"), input[i - 3] == UInt8(ascii: "x")
            {
                return false
            }
            i += 1
        }
        guard i > labelStart, !isDigit(input[labelStart]) else { return false }
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
            else { return false }
        }
        guard i < n, input[i] == UInt8(ascii: "/") else { return false }
        // Path: nothing to encode, no "\", no segment that could be "." or ".." in some spelling.
        let path = PercentEncodeSet.path
        var segmentStart = i + 1
        i += 1
        while true {
            let byte: UInt8? = i < n ? input[i] : nil
            if byte == nil || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                if mayBeDotSegment(input, segmentStart..<i) { return false }
                guard byte == UInt8(ascii: "/") else { break }
                segmentStart = i + 1
            } else if byte == UInt8(ascii: "\\") || path.contains(byte!) {
                return false
            }
            i += 1
        }
        if i < n, input[i] == UInt8(ascii: "?") {
            i += 1
            let query = PercentEncodeSet.specialQuery
            while i < n, input[i] != UInt8(ascii: "#") {
                if query.contains(input[i]) { return false }
                i += 1
            }
        }
        if i < n {  // "#"
            let fragment = PercentEncodeSet.fragment
            for index in (i + 1)..<n where fragment.contains(input[index]) { return false }
        }
        return true
    }

    private static func starts(_ input: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer {
            input.count > $0.count && UnsafeBufferPointer(rebasing: input[..<$0.count]).elementsEqual($0)
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || isDigit(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether a segment is short and made only of the characters of ".", "..", "%2e" and the like.
    static func mayBeDotSegment(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.count > 0 && range.count <= 6
            && input[range].allSatisfy {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "2") || $0 | 0x20 == 0x65
            }
    }
}
