import Foundation

/// A site's robots.txt as it applies to one crawler, read per RFC 9309: the rules of the groups
/// naming our product token (ASCII case-insensitively), else of the `*` groups, else none. Groups a
/// file repeats for one agent are merged. Pure: the caller fetches the file (`FetchOutcome` sorts how
/// that went) and asks `allows(path:)` before fetching a page.
///
/// Matching follows the RFC: the longest matching pattern wins and `allow` wins a tie, `*` matches
/// any run of bytes and a final `$` the end of the path, `/robots.txt` is always allowed. Rule and
/// path are brought to one spelling before they are compared (unreserved characters decoded, other
/// escapes in upper case, non-ASCII bytes escaped), so `/%7Euser/` and `/~user/` are one path but
/// `/a%2Fb` is not `/a/b`. Only the first 500 KiB are read, the least the RFC lets a crawler read.
public struct RobotsTxt: Sendable, Hashable {
    /// One `allow` or `disallow` line, its pattern in the compared spelling.
    struct Rule: Sendable, Hashable {
        var allows: Bool
        var pattern: [UInt8]
    }

    /// The most of a file that is read: 500 KiB. A line the cap cuts is dropped whole, so that a
    /// cut `Allow: /archive` does not become a wider `Allow: /a`.
    public static let maxBytes = 500 * 1024

    /// The rules of the group that applies.
    private(set) var rules: [Rule]
    /// The group's `crawl-delay` (not in RFC 9309, but widely written and meant for crawlers like
    /// ours), the largest when several are given; nil when none is.
    public private(set) var crawlDelay: Duration?

    /// Everything allowed: what a missing robots.txt (a 4xx) means.
    public static let allowAll = RobotsTxt(rules: [], crawlDelay: nil)
    /// Everything disallowed: what an unreachable robots.txt (a 5xx, no answer) means until it is
    /// fetched again.
    public static let disallowAll = RobotsTxt(rules: [Rule(allows: false, pattern: Array("/".utf8))], crawlDelay: nil)

    private init(rules: [Rule], crawlDelay: Duration?) {
        self.rules = rules
        self.crawlDelay = crawlDelay
    }

    /// The rules `bytes` (a robots.txt, UTF-8) gives the crawler whose product token is
    /// `productToken` ("Tidings"; a full User-Agent's leading token is used).
    public init(_ bytes: [UInt8], productToken: String) {
        var parser = RobotsParser(productToken: Self.token(Array(productToken.utf8)[...]))
        parser.parse(bytes)
        let ours = parser.specific ?? parser.global
        self.init(rules: ours?.rules ?? [], crawlDelay: ours?.crawlDelay)
    }

    /// Whether the crawler may fetch `path`, a URL's path and query as sent (`/news/a?id=1`).
    public func allows(path: String) -> Bool {
        var target = Self.normalized(Array(path.utf8)[...], isPattern: false)
        if target.first != UInt8(ascii: "/") { target.insert(UInt8(ascii: "/"), at: 0) }
        if target.elementsEqual("/robots.txt".utf8) { return true }
        var best: Rule?
        for rule in rules where Self.matches(target, rule.pattern) {
            guard let current = best else {
                best = rule
                continue
            }
            if rule.pattern.count > current.pattern.count
                || (rule.pattern.count == current.pattern.count && rule.allows && !current.allows)
            {
                best = rule
            }
        }
        return best?.allows ?? true
    }

    /// Whether the crawler may fetch `url` (its path and query).
    public func allows(_ url: URL) -> Bool {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? ""
        guard let query = components?.percentEncodedQuery else { return allows(path: path) }
        return allows(path: path + "?" + query)
    }
}

extension RobotsTxt {
    /// How fetching a robots.txt ended, sorted as RFC 9309 section 2.3.1 sorts it (redirects are
    /// followed by the fetcher before this).
    public enum FetchOutcome: Sendable, Hashable {
        /// A 2xx: the file, to be read.
        case fetched([UInt8])
        /// A 4xx, 404 included, or too many redirects: there is no file and nothing is disallowed.
        case unavailable
        /// A 5xx, a 429 or no answer (DNS, connection, timeout, TLS): everything is disallowed for
        /// now, and the file is fetched again sooner than a fetched one.
        case unreachable

