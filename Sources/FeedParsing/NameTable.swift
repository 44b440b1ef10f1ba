/// A fixed open-addressing hash table from packed names: one multiply and usually one probe, where
/// `Dictionary` would run SipHash for every tag and attribute.
struct NameTable<Value: Sendable>: Sendable {
    private var keys: [UInt128]
    private var values: [Value?]
    private let shift: UInt64

    init(_ entries: [UInt128: Value]) {
        var bits: UInt64 = 4
        while 1 << bits < entries.count * 4 { bits += 1 }
        shift = 64 - bits
        keys = Array(repeating: 0, count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
        for (key, value) in entries {
            var slot = slot(key)
            while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            values[slot] = value
        }
    }

    subscript(key: UInt128) -> Value? {
        var slot = slot(key)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    private func slot(_ key: UInt128) -> Int {
        let mixed =
            (UInt64(truncatingIfNeeded: key) ^ UInt64(truncatingIfNeeded: key >> 64) &* 0x9E37_79B9)
            &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> shift)
    }
}
