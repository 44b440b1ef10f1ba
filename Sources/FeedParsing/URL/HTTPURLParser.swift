/// The WHATWG basic URL parser for the special schemes http and https, over UTF-8 bytes. The
/// standard's state machine is followed state by state, with the states that only other schemes
/// reach (file, opaque paths, state overrides) left out; comments name the states.
struct HTTPURLParser {
    let input: [UInt8]
    var pointer = 0
    var url: HTTPURL.Parts

    private init(input: [UInt8], scheme: HTTPURL.Scheme) {
        self.input = input
        self.url = HTTPURL.Parts(scheme: scheme)
    }

    /// Parses `text` against `base`; nil on failure or a scheme other than http(s).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, base: HTTPURL?) -> HTTPURL? {
        parts(text, base: base).map(HTTPURL.init)
    }

    private static func parts(_ text: UnsafeBufferPointer<UInt8>, base: HTTPURL?) -> HTTPURL.Parts? {
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
        input.withUnsafeBufferPointer(schemeEnd)
    }

    /// The index of the ":" ending a scheme at the start of `input`, if any.
    static func schemeEnd(_ input: UnsafeBufferPointer<UInt8>) -> Int? {
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
        guard let end = schemeEnd(input), end == 4 || end == 5,
            input[0] | 0x20 == UInt8(ascii: "h"), input[1] | 0x20 == UInt8(ascii: "t"),
            input[2] | 0x20 == UInt8(ascii: "t"), input[3] | 0x20 == UInt8(ascii: "p")
        else { return nil }
        if end == 4 { return (.http, end) }
        return input[4] | 0x20 == UInt8(ascii: "s") ? (.https, end) : nil
    }

    var c: UInt8? { pointer < input.count ? input[pointer] : nil }

    private func remainingStartsWithTwoSlashes() -> Bool {
        pointer + 1 < input.count && input[pointer] == UInt8(ascii: "/") && input[pointer + 1] == UInt8(ascii: "/")
    }

    static func isSlash(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    // MARK: - States

    /// special authority slashes state, then special authority ignore slashes state: any number
    /// of "/" and "\" before the authority ("http:/x", "https:\\\\x" and "http:x" all give host x).
    private mutating func authorityAfterSlashes() -> HTTPURL.Parts? {
        while Self.isSlash(c) { pointer += 1 }
        return authority()
    }

    /// relative state (and relative slash state).
    private mutating func relative(to base: HTTPURL) -> HTTPURL.Parts? {
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
        url.path = Array(base.path)
        url.query = base.query.map(Array.init)
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
        (url.username, url.password, url.host, url.port) =
            (Array(base.username), Array(base.password), base.host, base.port)
    }

    /// authority state: user info up to the last "@", then host state and port state.
    private mutating func authority() -> HTTPURL.Parts? {
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
        url.host = host[...]
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
}
