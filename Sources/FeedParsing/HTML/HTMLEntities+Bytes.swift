/// Character references looked up from their bytes: the sanitizer, the plain-text writer and the
/// XML text decoder meet `&rsquo;` and `&#8217;` in almost every entry, and building a String to
/// look each one up in a `[String: String]` (SipHash) cost more than copying the text around it.
extension HTMLEntities {
    /// `character(for:)` of the name between "&" and ";", read from its bytes.
    static func character(bytes name: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = name.first else { return nil }
        guard first == UInt8(ascii: "#") else {
            return name.count <= 16 ? namedByKey[key(name)] : nil
        }
        // Plain digits only; anything else ("#+65", "#x") keeps `character(for:)`'s reading.
        guard let value = referenceNumber(UnsafeBufferPointer(rebasing: name.dropFirst())) else {
            return character(for: String(decoding: name, as: UTF8.self))
        }
        return numericCharacter(value)
    }

    /// The value of "233" or "xE9" (after "#") when it is only digits, within the lengths
    /// `character(for:)` reads (eight decimal digits, six hexadecimal); nil otherwise. The XML text
    /// decoder reads numeric references with it too.
    static func referenceNumber(_ digits: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard let first = digits.first else { return nil }
        var value: UInt32 = 0
        if first == UInt8(ascii: "x") || first == UInt8(ascii: "X") {
            guard digits.count > 1, digits.count <= 7 else { return nil }
            for digit in digits.dropFirst() {
                let lower = digit | 0x20
                switch lower {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(lower - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(lower - UInt8(ascii: "a") + 10)
                default: return nil
                }
            }
            return value
        }
        guard digits.count <= 8 else { return nil }
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt32(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// Up to 16 name bytes packed, as written (names are case-sensitive).
    private static func key(_ name: UnsafeBufferPointer<UInt8>) -> PackedName {
        var key = PackedName()
        for byte in name { key.append(byte) }
        return key
    }

    private static let namedByKey: NameTable<String> = {
        var entries: [PackedName: String] = [:]
        for (name, character) in named {
            var name = name
            name.withUTF8 { entries[key($0)] = character }
        }
        return NameTable(entries)
    }()
}
