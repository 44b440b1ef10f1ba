/// The image formats the proxy passes on, told by their first bytes — never by the Content-Type an
/// origin sends, which can say `image/png` over an HTML page. Only raster formats come from the
/// network; SVG, which can carry script, is served only from the operator's own directories
/// (`images.local`), and then under the image responses' sandboxing CSP.
enum ImageType: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp, avif, svg

    /// The Content-Type the proxy answers with.
    var contentType: String {
        switch self {
        case .svg: "image/svg+xml"
        default: "image/\(rawValue)"
        }
    }

    /// The file name extension cached images keep.
    var fileExtension: String { rawValue }

    /// What the proxy asks origins for.
    static let accept = "image/avif, image/webp, image/png, image/jpeg, image/gif;q=0.9, */*;q=0.1"

    /// The raster type `bytes` starts like, or nil for anything else (HTML, SVG, PDF, HEIC, …).
    static func raster(_ bytes: [UInt8]) -> ImageType? {
        if starts(bytes, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(bytes, with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(bytes, with: Array("GIF87a".utf8)) || starts(bytes, with: Array("GIF89a".utf8)) { return .gif }
        if starts(bytes, with: Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if isAVIF(bytes) { return .avif }
        return nil
    }

    /// A raster type, or SVG: for files of the operator's own (`images.local`).
    static func local(_ bytes: [UInt8]) -> ImageType? {
        raster(bytes) ?? (isSVG(bytes) ? .svg : nil)
    }

    /// An ISO-BMFF file whose `ftyp` box names `avif` or `avis` as its major or a compatible brand
    /// (HEIC and MP4 share the box and name other brands).
    private static func isAVIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return false }
        let size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 16, size <= bytes.count, size % 4 == 0 else { return false }
        let brands = [8] + Array(stride(from: 16, to: size, by: 4))
        return brands.contains { offset in
            let brand = Array(bytes[offset..<offset + 4])
            return brand == Array("avif".utf8) || brand == Array("avis".utf8)
        }
    }

    /// An SVG document: after an optional byte order mark, white space, XML declaration, doctype and comments,
    /// the first element is `<svg`.
    private static func isSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        var rest = Substring(head)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<svg") { return true }
            let closing =
                rest.hasPrefix("<?") ? "?>" : rest.hasPrefix("<!--") ? "-->" : rest.hasPrefix("<!") ? ">" : nil
            guard let closing, let end = rest.range(of: closing) else { return false }
            rest = rest[end.upperBound...]
        }
    }

    private static func starts(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
    }
}
