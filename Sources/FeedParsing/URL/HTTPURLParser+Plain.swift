extension HTTPURLParser {
    /// How a plain relative reference joins its base.
    enum PlainReference: Equatable {
        /// "/a/b": the base's origin, then the reference.
        case pathAbsolute
        /// "a/b": the base's path up to its last "/", then the reference.
        case pathRelative
        /// "?q": the base's whole path, then the reference.
        case query
        /// "#f": the base's path and query, then the reference.
        case fragment
    }

    /// Resolves `reference` against `base` and appends the serialized result to `output`, when the
    /// reference is plain enough that the result is its bytes behind a part of the base: no
    /// scheme, nothing to percent-encode or clean, no "\" and no segment that could be a dot
    /// segment. Most relative links in feeds ("/2024/05/post", "img/a.jpg") are; the parser would
    /// copy the base, rebuild the path byte by byte and serialize it all again. Returns false,
    /// leaving `output` as it was, for anything else, which the parser must read.
    static func resolvePlain(
        _ reference: UnsafeBufferPointer<UInt8>, against base: HTTPURL, into output: inout [UInt8]
    ) -> Bool {
        if reference.count >= 2, reference[0] == UInt8(ascii: "/"), isSlash(reference[1]) {
            return resolveSchemeRelative(reference, scheme: base.scheme, into: &output)
        }
        guard let kind = plainReference(reference) else { return false }
        var prefix = base.path[...]
        switch kind {
        case .pathAbsolute: prefix = []
        case .pathRelative:
            // A parsed base's path always has a "/"; one built by hand without it is the parser's.
            guard let slash = base.path.lastIndex(of: UInt8(ascii: "/")) else { return false }
            prefix = base.path[...slash]
        case .query, .fragment: break
        }
        let query = kind == .fragment ? base.query : nil
        output.reserveCapacity(
            output.count + base.originCount + prefix.count + (query.map { $0.count + 1 } ?? 0) + reference.count)
        base.appendOrigin(to: &output)
        output.append(contentsOf: prefix)
        if let query {
            output.append(UInt8(ascii: "?"))
            output.append(contentsOf: query)
        }
        output.append(contentsOf: reference)
        return true
    }

    /// "//host/path" (scheme-relative) takes the base's scheme and nothing else; the result is
    /// kept when it is canonical as it stands.
    private static func resolveSchemeRelative(
        _ reference: UnsafeBufferPointer<UInt8>, scheme: HTTPURL.Scheme, into output: inout [UInt8]
    ) -> Bool {
        let mark = output.count
        output.reserveCapacity(mark + 6 + reference.count)
        output.append(contentsOf: scheme == .http ? "http:".utf8 : "https:".utf8)
        output.append(contentsOf: reference)
        let canonical = output.withUnsafeBufferPointer { isCanonical(UnsafeBufferPointer(rebasing: $0[mark...])) }
        if !canonical { output.removeSubrange(mark...) }
        return canonical
    }

    /// The kind of `reference` when it is plain (see ``resolvePlain(_:against:into:)``), else nil.
    /// An empty reference is left to the parser.
    static func plainReference(_ reference: UnsafeBufferPointer<UInt8>) -> PlainReference? {
        let n = reference.count
        guard let first = reference.first else { return nil }
        let kind: PlainReference
        var i = 0
        switch first {
        case UInt8(ascii: "/"):
            // "//" and "/\" start an authority, which resolvePlain reads apart.
            if n > 1, isSlash(reference[1]) { return nil }
            kind = .pathAbsolute
            i = 1
        case UInt8(ascii: "?"): kind = .query
        case UInt8(ascii: "#"): kind = .fragment
        default:
            // "mailto:x" or "http:x" has a scheme; "a/b:c" and "1:x" do not.
            if schemeEnd(reference) != nil { return nil }
            kind = .pathRelative
        }
        if kind == .pathAbsolute || kind == .pathRelative {
            let path = PercentEncodeSet.path
            var segmentStart = i
            while true {
                let byte = i < n ? reference[i] : UInt8(ascii: "#")
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                    if mayBeDotSegment(reference, segmentStart..<i) { return nil }
                    guard byte == UInt8(ascii: "/") else { break }
                    segmentStart = i + 1
                } else if byte == UInt8(ascii: "\\") || path.contains(byte) {
                    return nil
                }
                i += 1
            }
        }
        if kind != .fragment, i < n, reference[i] == UInt8(ascii: "?") {
            i += 1
            let query = PercentEncodeSet.specialQuery
            while i < n, reference[i] != UInt8(ascii: "#") {
                if query.contains(reference[i]) { return nil }
                i += 1
            }
        }
        if i < n {  // "#"
            let fragment = PercentEncodeSet.fragment
            for index in (i + 1)..<n where fragment.contains(reference[index]) { return nil }
        }
        return kind
    }
}
