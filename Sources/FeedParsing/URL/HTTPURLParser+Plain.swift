extension HTTPURLParser {
    /// How a plain relative reference joins its base.
    enum PlainReference: Equatable {
        /// "//host/path": the base's scheme, then the reference (see ``HTTPURL/plainReference(_:)``).
        case schemeRelative
        /// "/a/b": the base's origin, then the reference.
        case pathAbsolute
        /// "a/b": the base's path up to its last "/", then the reference.
        case pathRelative
        /// "?q": the base's whole path, then the reference.
        case query
        /// "#f": the base's path and query, then the reference.
        case fragment
    }

    /// The kind of `reference` when it is plain: no scheme, nothing to percent-encode or clean, no
    /// "\" and no segment that could be a dot segment, so that resolving it keeps its bytes as
    /// they are. Nil for anything else, an empty reference and "//" included.
    static func plainReference(_ reference: UnsafeBufferPointer<UInt8>) -> PlainReference? {
        guard let first = reference.first else { return nil }
        let kind: PlainReference
        var start = 0
        switch first {
        case UInt8(ascii: "/"):
            // "//" and "/\" start an authority.
            if reference.count > 1, isSlash(reference[1]) { return nil }
            kind = .pathAbsolute
            start = 1
        case UInt8(ascii: "?"): kind = .query
        case UInt8(ascii: "#"): kind = .fragment
        default:
            // "mailto:x" or "http:x" has a scheme; "a/b:c" and "1:x" do not.
            if schemeEnd(reference) != nil { return nil }
            kind = .pathRelative
        }
        // A "?" or "#" first ends the (empty) path at once.
        return isCanonicalPath(reference, from: start, segmentStart: start) ? kind : nil
    }
}

extension HTTPURL {
    /// How a plain reference joins this URL: what ``HTTPURLParser/plainReference(_:)`` says, or
    /// ``HTTPURLParser/PlainReference/schemeRelative`` for "//host/path" when the rest is canonical
    /// for this URL's scheme. Nil when the reference needs the parser.
    func plainReference(_ reference: UnsafeBufferPointer<UInt8>) -> HTTPURLParser.PlainReference? {
        if reference.count >= 2, reference[0] == UInt8(ascii: "/"), HTTPURLParser.isSlash(reference[1]) {
            // Scheme-relative: only the scheme is taken, and the rest must be canonical as it is.
            guard reference[1] == UInt8(ascii: "/"),
                HTTPURLParser.canonicalForm(reference, hostAt: 2, defaultPort: scheme.defaultPort) == .canonical
            else { return nil }
            return .schemeRelative
        }
        return HTTPURLParser.plainReference(reference)
    }

    /// The start of this URL's serialization that a plain reference of kind `kind` continues
    /// unchanged.
    func prefix(for kind: HTTPURLParser.PlainReference) -> ArraySlice<UInt8>? {
        switch kind {
        case .schemeRelative: return serializedBytes[..<(scheme.prefixCount - 2)]
        case .pathAbsolute: return origin
        case .pathRelative:
            // A parsed path always has a "/"; the parser's shortening drops what follows the last.
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return nil }
            return serializedBytes[...slash]
        case .query: return serializedBytes[..<path.endIndex]
        case .fragment: return withoutFragment
        }
    }

    /// The start of this URL's serialization that `reference`, resolved against it, continues
    /// unchanged; nil when the reference needs the parser. Most relative links in feeds
    /// ("/2024/05/post", "img/a.jpg", "?page=2", "//cdn.example.com/a.jpg") are plain, and their
    /// resolution is then this prefix followed by the reference's bytes: no copy of the base's
    /// parts, no path rebuilt byte by byte.
    func plainPrefix(for reference: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8>? {
        plainReference(reference).flatMap { prefix(for: $0) }
    }

    /// `reference` resolved against this URL when it is plain, as bytes; else nil.
    func resolvingPlain(_ reference: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let prefix = plainPrefix(for: reference) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(prefix.count + reference.count)
        output.append(contentsOf: prefix)
        output.append(contentsOf: reference)
        return output
    }
}
