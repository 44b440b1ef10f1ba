import ArgumentParser

/// `--color`: whether the reader styles its text with SGR escapes.
enum ReadColor: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Styles when standard output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is not set.
    case auto
    case always
    case never

    /// Whether to style, for a standard output that is (or is not) a terminal.
    func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto:
            isTerminal && environment["TERM"] != "dumb" && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
