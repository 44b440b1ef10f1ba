/// A key the reader acts on, decoded from the bytes a terminal in raw mode sends.
enum ReadKey: Hashable, Sendable {
    case up
    case down
    case pageUp
    case pageDown
    case home
    case end
    case enter
    /// Esc.
    case back
    /// Backspace: back, as Esc, except while a search is typed, where it erases a letter.
    case erase
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
                    let parameters = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                    switch (bytes[end], parameters) {
                    case (UInt8(ascii: "A"), _): keys.append(.up)
                    case (UInt8(ascii: "B"), _): keys.append(.down)
                    case (UInt8(ascii: "H"), _): keys.append(.home)
                    case (UInt8(ascii: "F"), _): keys.append(.end)
                    // xterm and VT220 both: ESC[5~ ESC[6~, ESC[1~ (or 7) Home, ESC[4~ (or 8) End.
                    case (UInt8(ascii: "~"), "5"): keys.append(.pageUp)
                    case (UInt8(ascii: "~"), "6"): keys.append(.pageDown)
                    case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): keys.append(.home)
                    case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): keys.append(.end)
                    default: break
                    }
                }
                index = end + 1
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.erase)
            case 0x00..<0x80:
                keys.append(.character(Character(Unicode.Scalar(byte))))
            default:
                // A UTF-8 letter (a search typed in Norwegian or Russian): its continuation bytes
                // with it; a broken sequence is skipped.
                var end = index
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                if let text = String(validating: bytes[(index - 1)..<end], as: UTF8.self), let letter = text.first,
                    text.count == 1
                {
                    keys.append(.character(letter))
                }
                index = end
            }
        }
        return keys
    }
}
