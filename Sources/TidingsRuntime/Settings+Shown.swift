import Foundation

extension Settings {
    /// One line of `tidings config show`: a key, its value and where the value came from.
    public struct ShownSetting: Sendable, Equatable {
        public var key: String
        public var value: String
        /// `file:line`, a variable, an option, `demo brands` or `default`.
        public var origin: String

        public init(key: String, value: String, origin: String) {
            self.key = key
            self.value = value
            self.origin = origin
        }
    }

    /// Every key's effective value and where it came from, secrets masked: what a layer gave (the
    /// last one), what the demo brands set, or the default the key's description states.
    public var shown: [ShownSetting] {
        Self.keys.map { key in
            if let given = given[key.path] {
                if setByDemo.contains(key.path) {  // the demo adds to what was given
                    return ShownSetting(
                        key: key.path, value: demoValue(key.path), origin: given.place + " + demo brands")
                }
                return ShownSetting(key: key.path, value: Self.masked(key.path, given.value), origin: given.place)
            }
            if setByDemo.contains(key.path) {
                return ShownSetting(key: key.path, value: demoValue(key.path), origin: "demo brands")
            }
            return ShownSetting(key: key.path, value: Self.defaultText(key.description), origin: "default")
        }
    }

    /// What the demo brands set a key to.
    private func demoValue(_ path: String) -> String {
        switch path {
        case "news.aggregate":
            server.aggregation.map { "{window: \(Int($0.window))s, min_items: \($0.minItems)}" } ?? "off"
        case "images.local":
            "{" + server.images.local.map { "\($0.prefix): \($0.directory)" }.joined(separator: ", ") + "}"
        default: "set by the demo"
        }
    }

    /// The default a key's description states: "… (default 60s)" → "60s", "(decimal, default 0)"
    /// → "0", "(default: the database's own secret)" → "the database's own secret".
    static func defaultText(_ description: String) -> String {
        guard let start = description.range(of: "default", options: .backwards),
            start.lowerBound > description.startIndex,
            ["(", " "].contains(description[description.index(before: start.lowerBound)])
        else { return "(none)" }
        var text = description[start.upperBound...]
        if text.hasSuffix(")") { text.removeLast() }
        if text.hasPrefix(":") { text.removeFirst() }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// `value` with its secret hidden: a database URL's password, a token or key whole.
    static func masked(_ path: String, _ value: String) -> String {
        guard secretKeys.contains(path) else { return value }
        guard path == "database.url" else { return value.isEmpty ? "" : "****" }
        guard var components = URLComponents(string: value), components.password != nil else { return value }
        components.password = "****"
        return components.string ?? "****"
    }
}
