/// The SGR attributes a span of reader text may carry. Rendered only when styling is on: a TTY
/// whose `TERM` is not `dumb`, without `NO_COLOR` (see ``ReadColor``).
struct ReadStyle: OptionSet, Hashable, Sendable {
    let rawValue: Int

    static let bold = ReadStyle(rawValue: 1 << 0)
    static let dim = ReadStyle(rawValue: 1 << 1)
    static let reverse = ReadStyle(rawValue: 1 << 2)
    static let strike = ReadStyle(rawValue: 1 << 3)
    static let red = ReadStyle(rawValue: 1 << 4)
    static let green = ReadStyle(rawValue: 1 << 5)
    static let yellow = ReadStyle(rawValue: 1 << 6)

    private static let parameters: [(ReadStyle, Int)] = [
        (.bold, 1), (.dim, 2), (.reverse, 7), (.strike, 9), (.red, 31), (.green, 32), (.yellow, 33),
    ]

    /// `ESC [ … m` switching these attributes on; empty for no attributes.
    var escape: String {
        let codes = Self.parameters.filter { contains($0.0) }.map { String($0.1) }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// Switches every attribute off.
    static let resetEscape = "\u{1B}[0m"
}
