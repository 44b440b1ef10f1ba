import Foundation
import TidingsModel
import Yams

extension SectionsConfiguration {
    /// The top-level keys this type reads; the rest of the file belongs to the server settings.
    public static let yamlKeys: Set<String> = [
        "brands", "fetch", "retention", "parse", "full_text", "grouping", "search",
    ]

    /// What is wrong with a `fetch.allow_hosts` entry, or nil when it is a host, an address or a
    /// range. The fetcher owns that syntax (TidingsIngest); whoever loads a file for a server passes
    /// its check, so a bad entry stops start-up at its line instead of silently allowing nothing.
    public typealias AllowHostCheck = @Sendable (String) -> String?
    /// Why a source's URL may not be fetched, or nil: the server's SSRF guard
    /// (`FetchPolicy.refusal(of:)`), which this target cannot call.
    public typealias SourceURLCheck = @Sendable (URL) -> String?

    /// Every key of `fetch`, `retention`, `parse`, `full_text`, `grouping` and `search`; each can be set in the file or
    /// by its `TIDINGS_*` variable. `brands` is a tree and only in the file.
    public static let settings: [Setting<SectionsConfiguration>] =
        FetchSettings.settings.map { $0.lifted(\.fetch, group: "fetch") }
        + Retention.settings.map { $0.lifted(\.retention, group: "retention") }
        + ParseLimits.settings.map { $0.lifted(\.parse, group: "parse") }
        + FullTextSettings.settings.map { $0.lifted(\.fullText, group: "full_text") }
        + StoryGrouping.settings.map { $0.lifted(\.grouping, group: "grouping") }
        + SearchSettings.settings.map { $0.lifted(\.search, group: "search") }

    private static let settingsByPath = Dictionary(uniqueKeysWithValues: settings.map { ($0.path, $0) })

    /// Sets one key of `fetch`, `retention`, `parse`, `full_text`, `grouping` or `search` (`fetch.interval`) from a
    /// value of any layer.
    public mutating func set(_ key: String, _ value: ConfigNode, allowHostCheck: AllowHostCheck? = nil) throws {
        guard let setting = Self.settingsByPath[key] else { throw value.error("is not a setting") }
        try setting.set(&self, value, SettingContext(allowHostCheck: allowHostCheck))
    }

    /// Reads the `brands` list; relative `file` source paths are taken from `baseDirectory`, and
    /// every URL the poller would fetch passes `sourceCheck` too when it is given.
    public mutating func readBrands(
        _ node: ConfigNode, baseDirectory: String, sourceCheck: SourceURLCheck? = nil
    ) throws {
        var reader = BrandsReader(baseDirectory: baseDirectory, sourceCheck: sourceCheck)
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

    /// Brands kept as documents (``BrandsWriter``'s form): each brand's own fields and its sections',
    /// read by the file's reader — one set of rules (``BrandsDraft``). Errors name `origin`, the line
    /// in the document at fault and the key path.
    public static func brands(documents: [(brand: String, sections: [String])], origin: String) throws -> [Brand] {
        try BrandsDraft(documents: documents).read(origin: origin)
    }

    private mutating func read(_ root: ConfigNode?, baseDirectory: String, allowHostCheck: AllowHostCheck?) throws {
        var places: [String: String] = [:]
        try root?.readSettings(keys: Self.settings.map(\.path), otherGroups: .ignore) { path, value in
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
