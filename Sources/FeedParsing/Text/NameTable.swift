/// Up to 16 bytes of a name packed into two words, the last byte lowest: what `NameTable` is keyed
/// by. Two `UInt64`s rather than a `UInt128`, which needs iOS 18 / macOS 15 (the parser is part of
/// the SDK, whose floor is iOS 16 / macOS 13). The empty name is zero, which the table uses for
/// "no key".
///
/// What a lookup touches is `@inlinable`: `ArticleExtraction` reads every tag's kind from a table of
/// its own, and across the module boundary an unspecialized generic subscript looked its metadata
/// up at run time for every tag (4 % of an extraction's time in `perf`).
package struct PackedName: Hashable, Sendable {
    @usableFromInline var high: UInt64 = 0
    @usableFromInline var low: UInt64 = 0

    package static let zero = PackedName()

    @inlinable
    package init() {}

    /// The bytes as they are (no case folding); nil for more than 16.
    @inline(__always)
    package init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 16 else { return nil }
        for index in 0..<bytes.count { append(bytes[index]) }
    }

    /// This name followed by `byte`; the first byte of a 17th is shifted out.
    @inlinable
    package mutating func append(_ byte: UInt8) {
        high = high << 8 | low >> 56
        low = low << 8 | UInt64(byte)
    }
}

/// A fixed open-addressing hash table from packed names: one multiply and usually one probe, where
/// `Dictionary` would run SipHash for every tag and attribute.
package struct NameTable<Value: Sendable>: Sendable {
    @usableFromInline var keys: [PackedName]
    @usableFromInline var values: [Value?]
    @usableFromInline let shift: UInt64

    package init(_ entries: [PackedName: Value]) {
        var bits: UInt64 = 4
        while 1 << bits < entries.count * 4 { bits += 1 }
        shift = 64 - bits
        keys = Array(repeating: .zero, count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
        for (key, value) in entries {
            var slot = slot(key)
            while keys[slot] != .zero { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            values[slot] = value
        }
    }

    @inlinable
    package subscript(key: PackedName) -> Value? {
        var slot = slot(key)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == .zero { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    @inlinable
    func slot(_ key: PackedName) -> Int {
        let mixed = (key.low ^ key.high &* 0x9E37_79B9) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> shift)
    }
}
