/// A text as a JSON string literal, for JSON written by hand (a page's fixed parts, a log line):
/// quotes, backslashes and control characters escaped, and U+2028/U+2029 too, so the literal is
/// also safe inside a script.
package enum JSONStringLiteral {
    /// `text` quoted and escaped, appended to `out`.
    package static func append(_ text: String, to out: inout String) {
        out.reserveCapacity(out.utf8.count + text.utf8.count + 2)
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `text` quoted and escaped.
    package static func quoted(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }
}
