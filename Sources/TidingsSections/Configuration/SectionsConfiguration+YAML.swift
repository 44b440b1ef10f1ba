import Foundation
import TidingsModel

extension SectionsConfiguration {
    /// The top-level keys this type reads; the rest of the file belongs to the server settings.
    public static let yamlKeys: Set<String> = ["brands", "fetch", "retention", "parse", "full_text"]

    /// What is wrong with a `fetch.allow_hosts` entry, or nil when it is a host, an address or a
    /// range. The fetcher owns that syntax (TidingsIngest); whoever loads a file for a server passes
    /// its check, so a bad entry stops start-up at its line instead of silently allowing nothing.
    public typealias AllowHostCheck = @Sendable (String) -> String?

    /// Every key of `fetch`, `retention` and `parse` with its description, as `group.key`; each can
    /// be set in the file or by its `TIDINGS_*` variable. `brands` is a tree and only in the file.
    public static let keys: [(key: String, description: String)] =
        FetchSettings.keys.map { ("fetch." + $0.key, $0.description) }
        + Retention.keys.map { ("retention." + $0.key, $0.description) }
        + ParseLimits.keys.map { ("parse." + $0.key, $0.description) }
        + FullTextSettings.keys.map { ("full_text." + $0.key, $0.description) }

    /// Sets one key of `fetch`, `retention` or `parse` (`fetch.interval`) from a value of any layer.
    public mutating func set(_ key: String, _ value: ConfigNode, allowHostCheck: AllowHostCheck? = nil) throws {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw value.error("is not a setting") }
        switch parts[0] {
        case "fetch": try fetch.set(parts[1], value, allowHostCheck: allowHostCheck)
        case "retention": try retention.set(parts[1], value)
        case "parse": try parse.set(parts[1], value)
        case "full_text": try fullText.set(parts[1], value)
        default: throw value.error("is not a setting")
        }
    }

    /// Reads the `brands` list; relative `file` source paths are taken from `baseDirectory`.
    public mutating func readBrands(_ node: ConfigNode, baseDirectory: String) throws {
        var reader = BrandsReader(baseDirectory: baseDirectory)
        brands = try reader.brands(node)
    }

    /// What no single key can check: limits that must agree once every layer has been applied.
    /// `place` says where a key was set (`file:line`, a variable), for the error.
    public func check(place: (String) -> String?) throws {
        guard fetch.minInterval <= fetch.maxInterval else {
            let subject =
                "fetch.min_interval (\(Int(fetch.minInterval))s) must not exceed fetch.max_interval (\(Int(fetch.maxInterval))s)"
            let at = place("fetch.min_interval") ?? place("fetch.max_interval")
            throw ConfigurationError(at.map { "\($0): \(subject)" } ?? subject)
        }
        // A source's URL is held to the cap a feed's URLs are: a 100 KB address is a mistake (or
        // an attack on whoever logs and looks it up), not a feed.
        for (source, sections) in fetchedSources {
            guard case .url(let url) = source.location else { continue }
            let length = url.absoluteString.utf8.count
            guard length > parse.maxURLLength else { continue }
            let named = sections.map(\.description).joined(separator: ", ")
            let subject =
                "the source URL of \(named) (\(url.absoluteString.prefix(60))…) is \(length) bytes, over "
                + "parse.max_url_length (\(parse.maxURLLength))"
            throw ConfigurationError(place("parse.max_url_length").map { "\(subject) (set at \($0))" } ?? subject)
        }
    }

    /// Reads `brands`, `fetch`, `retention` and `parse` from a YAML file, leaving the server's keys
    /// to `Settings` (TidingsRuntime), which reads the whole file with the same setters. Relative
    /// `file` source paths are taken from the file's directory. Errors name file:line, the key
    /// path and what is wrong.
    public static func load(yamlFile path: String, allowHostCheck: AllowHostCheck? = nil) throws
        -> SectionsConfiguration
    {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var configuration = SectionsConfiguration()
        try configuration.read(ConfigNode.root(ofFile: path), baseDirectory: directory, allowHostCheck: allowHostCheck)
        return configuration
    }

    /// Reads a YAML document; `baseDirectory` anchors relative file paths.
    public static func load(
        yaml text: String, file: String, baseDirectory: String, allowHostCheck: AllowHostCheck? = nil
    ) throws -> SectionsConfiguration {
        var configuration = SectionsConfiguration()
        try configuration.read(
            ConfigNode.root(yaml: text, file: file), baseDirectory: baseDirectory, allowHostCheck: allowHostCheck)
        return configuration
    }

    private mutating func read(_ root: ConfigNode?, baseDirectory: String, allowHostCheck: AllowHostCheck?) throws {
        var places: [String: String] = [:]
        try root?.readSettings(keys: Self.keys.map(\.key), otherGroups: .ignore) { path, value in
            if path == "brands" {
                try readBrands(value, baseDirectory: baseDirectory)
            } else {
                try set(path, value, allowHostCheck: allowHostCheck)
                places[path] = value.place
            }
        }
        try check { places[$0] }
    }
}

