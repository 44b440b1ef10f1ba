/// One line of reader text: spans of styled text, as the views build them and the terminal prints
/// them. Widths count characters (a Cyrillic letter is one), so cutting never splits a letter.
struct ReadLine: Hashable, Sendable {
    /// Text in one style.
    struct Span: Hashable, Sendable {
        var text: String
        var style: ReadStyle
    }

    var spans: [Span]
    /// How many spans at the end are cut last: a cut line shortens the spans before them and
    /// keeps these whole (a price stays visible when a product's name is cut), unless they alone
    /// are wider than the line.
    var keptEnd = 0

    /// A line of spans.
    init(_ spans: [Span] = [], keptEnd: Int = 0) {
        self.spans = spans
        self.keptEnd = keptEnd
    }

    /// A line of one span.
    init(_ text: String, _ style: ReadStyle = []) {
        spans = [Span(text: text, style: style)]
    }

    /// The text without styles.
    var plain: String { spans.map(\.text).joined() }

    /// This line, then `other` (whose kept end stays the line's).
    static func + (line: ReadLine, other: ReadLine) -> ReadLine {
        ReadLine(line.spans + other.spans, keptEnd: other.keptEnd)
    }

    /// This line, then `end`, which a cut keeps whole.
    func keeping(_ end: ReadLine) -> ReadLine {
        ReadLine(spans + end.spans, keptEnd: end.spans.count)
    }

    /// Every span with `style` added (the selected row is drawn in reverse video).
    func adding(_ style: ReadStyle) -> ReadLine {
        ReadLine(spans.map { Span(text: $0.text, style: $0.style.union(style)) }, keptEnd: keptEnd)
    }

    /// The line cut to `width` characters (a cut ends in "…"), with SGR escapes when `styled`.
    /// Control characters from the server's text become spaces, so content cannot drive the terminal.
    func rendered(width: Int?, styled: Bool) -> String {
        if let width, keptEnd > 0, keptEnd < spans.count, Self.visible(plain).count > width {
            let end = ReadLine(Array(spans.suffix(keptEnd)))
            let room = width - Self.visible(end.plain).count
            // The head, cut to what the end leaves (its "…" included), then the end whole.
            if room >= 2 {
                return ReadLine(Array(spans.dropLast(keptEnd))).rendered(width: room, styled: styled)
                    + end.rendered(width: nil, styled: styled)
            }
        }
        var budget = width ?? Int.max
        let cut = width.map { Self.visible(plain).count > $0 } ?? false
        if cut { budget = max(0, budget - 1) }
        var output = ""
        for span in spans where budget > 0 {
            let text = String(Self.visible(span.text).prefix(budget))
            budget -= text.count
            guard !text.isEmpty else { continue }
            let escape = styled ? span.style.escape : ""
            output += escape + text + (escape.isEmpty ? "" : ReadStyle.resetEscape)
        }
        if cut, width.map({ $0 > 0 }) == true { output += "…" }
        return output
    }

    /// `text` with every control character (newlines, tabs, ESC, C1) turned into a space.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// `text` in lines of at most `width` characters, broken at spaces where it can be.
    static func wrapped(_ text: String, width: Int, style: ReadStyle = []) -> [ReadLine] {
        let width = max(1, width)
        var lines: [ReadLine] = []
        var current = ""
        for word in visible(text).split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !current.isEmpty, current.count + 1 + word.count <= width {
                current += " " + word
                continue
            }
            if !current.isEmpty { lines.append(ReadLine(current, style)) }
            while word.count > width {
                lines.append(ReadLine(String(word.prefix(width)), style))
                word = word.dropFirst(width)
            }
            current = String(word)
        }
        if !current.isEmpty || lines.isEmpty { lines.append(ReadLine(current, style)) }
        return lines
    }
}
