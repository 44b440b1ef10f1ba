/// The WHATWG basic URL parser for the special schemes http and https, over UTF-8 bytes. The
/// standard's state machine is followed state by state, with the states that only other schemes
/// reach (file, opaque paths, state overrides) left out; comments name the states.
struct HTTPURLParser {
    private let input: [UInt8]
    private var pointer = 0
    private var url: HTTPURL

    private init(input: [UInt8], scheme: HTTPURL.Scheme) {
        self.input = input
        self.url = HTTPURL(scheme: scheme, host: [])
    }

    /// Parses `text` against `base`; nil on failure or a scheme other than http(s).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, base: HTTPURL?) -> HTTPURL? {
        let input = cleaned(text)
        switch scheme(input) {
        case .some((let scheme, let end)):
            var parser = HTTPURLParser(input: input, scheme: scheme)
            parser.pointer = end + 1
            if let base, base.scheme == scheme, !parser.remainingStartsWithTwoSlashes() {
                // special relative or authority state: "http:x" against an http base is relative.
                return parser.relative(to: base)
            }
            return parser.authorityAfterSlashes()
        case nil where input.first.map(Tag.isLetter) == true && schemeEnd(input) != nil:
            return nil  // a scheme, but not http or https
        case nil:
            // no scheme state
            guard let base else { return nil }
            var parser = HTTPURLParser(input: input, scheme: base.scheme)
            return parser.relative(to: base)
        }
    }

    /// The input without leading and trailing C0 controls and spaces, and without any tab or
    /// newline, as the standard's first steps (and browsers) remove them.
    private static func cleaned(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var start = 0
        var end = text.count
        while start < end, text[start] <= 0x20 { start += 1 }
        while end > start, text[end - 1] <= 0x20 { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: text[start..<end])
        guard trimmed.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return Array(trimmed) }
        return trimmed.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// The index of the ":" ending a scheme at the start of `input` (scheme state), if any.
    static func schemeEnd(_ input: [UInt8]) -> Int? {
        guard let first = input.first, Tag.isLetter(first) else { return nil }
        var index = 1
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: ":") { return index }
            guard Tag.isLetter(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// http or https, and the index of the ":" after it.
    private static func scheme(_ input: [UInt8]) -> (HTTPURL.Scheme, Int)? {
        guard let end = schemeEnd(input), end == 4 || end == 5 else { return nil }
        let name = String(decoding: input[..<end], as: UTF8.self).lowercased()
        return HTTPURL.Scheme(rawValue: name).map { ($0, end) }
    }

    private var c: UInt8? { pointer < input.count ? input[pointer] : nil }

    private func remainingStartsWithTwoSlashes() -> Bool {
        pointer + 1 < input.count && input[pointer] == UInt8(ascii: "/") && input[pointer + 1] == UInt8(ascii: "/")
    }

    private static func isSlash(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    // MARK: - States

    /// special authority slashes state, then special authority ignore slashes state: any number
    /// of "/" and "\" before the authority ("http:/x", "https:\\\\x" and "http:x" all give host x).
    private mutating func authorityAfterSlashes() -> HTTPURL? {
        while Self.isSlash(c) { pointer += 1 }
        return authority()
    }

    /// relative state (and relative slash state).
    private mutating func relative(to base: HTTPURL) -> HTTPURL? {
        url.scheme = base.scheme
        if Self.isSlash(c) {
            pointer += 1
            if Self.isSlash(c) {
                pointer += 1
                return authorityAfterSlashes()  // scheme-relative: "//host/path"
            }
            copyAuthority(of: base)
            return path()  // path-absolute: the path starts empty
        }
        copyAuthority(of: base)
        url.path = base.path
        url.query = base.query
        switch c {
        case UInt8(ascii: "?"):
            pointer += 1
            return query()
        case UInt8(ascii: "#"):
            pointer += 1
            return fragment()
        case nil:
            return url
        default:
            url.query = nil
            shortenPath()
            return path()
        }
    }

    private mutating func copyAuthority(of base: HTTPURL) {
        (url.username, url.password, url.host, url.port) = (base.username, base.password, base.host, base.port)
    }

    /// authority state: user info up to the last "@", then host state and port state.
    private mutating func authority() -> HTTPURL? {
        let start = pointer
        var end = start
        var lastAt: Int?
        while end < input.count, !Self.endsAuthority(input[end]) {
            if input[end] == UInt8(ascii: "@") { lastAt = end }
            end += 1
        }
        var hostStart = start
        if let lastAt {
            let info = input[start..<lastAt]
            let colon = info.firstIndex(of: UInt8(ascii: ":"))
            PercentEncodeSet.userinfo.append(contentsOf: info[..<(colon ?? lastAt)], to: &url.username)
            if let colon { PercentEncodeSet.userinfo.append(contentsOf: info[(colon + 1)...], to: &url.password) }
            hostStart = lastAt + 1
            guard hostStart < end else { return nil }  // host-missing
        }
        // host state: a ":" outside brackets starts the port.
        var insideBrackets = false
        var colon: Int?
        for index in hostStart..<end {
            switch input[index] {
            case UInt8(ascii: "["): insideBrackets = true
            case UInt8(ascii: "]"): insideBrackets = false
            case UInt8(ascii: ":") where !insideBrackets: colon = colon ?? index
            default: break
            }
        }
        let hostEnd = colon ?? end
        guard hostEnd > hostStart, let host = HostParser.parse(input[hostStart..<hostEnd]) else { return nil }
        url.host = host
        if let colon {
            // port state: digits only, at most 65535; the default port is left out.
            let digits = input[(colon + 1)..<end]
            guard digits.allSatisfy(Self.isDigit) else { return nil }
            if !digits.isEmpty {
                var port = 0
                for digit in digits {
                    port = port * 10 + Int(digit - 0x30)
                    guard port <= 65_535 else { return nil }
                }
                url.port = port == url.scheme.defaultPort ? nil : port
            }
        }
        pointer = end
        // path start state
        if Self.isSlash(c) { pointer += 1 }
        return path()
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "?")
            || byte == UInt8(ascii: "#")
    }

    /// path state: segments to "/", "\", "?", "#" or the end; "." and ".." segments resolved.
    private mutating func path() -> HTTPURL? {
        var segment: [UInt8] = []
        while true {
            let byte = c
            if byte == nil || Self.isSlash(byte) || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                let slash = Self.isSlash(byte)
                if Self.isDoubleDot(segment) {
                    shortenPath()
                    if !slash { url.path.append(UInt8(ascii: "/")) }
                } else if Self.isSingleDot(segment) {
                    if !slash { url.path.append(UInt8(ascii: "/")) }
                } else {
                    url.path.append(UInt8(ascii: "/"))
                    url.path.append(contentsOf: segment)
                }
                segment.removeAll(keepingCapacity: true)
                pointer += 1
                switch byte {
                case UInt8(ascii: "?"): return query()
                case UInt8(ascii: "#"): return fragment()
                case nil: return url
                default: continue
                }
            }
            PercentEncodeSet.path.append(input[pointer], to: &segment)
            pointer += 1
        }
    }

    /// query state: to "#" or the end, encoded with the special-query set.
    private mutating func query() -> HTTPURL? {
        var query: [UInt8] = []
        while let byte = c, byte != UInt8(ascii: "#") {
            PercentEncodeSet.specialQuery.append(byte, to: &query)
            pointer += 1
        }
        url.query = query
        guard c != nil else { return url }
        pointer += 1
        return fragment()
    }

    /// fragment state: the rest, encoded with the fragment set.
    private mutating func fragment() -> HTTPURL? {
        var fragment: [UInt8] = []
        PercentEncodeSet.fragment.append(contentsOf: input[min(pointer, input.count)...], to: &fragment)
        url.fragment = fragment
        return url
    }

    /// Removes the last path segment, if any.
    private mutating func shortenPath() {
        guard let slash = url.path.lastIndex(of: UInt8(ascii: "/")) else { return }
        url.path.removeSubrange(slash...)
    }

    private static func isSingleDot(_ segment: [UInt8]) -> Bool {
        segment == [0x2E] || (segment.count == 3 && isPercent2E(segment[...]))
    }

    private static func isDoubleDot(_ segment: [UInt8]) -> Bool {
        switch segment.count {
        case 2: segment == [0x2E, 0x2E]
        case 4: (segment[0] == 0x2E && isPercent2E(segment[1...])) || (isPercent2E(segment[..<3]) && segment[3] == 0x2E)
        case 6: isPercent2E(segment[..<3]) && isPercent2E(segment[3...])
        default: false
        }
    }

    /// Whether the three bytes are "%2e" in either case.
    private static func isPercent2E(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        return bytes.count == 3 && bytes[start] == UInt8(ascii: "%") && bytes[start + 1] == UInt8(ascii: "2")
            && bytes[start + 2] | 0x20 == UInt8(ascii: "e")
    }
}
