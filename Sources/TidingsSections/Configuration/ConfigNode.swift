import FeedParsing
import Foundation
import TidingsModel
import Yams

/// A configuration value with its place, so every mistake names where it was made: a YAML node
/// as `file:line: path …`, an environment variable as `TIDINGS_X: path …`, an option as
/// `--port: …`. One reader for every layer: a key is parsed by the same code whichever layer
/// set it.
public struct ConfigNode {
    /// Which layer a value came from.
    public enum Origin: Sendable, Equatable {
        case file(String)
        case environment(String)
        case commandLine(String)
    }

    let node: Node
    /// The key path, as in `fetch.allow_hosts` or `brands[0].sections[2].id`.
    public let path: String
    public let origin: Origin

    init(node: Node, path: String, origin: Origin) {
        self.node = node
        self.path = path
        self.origin = origin
    }

    /// A value given as text outside the file (an environment variable or an option). Lists are
    /// written comma-separated there.
    public init(text: String, path: String, origin: Origin) {
        self.init(node: .scalar(.init(text)), path: path, origin: origin)
    }

    /// The YAML file's root, or nil for an empty document. Errors name the file (and the line,
    /// for syntax errors).
    public static func root(ofFile path: String) throws -> ConfigNode? {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError("\(path): cannot read the file (\(error.localizedDescription))")
        }
        return try root(yaml: text, file: path)
    }

    /// A YAML document's root, or nil when it is empty.
    public static func root(yaml text: String, file: String) throws -> ConfigNode? {
        do {
            return try Yams.compose(yaml: text).map { ConfigNode(node: $0, path: "", origin: .file(file)) }
        } catch let error as YamlError {
            throw ConfigurationError(Self.syntaxError(error, text: text, file: file))
        }
    }

    /// A YAML syntax error in the form of every other configuration error (`file:line: what`),
    /// with the lines it is about. Yams' own text came in another form and, for a key given twice,
    /// held the whole document.
    static func syntaxError(_ error: YamlError, text: String, file: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func excerpt(_ line: Int, column: Int?) -> String {
            var shown: [String] = []
            for number in max(1, line - 1)...min(lines.count, max(1, line)) where number <= lines.count {
                shown.append(String(format: "%5d | ", number) + lines[number - 1])
            }
            if let column { shown.append("      | " + String(repeating: " ", count: max(0, column - 1)) + "^") }
            return shown.joined(separator: "\n")
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let within = context.map { " (\($0.text), which starts at line \(min($0.mark.line, lines.count)))" } ?? ""
            // libyaml puts a mistake found at the end of the text on the line after it.
            let line = min(mark.line, max(1, lines.count))
            var message =
                "\(file):\(line): YAML syntax: \(problem)\(within)\n"
                + excerpt(line, column: line == mark.line ? mark.column : nil)
            // What libyaml says of a key indented unlike its neighbours, or a missing ": ".
            if problem.hasPrefix("did not find expected") || problem.contains("mapping values are not allowed")
                || problem.contains("expected <block end>")
            {
                message +=
                    "\nhint: a key indented unlike its neighbours, or a missing \": \", on this line or the one above"
            }
            return message
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted()
            // The key's second line: where it is given again.
            let pattern = keys.first.map { NSRegularExpression.escapedPattern(for: $0) } ?? ""
            let matcher = try? NSRegularExpression(pattern: "^\\s*(- )?[\"']?\(pattern)[\"']?\\s*:")
            let hits = lines.indices.filter { index in
                index + 1 >= context.mark.line
                    && matcher?.firstMatch(
                        in: lines[index], range: NSRange(lines[index].startIndex..., in: lines[index])) != nil
            }
            let line = hits.count > 1 ? hits[1] + 1 : context.mark.line
            let named = keys.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\(file):\(line): \(named) is given twice in one mapping\n" + excerpt(line, column: nil)
        case .reader(let problem, let offset, _, _):
            return "\(file): not readable as UTF-8 text (\(problem)\(offset.map { " at byte \($0)" } ?? ""))"
        default:
            return "\(file): \(error)"
        }
    }

    /// The line in the file (1 for values from elsewhere).
    public var line: Int { node.mark?.line ?? 1 }  // Yams counts lines from 1

    /// The file this node is in, if it is in one.
    var file: String? {
        if case .file(let file) = origin { return file }
        return nil
    }

    /// The value as given, on one line: a scalar as it is, a list as `[a, b]`, a mapping as
    /// `{key: value, …}` (what `tidings config show` prints).
    public var shown: String { Self.shown(node) }

    private static func shown(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): scalar.string
        case .sequence(let sequence): "[" + sequence.map(shown).joined(separator: ", ") + "]"
        case .mapping(let mapping):
            "{" + mapping.map { shown($0.key) + ": " + shown($0.value) }.joined(separator: ", ") + "}"
        case .alias: "*alias"
        }
    }

    /// Where the value was given: `file:line`, the variable or the option.
    public var place: String {
        switch origin {
        case .file(let file): "\(file):\(line)"
        case .environment(let variable): variable
        case .commandLine(let option): option
        }
    }

    /// `what` is wrong with this value, said where it was given.
    public func error(_ what: String) -> ConfigurationError {
        ConfigurationError(place: place, path: path, problem: what)
    }

    func child(_ node: Node, _ name: String) -> ConfigNode {
        ConfigNode(node: node, path: path.isEmpty ? name : path + "." + name, origin: origin)
    }

    /// The mapping's values by key, in the file's order; a key outside `allowed` or given twice is
    /// an error at its line.
    public func entries(allowed: Set<String>) throws -> [(key: String, value: ConfigNode)] {
        guard let mapping = node.mapping else { throw error("must be a mapping") }
        var result: [(key: String, value: ConfigNode)] = []
        var seen: Set<String> = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            let place = child(key, name)
            guard allowed.contains(name) else {
                throw place.error("is not a known key (expected one of: \(allowed.sorted().joined(separator: ", ")))")
            }
            guard seen.insert(name).inserted else { throw place.error("is given twice") }
            result.append((name, child(value, name)))
        }
        return result
    }

    /// A mapping whose keys are data, not names (`images.local`'s URL prefixes), in the file's
    /// order; outside the file, comma-separated `key=value` pairs. A key given twice is an error.
    public func pairs() throws -> [(key: String, value: ConfigNode)] {
        guard case .file = origin else {
            return try oneOrMany().map { item in
                let text = try item.string()
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw item.error("must be written KEY=VALUE, not \"\(text)\"")
                }
                let value = String(text[text.index(after: equals)...])
                return (String(text[..<equals]), ConfigNode(text: value, path: path, origin: origin))
            }
        }
        guard let mapping = node.mapping else { throw error("must be a mapping") }
        var result: [(key: String, value: ConfigNode)] = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            guard !result.contains(where: { $0.key == name }) else { throw child(key, name).error("is given twice") }
            result.append((name, child(value, name)))
        }
        return result
    }

    /// A path as written, relative ones taken from the file's directory (from the working
    /// directory outside the file).
    public func filePath() throws -> String {
        let raw = try nonEmptyString()
        guard !raw.hasPrefix("/"), let file else { return URL(fileURLWithPath: raw).standardizedFileURL.path }
        return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(raw).standardizedFileURL
            .path
    }

    /// The mapping's values by key; a key outside `allowed` or given twice is an error at its line.
    func mapping(allowed: Set<String>) throws -> [String: ConfigNode] {
        Dictionary(uniqueKeysWithValues: try entries(allowed: allowed).map { ($0.key, $0.value) })
    }

    func list() throws -> [ConfigNode] {
        guard let sequence = node.sequence else { throw error("must be a list") }
        return sequence.enumerated().map { index, item in
            ConfigNode(node: item, path: "\(path)[\(index)]", origin: origin)
        }
    }

    /// A list, or one value standing for a list of one; outside the file, a comma-separated list.
    public func oneOrMany() throws -> [ConfigNode] {
        if case .file = origin { return node.sequence == nil ? [self] : try list() }
        let text = try string()
        return text.split(separator: ",", omittingEmptySubsequences: false).map {
            ConfigNode(text: $0.trimmingCharacters(in: .whitespaces), path: path, origin: origin)
        }
    }

    public func string() throws -> String {
        guard case .scalar(let scalar) = node else { throw error("must be a text value") }
        return scalar.string
    }

    public func nonEmptyString() throws -> String {
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

    public func int(_ range: ClosedRange<Int>) throws -> Int {
        let raw = try string()
        guard let value = Int(raw), range.contains(value) else {
            throw error("must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(raw)\"")
        }
        return value
    }

    /// A number from 0 to 1 (`0.5`, `0`, `1`).
    public func fraction() throws -> Double {
        let raw = try string()
        guard let value = Double(raw), value.isFinite, (0...1).contains(value) else {
            throw error("must be a number from 0 to 1, not \"\(raw)\"")
        }
        return value
    }

    /// A number of bytes in `range`: plain, or in `KiB`, `MiB`, `GiB` (`16 MiB`).
    public func size(_ range: ClosedRange<Int>) throws -> Int {
        let raw = try string()
        guard let value = SizeText.bytes(raw), range.contains(value) else {
            throw error(
                "must be a size from \(SizeText.text(range.lowerBound)) to \(SizeText.text(range.upperBound)), in bytes or such as 16 MiB, not \"\(raw)\""
            )
        }
        return value
    }

    public func bool() throws -> Bool {
        switch try string() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let other: throw error("must be true or false, not \"\(other)\"")
        }
    }

    /// A duration (`90s`, `15m`, `2h`, `1d`, plain seconds) of at least `minimum` seconds.
    public func duration(minimum: TimeInterval = 0) throws -> TimeInterval {
        let raw = try string()
        guard let value = DurationText.seconds(raw) else {
            throw error("must be a duration such as 90s, 15m or 2h, not \"\(raw)\"")
        }
        guard value >= minimum else {
            let least = minimum < 1 && value == 0 ? "more than 0" : "at least \(DurationText.text(minimum))"
            throw error("must be \(least), not \"\(raw)\"")
        }
        return value
    }

    /// An absolute http or https URL.
    func webURL() throws -> URL {
        let raw = try string()
        guard let url = WebLink.url(raw) else { throw error("must be an absolute http or https URL, not \"\(raw)\"") }
        return url
    }

    /// A URL the poller fetches: an absolute http or https URL the fetcher would try
    /// (`FetchableURL`) and that `check` (the server's SSRF guard, for an editor's change) lets by.
    func fetchedURL(_ check: SectionsConfiguration.SourceURLCheck?) throws -> URL {
        let url = try webURL()
        if let problem = FetchableURL.problem(url) ?? check?(url) { throw error("cannot be fetched: \(problem)") }
        return url
    }

    /// A BCP 47 locale (`nb-NO`, `sv`, `zh-Hant-TW`; `nb_NO` is read too).
    public func language() throws -> LanguageTag {
        let raw = try string()
        guard let language = LanguageTag(raw) else {
            throw error("must be a BCP 47 language tag such as nb-NO, sv or en, not \"\(raw)\"")
        }
        return language
    }

    /// A text, or a mapping of texts by language (`{en: News, nb: Nyheter}`).
    func localized() throws -> LocalizedText {
        guard node.mapping != nil else { return LocalizedText(try nonEmptyString()) }
        var values: [LanguageTag: String] = [:]
        for (key, value) in try pairs() {
            guard let language = LanguageTag(key) else {
                throw value.error("is not under a BCP 47 language tag (such as en, nb or sv-FI)")
            }
            guard values[language] == nil else { throw value.error("is given twice for \(language)") }
            values[language] = try value.nonEmptyString()
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
