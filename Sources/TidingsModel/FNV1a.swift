/// 64-bit FNV-1a: the same value for the same bytes on every run and platform (Swift's `Hasher`
/// is seeded per process), for what is stored or compared across processes.
public struct FNV1a: Sendable {
    /// The hash of what was added so far.
    public var value: UInt64

    /// A hash of nothing yet; a seed makes a different function of the same bytes.
    @inlinable public init(seed: UInt64 = 0) { value = 0xCBF2_9CE4_8422_2325 ^ seed }

    @inlinable public mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }

    @inlinable public mutating func add(bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    @inlinable public mutating func add(_ text: String) { add(bytes: text.utf8) }

    /// The number's four bytes, least significant first.
    @inlinable public mutating func add(_ number: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { add(UInt8(truncatingIfNeeded: number >> UInt32(shift))) }
    }

    @inlinable public static func hash(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(text)
        return hash.value
    }
}
