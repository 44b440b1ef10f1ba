#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as its bytes in network order, read and written with `inet_pton`/`inet_ntop`.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address bytes: 4 for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// An address from its bytes; nil unless there are 4 or 16.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses the textual forms `inet_pton` accepts (`10.0.0.5`, `::1`, `::ffff:127.0.0.1`); brackets are not.
    public init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// True for an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address an IPv6 address carries: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible
    /// (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) or 6to4 (`2002:AABB:CCDD::`); nil otherwise.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let head = bytes[0..<12]
        if head.elementsEqual(Self.mappedPrefix)
            || head.elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0])
        {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        if head.allSatisfy({ $0 == 0 }) && bytes[12..<16].contains(where: { $0 != 0 }) && self != Self.loopback6 {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        if bytes[0] == 0x20 && bytes[1] == 0x02 {
            return IPAddress(bytes: Array(bytes[2..<6]))
        }
        return nil
    }

    /// The IPv4 address an IPv4-mapped address (`::ffff:a.b.c.d`) stands for; otherwise the address itself.
    public var unmapped: IPAddress {
        guard bytes.count == 16, bytes[0..<12].elementsEqual(Self.mappedPrefix) else { return self }
        return IPAddress(bytes: Array(bytes[12..<16]))!
    }

    /// True when the first `bits` bits equal those of `prefix` (of the same family).
    public func hasPrefix(_ prefix: IPAddress, bits: Int) -> Bool {
        guard prefix.bytes.count == bytes.count, bits >= 0, bits <= bytes.count * 8 else { return false }
        for index in 0..<(bits / 8) where bytes[index] != prefix.bytes[index] { return false }
        let rest = bits % 8
        guard rest > 0 else { return true }
        let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - rest))
        return bytes[bits / 8] & mask == prefix.bytes[bits / 8] & mask
    }

    /// The address as `inet_ntop` writes it.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(isIPv4 ? AF_INET : AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
    private static let loopback6 = IPAddress(bytes: Array(repeating: 0, count: 15) + [1])!
}
