import Foundation
import TidingsModel
import TidingsSections
import Yams

extension TidingsConfiguration {
    /// Reads the settings a YAML file sets over `self`; errors name file:line and the key.
    public mutating func load(yamlFile path: String) throws {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("\(path): cannot read the file (\(error.localizedDescription))")
        }
        try load(yaml: text, file: path)
    }

    /// Reads the settings a YAML document sets over `self`.
    public mutating func load(yaml text: String, file: String = "<config>") throws {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError("\(file): \(error)")
        }
        guard let root else { return }
        guard let mapping = root.mapping else {
            throw ConfigurationError("\(file):\(line(root)): the document must be a mapping of sections")
        }
        let known = Set(Self.keys.map(\.key))
        for (sectionKey, sectionValue) in mapping {
            guard let section = sectionKey.string else { continue }
            // brands, fetch and retention are SectionsConfiguration's to read.
            if SectionsConfiguration.yamlKeys.contains(section) { continue }
            guard ["pricing", "news", "locale", "server"].contains(section) else {
                let known = (["pricing", "news", "locale", "server"] + SectionsConfiguration.yamlKeys.sorted())
                throw ConfigurationError(
                    "\(file):\(line(sectionKey)): unknown key \(section) (expected one of: \(known.joined(separator: ", ")))"
                )
            }
            guard let entries = sectionValue.mapping else {
                throw ConfigurationError("\(file):\(line(sectionValue)): \(section) must be a mapping")
            }
            for (key, value) in entries {
                let name = "\(section).\(key.string ?? "?")"
                guard known.contains(name) else {
                    throw ConfigurationError("\(file):\(line(key)): unknown key \(name)")
                }
                try set(name, to: value, at: "\(file):\(line(value))")
            }
        }
    }

    private mutating func set(_ key: String, to node: Node, at place: String) throws {
        let raw = node.string ?? ""
        func fail(_ expected: String) -> ConfigurationError {
            ConfigurationError("\(place): \(key) must be \(expected), not \"\(raw)\"")
        }
        switch key {
        case "pricing.markup_percent":
            guard let value = MarkupPercent(raw) else { throw fail("a decimal percentage from 0 to 1000") }
            markupPercent = value
        case "news.min_change_percent":
            guard let value = Int(raw), (0...100).contains(value) else { throw fail("a whole percent from 0 to 100") }
            minChangePercent = value
        case "news.merge_window":
            guard let value = DurationText.seconds(raw) else { throw fail("a duration such as 2h or 90m") }
            mergeWindow = value
        case "news.window_days":
            guard let value = Int(raw), (1...3650).contains(value) else {
                throw fail("a number of days from 1 to 3650")
            }
            windowDays = value
        case "locale.default":
            guard ["ru", "en"].contains(raw) else { throw fail("ru or en") }
            defaultLocale = raw
        case "server.idle_timeout":
            guard let value = DurationText.seconds(raw), value > 0 else { throw fail("a duration such as 60s") }
            idleTimeout = value
        default:
            throw ConfigurationError("\(place): unknown key \(key)")
        }
    }

    private func line(_ node: Node) -> Int { node.mark?.line ?? 1 }  // Yams counts lines from 1
}
