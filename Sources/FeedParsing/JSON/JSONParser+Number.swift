/// Numbers, in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
extension JSONParser {
    /// The number at `index`. Integers of up to 15 digits (ids, sizes, durations: nearly all a
    /// feed has) are exact in a `Double` and computed here; the rest are read by the standard
    /// library from their text. Too large for a `Double` (`1e400`) gives an infinity, which
    /// ``JSONValue/string`` refuses: that field is lost, not the document.
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit, found \(found)") }
        var integer: UInt64 = 0
        var digits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("a number starts with a leading zero") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                integer = integer &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
        }
        var exact = digits <= 15
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try digitRun()
            exact = false
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try digitRun()
            exact = false
        }
        if exact { return negative ? -Double(integer) : Double(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // The grammar was checked above, and the standard library reads all of it.
        return Double(text) ?? .nan
    }

    /// One or more digits, as a fraction or an exponent needs.
    private mutating func digitRun() throws(JSONSyntaxError) {
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit, found \(found)") }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
