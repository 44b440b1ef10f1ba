extension Settings {
    /// docs/configuration.md's table of every key, made from the rows themselves (the documentation
    /// is checked against it: `DocumentedConfigurationTests`).
    public static var markdownTable: String {
        let rows = keys.map { key in
            "| `\(key.path)` | `\(key.variable)` | \(cell(key.defaultValue)) | \(cell(key.meaning)) |"
        }
        return (["| key | variable | default | meaning |", "| --- | --- | --- | --- |"] + rows).joined(separator: "\n")
    }

    /// `text` in a table cell: a `|` would end the cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