extension ConfigNode {
    /// What to do with a top-level key no setting starts with.
    public enum OtherGroups: Sendable {
        case refuse
        case ignore
    }

    /// Reads a configuration file's root: `set` hears `brands` with the whole list, and every other
    /// value by its path (`fetch.interval`), in the file's order. A key outside `keys` is an error
    /// at its line; so is a top-level key no setting starts with, unless `otherGroups` ignores it.
    public func readSettings(
        keys: [String], otherGroups: OtherGroups, _ set: (String, ConfigNode) throws -> Void
    ) throws {
        let groups = Set(keys.map { String($0.prefix { $0 != "." }) }).union(["brands"])
        guard let mapping = node.mapping else { throw error("the document must be a mapping of sections") }
        let written = Set(mapping.keys.compactMap(\.string))
        for (group, value) in try entries(allowed: otherGroups == .ignore ? groups.union(written) : groups) {
            guard groups.contains(group) else { continue }
            if group == "brands" {
                try set(group, value)
                continue
            }
            let names = Set(keys.compactMap { $0.hasPrefix(group + ".") ? String($0.dropFirst(group.count + 1)) : nil })
            for (name, item) in try value.entries(allowed: names) { try set(group + "." + name, item) }
        }
    }
}

extension FetchSettings {
    /// The keys of `fetch`, with their descriptions (the README lists the same).
    public static let keys: [(key: String, description: String)] = [
        ("interval", "poll interval when a source gives no hint (default 15m)"),
        ("min_interval", "no source is fetched more often (default 1m)"),
        ("max_interval", "nor less often, backoff included (default 6h)"),
        ("connect_timeout", "connect timeout (default 10s)"),
        ("read_timeout", "longest wait for the next bytes (default 15s)"),
        ("total_timeout", "longest one fetch may take, at most 10m (default 30s)"),
        ("max_bytes", "body bytes kept after decompression (default 16 MiB)"),
        ("allow_hosts", "hosts, addresses or CIDR ranges fetched although private (default none)"),
        ("concurrency", "sources fetched at once by one process (default 4)"),
    ]

    mutating func set(_ key: String, _ value: ConfigNode, allowHostCheck: SectionsConfiguration.AllowHostCheck?)
        throws
    {
        switch key {
        case "interval": interval = try value.duration(minimum: 1)
        case "min_interval": minInterval = try value.duration(minimum: 1)
        case "max_interval": maxInterval = try value.duration(minimum: 1)
        case "connect_timeout": connectTimeout = try value.duration(minimum: 0.1)
        case "read_timeout": readTimeout = try value.duration(minimum: 0.1)
        case "total_timeout":
            totalTimeout = try value.duration(minimum: 1)
            guard totalTimeout <= 600 else { throw value.error("must be at most 10m") }
        case "max_bytes": maxBytes = try value.int(1024...(1 << 30))
        case "concurrency": concurrency = try value.int(1...64)
        case "allow_hosts":
            allowHosts = try value.oneOrMany().map { entry in
                let text = try entry.nonEmptyString()
                if let problem = allowHostCheck?(text) { throw entry.error("\"\(text)\" \(problem)") }
                return text
            }
        default: throw value.error("is not a setting")
        }
    }
}

extension FullTextSettings {
    /// The keys of `full_text`, with their descriptions.
    public static let keys: [(key: String, description: String)] = [
        (
            "min_characters",
            "with a source's full_text: auto, entries whose own text is shorter get their page fetched (default 500)"
        ),
        ("concurrency", "article pages fetched at once by one process (default 4)"),
        ("per_host", "article pages fetched at once from one host by one process (default 2)"),
        ("interval", "least time between two requests to one host; robots.txt's crawl-delay raises it (default 1s)"),
        ("recheck", "an article page is fetched again this long after, with its validators (default 6h)"),
    ]

    mutating func set(_ key: String, _ value: ConfigNode) throws {
        switch key {
        case "min_characters": minCharacters = try value.int(0...1_000_000)
        case "concurrency": concurrency = try value.int(1...64)
        case "per_host": perHost = try value.int(1...16)
        case "interval": interval = try value.duration(minimum: 0)
        case "recheck": recheck = try value.duration(minimum: 60)
        default: throw value.error("is not a setting")
        }
    }
}

extension Retention {
    /// The keys of `retention`, with their descriptions.
    public static let keys: [(key: String, description: String)] = [
        ("max_items", "newest entries kept per section (default 1000)"),
        ("max_age", "entries first seen longer ago are dropped, at least 1m (default 90d)"),
    ]

    mutating func set(_ key: String, _ value: ConfigNode) throws {
        switch key {
        case "max_items": maxItems = try value.int(1...1_000_000)
        case "max_age": maxAge = try value.duration(minimum: 60)
        default: throw value.error("is not a setting")
        }
    }
}
