/// A key the reader acts on, decoded from the bytes a terminal in raw mode sends.
enum ReadKey: Hashable, Sendable {
    case up
    case down
    case enter
    /// Esc, Backspace or `b`.
    case back
    case character(Character)

    /// The keys in one read from the terminal. An escape sequence arrives in one read, so ESC
    /// followed by nothing is the Esc key; unknown sequences are skipped.
    static func decode(_ bytes: [UInt8]) -> [ReadKey] {
        var keys: [ReadKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x1B:
                guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O")
                else {
                    keys.append(.back)
                    continue
                }
                // CSI / SS3: parameters, then one final byte in 0x40…0x7E.
                var end = index + 1
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                if end < bytes.count {
                    if bytes[end] == UInt8(ascii: "A") { keys.append(.up) }
                    if bytes[end] == UInt8(ascii: "B") { keys.append(.down) }
                }
                index = end + 1
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.back)
            case 0x00..<0x80:
                keys.append(.character(Character(Unicode.Scalar(byte))))
            default:
                // The rest of a UTF-8 letter: the reader's keys are all ASCII.
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            }
        }
        return keys
    }
}
