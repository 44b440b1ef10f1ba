import Foundation

extension SanitizedURL {
    /// Appends the usable candidates of the srcset `value` to `output` as "url 2x, url 400w":
    /// each URL checked like a src (http/https only), each descriptor a number and w, x or h; a
    /// candidate failing either is left out, and those after the first `limit` usable ones too.
    /// `url` is scratch space. Returns whether candidates were left out for the limit.
    static func srcset(
        _ value: [UInt8], into output: inout [UInt8], url: inout [UInt8], base: HTTPURL?, limit: Int
    ) -> Bool {
        var index = 0
        var kept = 0
        let count = value.count
        while true {
            while index < count, isSpace(value[index]) || value[index] == UInt8(ascii: ",") { index += 1 }
            guard index < count else { return false }
            guard kept < limit else { return true }
            let urlStart = index
            while index < count, !isSpace(value[index]) { index += 1 }
            var urlEnd = index
            var descriptors = index..<index
            if value[urlEnd - 1] == UInt8(ascii: ",") {
                // "a.jpg," ends the candidate: no descriptors.
                while urlEnd > urlStart, value[urlEnd - 1] == UInt8(ascii: ",") { urlEnd -= 1 }
            } else {
                while index < count, isSpace(value[index]) { index += 1 }
                let start = index
                var inParentheses = false
                while index < count {
                    let byte = value[index]
                    if byte == UInt8(ascii: "(") {
                        inParentheses = true
                    } else if byte == UInt8(ascii: ")") {
                        inParentheses = false
                    } else if byte == UInt8(ascii: ","), !inParentheses {
                        break
                    }
                    index += 1
                }
                descriptors = start..<index
            }
            url.removeAll(keepingCapacity: true)
            url.append(contentsOf: value[urlStart..<urlEnd])
            guard check(&url, rule: .media, base: base, iframeHosts: []) else { continue }
            // A URL that still ends in a comma (once control characters after it were dropped)
            // would read back as a candidate separator: written %2C, it stays one URL.
            var commas = 0
            while url.last == UInt8(ascii: ",") {
                url.removeLast()
                commas += 1
            }
            for _ in 0..<commas { url.append(contentsOf: "%2C".utf8) }
            let mark = output.count
            if !output.isEmpty { output.append(contentsOf: ", ".utf8) }
            output.append(contentsOf: url)
            if appendDescriptors(value[descriptors], to: &output) {
                kept += 1
            } else {
                output.removeLast(output.count - mark)
            }
        }
    }

    /// Appends " 2x" or " 400w" (lower-cased, single spaces) for each descriptor; false when one is
    /// not a number followed by w, x or h.
    private static func appendDescriptors(_ descriptors: ArraySlice<UInt8>, to output: inout [UInt8]) -> Bool {
        var index = descriptors.startIndex
        while index < descriptors.endIndex {
            if isSpace(descriptors[index]) {
                index += 1
                continue
            }
            let start = index
            while index < descriptors.endIndex, !isSpace(descriptors[index]) { index += 1 }
            let token = descriptors[start..<index]
            let unit = token.last! | 0x20
            let number = token.dropLast()
            guard unit == UInt8(ascii: "w") || unit == UInt8(ascii: "x") || unit == UInt8(ascii: "h"),
                number.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
                number.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") })
            else { return false }
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: number)
            output.append(unit)
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
