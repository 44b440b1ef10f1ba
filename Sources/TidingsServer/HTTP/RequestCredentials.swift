import HTTPTypes
import Hummingbird

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
}

extension Request {
    /// The token of `Authorization: Bearer TOKEN` (the scheme in any case, the token trimmed);
    /// nil without such a header.
    var bearerToken: String? {
        headers[.authorization].flatMap { HeaderValue.credentials($0, scheme: "bearer") }
    }

    /// The addresses proxies named in `X-Forwarded-For`, in order (the last one added by the
    /// proxy nearest to us); empty without the header.
    var forwardedFor: [String] {
        headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// Whether two secrets are equal, compared in time that does not depend on which byte differs.
func constantTimeEqual(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
}
