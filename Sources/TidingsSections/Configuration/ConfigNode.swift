import FeedParsing
import Foundation
import TidingsModel
import Yams

/// A YAML node with its place in the file, so every mistake is reported as `file:line: path …`.
struct ConfigNode {
    let node: Node
    let path: String
    let file: String

    var line: Int { node.mark?.line ?? 1 }  // Yams counts lines from 1

    func error(_ what: String) -> ConfigurationError {
        ConfigurationError("\(file):\(line): \(path) \(what)")
    }

    func child(_ node: Node, _ name: String) -> ConfigNode {
        ConfigNode(node: node, path: path.isEmpty ? name : path + "." + name, file: file)
    }

    /// The mapping's values by key; a key outside `allowed` or given twice is an error at its line.
    func mapping(allowed: Set<String>) throws -> [String: ConfigNode] {
        guard let mapping = node.mapping else { throw error("must be a mapping") }
        var result: [String: ConfigNode] = [:]
        for (key, value) in mapping {
            let name = key.string ?? ""
            let place = child(key, name)
            guard allowed.contains(name) else {
                throw place.error("is not a known key (expected one of: \(allowed.sorted().joined(separator: ", ")))")
            }
            guard result[name] == nil else { throw place.error("is given twice") }
            result[name] = child(value, name)
        }
        return result
    }

    func list() throws -> [ConfigNode] {
        guard let sequence = node.sequence else { throw error("must be a list") }
        return sequence.enumerated().map { index, item in
            ConfigNode(node: item, path: "\(path)[\(index)]", file: file)
        }
    }

    /// A list, or one value standing for a list of one.
    func oneOrMany() throws -> [ConfigNode] {
        node.sequence == nil ? [self] : try list()
    }

    func string() throws -> String {
        guard case .scalar(let scalar) = node else { throw error("must be a text value") }
        return scalar.string
    }

    func nonEmptyString() throws -> String {
        let value = try string()
        guard !value.isEmpty else { throw error("must not be empty") }
        return value
    }

    /// A lowercase id usable in URLs.
    func id() throws -> String {
        let value = try string()
        let allowed = value.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        guard !value.isEmpty, value.utf8.count <= 64, allowed, value.first != "-" else {
            throw error("must be an id of lowercase letters, digits and dashes, not \"\(value)\"")
        }
        return value
    }

    func int(_ range: ClosedRange<Int>) throws -> Int {
        let raw = try string()
        guard let value = Int(raw), range.contains(value) else {
            throw error("must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(raw)\"")
        }
        return value
    }

    func bool() throws -> Bool {
        switch try string() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let other: throw error("must be true or false, not \"\(other)\"")
        }
    }

    func duration(minimum: TimeInterval = 0) throws -> TimeInterval {
        let raw = try string()
        guard let value = DurationText.seconds(raw), value >= minimum else {
            throw error("must be a duration such as 90s, 15m or 2h, not \"\(raw)\"")
        }
        return value
    }

    /// An absolute http or https URL.
    func webURL() throws -> URL {
        let raw = try string()
        guard let url = WebLink.url(raw) else { throw error("must be an absolute http or https URL, not \"\(raw)\"") }
        return url
    }

    func language() throws -> Language {
        let raw = try string()
        guard let language = Language(rawValue: raw) else { throw error("must be ru or en, not \"\(raw)\"") }
        return language
    }

    /// A text, or a mapping of texts by language (`{en: News, ru: Новости}`).
    func localized() throws -> LocalizedText {
        guard node.mapping != nil else { return LocalizedText(try nonEmptyString()) }
        var values: [Language: String] = [:]
        for (key, value) in try mapping(allowed: Set(Language.allCases.map(\.rawValue))) {
            values[Language(rawValue: key)!] = try value.nonEmptyString()
        }
        guard !values.isEmpty else { throw error("must name at least one language") }
        return LocalizedText(values)
    }

    /// Where the value for a required key would be, for "is missing" errors.
    func require(_ key: String, in fields: [String: ConfigNode]) throws -> ConfigNode {
        guard let value = fields[key] else { throw error("needs \(key)") }
        return value
    }
}