        /// The outcome of a response with `status` and `body`.
        public init(status: Int, body: [UInt8]) {
            switch status {
            case 200..<300: self = .fetched(body)
            // RFC 9309 reads every 4xx as "unavailable", but a 429 asks the crawler to slow
            // down; reading it as "crawl everything" would answer that by crawling more.
            case 429: self = .unreachable
            case 400..<500: self = .unavailable
            default: self = .unreachable
            }
        }

        /// The outcome of a `SourceFetcher` fetch.
        public init(_ result: Result<FetchResponse, FetchError>) {
            switch result {
            case .success(let response):
                self.init(status: response.status, body: response.body)
            case .failure(let error):
                switch error.kind {
                case .http(let status): self.init(status: status, body: [])
                case .tooManyRedirects: self = .unavailable
                default: self = .unreachable
                }
            }
        }

        /// Fetches `url` (a `/robots.txt`) with `fetcher` and sorts the outcome: the fetch a
        /// `RobotsTxtCache` can be given.
        public static func fetch(_ url: URL, with fetcher: SourceFetcher) async -> FetchOutcome {
            do {
                return FetchOutcome(.success(try await fetcher.fetch(FetchRequest(url: url, accept: "text/plain"))))
            } catch {
                return FetchOutcome(.failure(error))
            }
        }
    }

    /// The rules an outcome gives `productToken`: the file's, none, or everything disallowed.
    public init(_ outcome: FetchOutcome, productToken: String) {
        switch outcome {
        case .fetched(let bytes): self.init(bytes, productToken: productToken)
        case .unavailable: self = .allowAll
        case .unreachable: self = .disallowAll
        }
    }
}

