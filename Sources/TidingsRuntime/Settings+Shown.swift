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
    /// last one, as given), what the demo brands set, or the default — each written by its row.
    public var shown: [ShownSetting] {
        Self.keys.map { key in
            let written = key.setting.value(in: self)
            switch (given[key.path], setByDemo.contains(key.path)) {
            case (let given?, true):  // the demo adds to what was given
                return ShownSetting(key: key.path, value: written, origin: given.place + " + demo brands")
            case (let given?, false):
                return ShownSetting(key: key.path, value: Self.masked(key.path, given.value), origin: given.place)
            case (nil, true): return ShownSetting(key: key.path, value: written, origin: "demo brands")
            case (nil, false): return ShownSetting(key: key.path, value: written, origin: "default")
            }
        }
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
