/// Line and column numbers for byte offsets, computed in one pass after parsing rather than
/// tracked on every byte while scanning.
enum TextPosition {
    /// 1-based (line, column) of each offset; columns count characters (UTF-8 lead bytes).
    static func locate(_ offsets: [Int], in bytes: UnsafeBufferPointer<UInt8>) -> [Int: (line: Int, column: Int)] {
        var result: [Int: (line: Int, column: Int)] = [:]
        var line = 1
        var column = 1
        var index = 0
        for offset in Set(offsets).sorted() {
            let target = min(offset, bytes.count)
            while index < target {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            result[offset] = (line, column)
        }
        return result
    }
}