extension RobotsTxt {
    /// The product token at the start of a user-agent value: letters, `_` and `-`, lowercased
    /// ("Tidings/1.0 (+…)" → "tidings").
    static func token(_ value: ArraySlice<UInt8>) -> [UInt8] {
        value.prefix { byte in
            let folded = byte | 0x20
            return (folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 0x20 : $0 }
    }

    /// `bytes` in the spelling rules and paths are compared in: `%XX` of an unreserved character
    /// decoded, other escapes' hex digits in upper case, bytes outside printable ASCII escaped. In a
    /// path, `*` and `$` are escaped too, so only a rule's own `%2A` and `%24` match them; in a
    /// pattern they stay wildcards (a `$` only at the end).
    static func normalized(_ bytes: ArraySlice<UInt8>, isPattern: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), let high = hexValue(bytes, index + 1), let low = hexValue(bytes, index + 2) {
                let decoded = high << 4 | low
                if isUnreserved(decoded) {
                    out.append(decoded)
                } else {
                    escape(decoded, into: &out)
                }
                index += 3
                continue
            }
            let special = byte == UInt8(ascii: "*") || byte == UInt8(ascii: "$")
            if byte <= 0x20 || byte >= 0x7F {
                escape(byte, into: &out)
            } else if special && !isPattern {
                escape(byte, into: &out)
            } else if byte == UInt8(ascii: "$") && index != bytes.endIndex - 1 {
                escape(byte, into: &out)
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }

    private static func hexValue(_ bytes: ArraySlice<UInt8>, _ index: Int) -> UInt8? {
        guard index < bytes.endIndex else { return nil }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func escape(_ byte: UInt8, into out: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        out.append(UInt8(ascii: "%"))
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        let folded = byte | 0x20
        return (folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// Whether `pattern` matches the start of `path` (all of it with a final `$`). Without `*` a
    /// prefix test; with it, the set of path positions the pattern so far can end at, walked once
    /// per pattern byte, so no pattern backtracks (time is path length × pattern length at worst).
    static func matches(_ path: [UInt8], _ pattern: [UInt8]) -> Bool {
        let anchored = pattern.last == UInt8(ascii: "$")
        let body = anchored ? pattern.dropLast() : pattern[...]
        if !body.contains(UInt8(ascii: "*")) {
            return anchored ? path.elementsEqual(body) : path.starts(with: body)
        }
        // positions[0..<count]: increasing path offsets reachable after the pattern bytes so far.
        var positions = [Int](repeating: 0, count: path.count + 1)
        var count = 1
        for byte in body {
            if byte == UInt8(ascii: "*") {
                let first = positions[0]
                count = path.count - first + 1
                for offset in 0..<count { positions[offset] = first + offset }
            } else {
                var kept = 0
                for slot in 0..<count {
                    let position = positions[slot]
                    if position < path.count && path[position] == byte {
                        positions[kept] = position + 1
                        kept += 1
                    }
                }
                count = kept
                if count == 0 { return false }
            }
        }
        return anchored ? positions[count - 1] == path.count : true
    }
}

/// Reads a robots.txt line by line, keeping only the groups that can apply to one product token.
private struct RobotsParser {
    /// The merged rules and crawl delay of the groups of one kind.
    struct Merged {
        var rules: [RobotsTxt.Rule] = []
        var crawlDelay: Duration?

        /// Keeps the largest crawl delay given.
        mutating func delay(atLeast delay: Duration) {
            crawlDelay = max(crawlDelay ?? .zero, delay)
        }
    }

    let productToken: [UInt8]
    /// The groups naming our token, merged; nil when none does.
    var specific: Merged?
    /// The `*` groups, merged; nil when there are none.
    var global: Merged?
    /// Whether the current group names our token, or `*`.
    var groupIsOurs = false
    var groupIsGlobal = false
    /// Whether the current group has had a rule: a user-agent line after one starts a new group.
    var groupHasRules = false
    /// Whether any user-agent line has been read: rules before the first belong to no group.
    var inGroup = false

    init(productToken: [UInt8]) {
        self.productToken = productToken
    }

    mutating func parse(_ bytes: [UInt8]) {
        var text = bytes.prefix(RobotsTxt.maxBytes)
        if bytes.count > RobotsTxt.maxBytes {
            let lastBreak = text.lastIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
            text = text[..<(lastBreak ?? text.startIndex)]
        }
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        var start = text.startIndex
        while start < text.endIndex {
            let end =
                text[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? text.endIndex
            line(text[start..<end])
            start = end + 1
        }
    }

    /// One line: `key: value # comment`. Lines without a colon and unknown keys are ignored.
    mutating func line(_ line: ArraySlice<UInt8>) {
        let content = line.prefix { $0 != UInt8(ascii: "#") }
        guard let colon = content.firstIndex(of: UInt8(ascii: ":")) else { return }
        let key = Self.trimmed(content[..<colon]).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let value = Self.trimmed(content[(colon + 1)...])
        switch String(decoding: key, as: UTF8.self) {
        case "user-agent":
            if groupHasRules || !inGroup {
                groupIsOurs = false
                groupIsGlobal = false
                groupHasRules = false
            }
            inGroup = true
            if value.first == UInt8(ascii: "*") && Self.trimmed(value.dropFirst()).isEmpty {
                groupIsGlobal = true
                if global == nil { global = Merged() }
            } else if !productToken.isEmpty, RobotsTxt.token(value) == productToken {
                groupIsOurs = true
                if specific == nil { specific = Merged() }
            }
        case "allow", "disallow":
            guard inGroup else { return }
            groupHasRules = true
            // An empty pattern matches nothing: "Disallow:" is the usual way to allow everything.
            guard !value.isEmpty else { return }
            let rule = RobotsTxt.Rule(
                allows: key.elementsEqual("allow".utf8), pattern: RobotsTxt.normalized(value, isPattern: true))
            if groupIsOurs { specific?.rules.append(rule) }
            if groupIsGlobal { global?.rules.append(rule) }
        case "crawl-delay":
            guard inGroup, let delay = Self.seconds(value) else { return }
            if groupIsOurs { specific?.delay(atLeast: delay) }
            if groupIsGlobal { global?.delay(atLeast: delay) }
        default:
            return
        }
    }

    /// A crawl delay in seconds ("10", "0.5"), at most a day; nil when it is not a number.
    static func seconds(_ value: ArraySlice<UInt8>) -> Duration? {
        guard let seconds = Double(String(decoding: value, as: UTF8.self)), seconds.isFinite, seconds >= 0 else {
            return nil
        }
        return .milliseconds(Int64((min(seconds, 86_400) * 1000).rounded()))
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return bytes
    }
}
