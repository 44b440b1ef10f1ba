import Foundation

/// The scheduling hints in a response's headers: how long it stays fresh, whether it may be stored, and
/// how long to wait after a 429 or 503. Pure: the caller passes header values.
struct CacheHints: Sendable, Hashable {
    /// Seconds the response stays fresh, nil when the server gives no hint.
    var freshness: TimeInterval?
    /// True for `Cache-Control: no-store`.
    var noStore = false

    /// Hints from Cache-Control, Expires, Date and Age. `s-maxage` wins over `max-age` (Tidings serves what
    /// it fetches to many readers, like a shared cache), both win over Expires − Date, `no-cache` means 0;
    /// Age is subtracted. An Expires that is not a date means already expired (RFC 9111 §5.3).
    init(cacheControl: String?, expires: String?, date: String?, age: String?, now: Date) {
        var directives: [String: String?] = [:]
        for part in (cacheControl ?? "").split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard let name = pair.first?.trimmingCharacters(in: .whitespaces).lowercased(), !name.isEmpty else {
                continue
            }
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : nil
            // updateValue, not a subscript: assigning a nil value would remove the directive.
            directives.updateValue(
                value.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }, forKey: name)
        }
        noStore = directives.keys.contains("no-store")
        var lifetime: TimeInterval?
        if let noCache = directives["no-cache"], noCache == nil {
            lifetime = 0
        } else if let seconds = Self.seconds(directives["s-maxage"] ?? nil)
            ?? Self.seconds(directives["max-age"] ?? nil)
        {
            lifetime = seconds
        } else if let expires {
            let base = date.flatMap(HTTPDate.parse) ?? now
            lifetime = HTTPDate.parse(expires).map { max(0, $0.timeIntervalSince(base)) } ?? 0
        }
        freshness = lifetime.map { max(0, $0 - (Self.seconds(age) ?? 0)) }
    }

    /// Seconds a Retry-After asks for: delta-seconds, or an HTTP date measured from the response's Date
    /// (or `now`). Nil when it is neither; a date in the past means 0.
    static func retryAfter(_ value: String?, date: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = seconds(value) { return seconds }
        guard let until = HTTPDate.parse(value) else { return nil }
        return max(0, until.timeIntervalSince(date.flatMap(HTTPDate.parse) ?? now))
    }

    /// A non-negative delta-seconds value, nil when the text is not one.
    private static func seconds(_ text: String?) -> TimeInterval? {
        guard let text, !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return TimeInterval(text)
    }
}
