import Foundation
import TidingsModel
import Yams

extension SectionsConfiguration {
    /// The top-level keys this type reads; the rest of the file belongs to the server settings.
    public static let yamlKeys: Set<String> = ["brands", "fetch", "retention", "parse"]

    /// What is wrong with a `fetch.allow_hosts` entry, or nil when it is a host, an address or a
    /// range. The fetcher owns that syntax (TidingsIngest); whoever loads a file for a server passes
    /// its check, so a bad entry stops start-up at its line instead of silently allowing nothing.
    public typealias AllowHostCheck = @Sendable (String) -> String?

    /// Reads `brands`, `fetch`, `retention` and `parse` from a YAML file. Relative `file` source paths are
    /// taken from the file's directory. Errors name file:line, the key path and what is wrong.
    public static func load(yamlFile path: String, allowHostCheck: AllowHostCheck? = nil) throws
        -> SectionsConfiguration
    {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("\(path): cannot read the file (\(error.localizedDescription))")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try load(yaml: text, file: path, baseDirectory: directory, allowHostCheck: allowHostCheck)
    }

    /// Reads a YAML document; `baseDirectory` anchors relative file paths.
    public static func load(
        yaml text: String, file: String, baseDirectory: String, allowHostCheck: AllowHostCheck? = nil
    ) throws -> SectionsConfiguration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError("\(file): \(error)")
        }
        var configuration = SectionsConfiguration()
        guard let root, let mapping = root.mapping else { return configuration }
        for (key, value) in mapping where yamlKeys.contains(key.string ?? "") {
            let node = ConfigNode(node: value, path: key.string ?? "", file: file)
            switch key.string {
            case "fetch": configuration.fetch = try FetchSettings(node, allowHostCheck: allowHostCheck)
            case "retention": configuration.retention = try Retention(node)
            case "parse": configuration.parse = try ParseLimits(node)
            default:
                var reader = BrandsReader(baseDirectory: baseDirectory)
                configuration.brands = try reader.brands(node)
            }
        }
        return configuration
    }
}

extension FetchSettings {
    init(_ node: ConfigNode, allowHostCheck: SectionsConfiguration.AllowHostCheck?) throws {
        self.init()
        let keys: Set = [
            "interval", "min_interval", "max_interval", "connect_timeout", "read_timeout", "total_timeout", "max_bytes",
            "allow_hosts", "concurrency",
        ]
        for (key, value) in try node.mapping(allowed: keys) {
            switch key {
            case "interval": interval = try value.duration(minimum: 1)
            case "min_interval": minInterval = try value.duration(minimum: 1)
            case "max_interval": maxInterval = try value.duration(minimum: 1)
            case "connect_timeout": connectTimeout = try value.duration(minimum: 0.1)
            case "read_timeout": readTimeout = try value.duration(minimum: 0.1)
            case "total_timeout": totalTimeout = try value.duration(minimum: 1)
            case "max_bytes": maxBytes = try value.int(1024...(1 << 30))
            case "concurrency": concurrency = try value.int(1...64)
            default:
                allowHosts = try value.oneOrMany().map { entry in
                    let text = try entry.nonEmptyString()
                    if let problem = allowHostCheck?(text) { throw entry.error("\"\(text)\" \(problem)") }
                    return text
                }
            }
        }
        guard minInterval <= maxInterval else { throw node.error("min_interval must not exceed max_interval") }
        guard totalTimeout <= 600 else { throw node.error("total_timeout must be at most 10m") }
    }
}

extension Retention {
    init(_ node: ConfigNode) throws {
        self.init()
        for (key, value) in try node.mapping(allowed: ["max_items", "max_age"]) {
            if key == "max_items" {
                maxItems = try value.int(1...1_000_000)
            } else {
                maxAge = try value.duration(minimum: 60)
            }
        }
    }
}
