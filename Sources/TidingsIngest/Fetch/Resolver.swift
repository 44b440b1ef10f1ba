import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resolves host names with `getaddrinfo`, which blocks, on NIO's thread pool for blocking work so the
/// cooperative pool stays free.
enum Resolver {
    /// Why a name did not resolve: `getaddrinfo`'s own words.
    struct Failure: Error {
        var reason: String
    }

    /// Every address `host` resolves to, in `getaddrinfo`'s order, without duplicates.
    static func addresses(of host: String) async throws -> [IPAddress] {
        try await NIOThreadPool.singleton.runIfActive { try lookUp(host) }
    }

    private static func lookUp(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else { throw Failure(reason: String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var next = list
        while let entry = next?.pointee {
            next = entry.ai_next
            guard let address = entry.ai_addr.flatMap(ipAddress), !addresses.contains(address) else { continue }
            addresses.append(address)
        }
        guard !addresses.isEmpty else { throw Failure(reason: "no IPv4 or IPv6 address") }
        return addresses
    }

    private static func ipAddress(_ socket: UnsafeMutablePointer<sockaddr>) -> IPAddress? {
        switch Int32(socket.pointee.sa_family) {
        case AF_INET:
            var raw = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            return IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) })
        case AF_INET6:
            var raw = socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            return IPAddress(bytes: withUnsafeBytes(of: &raw) { Array($0) })
        default:
            return nil
        }
    }
}
