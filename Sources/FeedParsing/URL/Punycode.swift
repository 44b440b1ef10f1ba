/// Punycode (RFC 3492), the encoding of internationalized domain labels as "xn--" ASCII labels.
///
/// Hosts go through a small part of UTS #46 only: lower-casing, the full stops mapped, Punycode.
/// The mapping table (compatibility forms, ignored characters) and the validity and bidi checks
/// are left out; hosts as feeds write them are covered. Labels are limited to 63 code points (the
/// DNS limit; the algorithm is quadratic in a label's length and no longer label resolves).
enum Punycode {
    static let maxLabelLength = 63

    private static let base: UInt32 = 36
    private static let tMin: UInt32 = 1
    private static let tMax: UInt32 = 26
    private static let skew: UInt32 = 38
    private static let damp: UInt32 = 700
    private static let initialBias: UInt32 = 72
    private static let initialN: UInt32 = 128

    /// The ASCII form of a label's code points (without "xn--"), or nil on overflow or length.
    static func encode(_ input: [UInt32]) -> [UInt8]? {
        guard input.count <= maxLabelLength else { return nil }
        var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = UInt32(output.count)
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        while handled < input.count {
            guard let m = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= UInt32.max - step else { return nil }
            delta += step
            n = m
            for value in input {
                if value < n {
                    guard delta < UInt32.max else { return nil }
                    delta += 1
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The code points of an ASCII label (without "xn--"), or nil when it is not valid Punycode.
    static func decode(_ input: ArraySlice<UInt8>) -> [UInt32]? {
        guard input.count <= maxLabelLength else { return nil }
        let delimiter = input.lastIndex(of: UInt8(ascii: "-"))
        var output: [UInt32] = []
        if let delimiter {
            for byte in input[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
        }
        var index = delimiter.map { $0 + 1 } ?? input.startIndex
        var n = initialN
        var i: UInt32 = 0
        var bias = initialBias
        while index < input.endIndex {
            let old = i
            var weight: UInt32 = 1
            var k = base
            while true {
                guard index < input.endIndex, let value = digitValue(input[index]) else { return nil }
                index += 1
                let (product, overflow) = value.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= UInt32.max - product else { return nil }
                i += product
                let t = threshold(k, bias)
                if value < t { break }
                let (next, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { return nil }
                weight = next
                k += base
            }
            let count = UInt32(output.count + 1)
            bias = adapt(i - old, count, first: old == 0)
            guard n <= UInt32.max - i / count else { return nil }
            n += i / count
            i %= count
            guard n >= 0x80, Unicode.Scalar(n) != nil else { return nil }
            output.insert(n, at: Int(i))
            i += 1
        }
        return output
    }

    private static func threshold(_ k: UInt32, _ bias: UInt32) -> UInt32 {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    private static func adapt(_ delta: UInt32, _ count: UInt32, first: Bool) -> UInt32 {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: UInt32) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }
}
