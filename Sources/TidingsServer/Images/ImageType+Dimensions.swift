/// Width and height as a raster image's header states them, read without decoding it: what a
/// browser will allocate for it. Each format's own layout: PNG's IHDR, JPEG's start-of-frame
/// marker, GIF's logical screen, WebP's VP8/VP8L/VP8X headers, AVIF's largest `ispe` property.
extension ImageType {
    /// The image's width and height, or nil when the header does not say (cut or malformed).
    static func dimensions(of bytes: [UInt8], type: ImageType) -> (width: Int, height: Int)? {
        switch type {
        case .png: png(bytes)
        case .jpeg: jpeg(bytes)
        case .gif: bytes.count >= 10 ? (le16(bytes, 6), le16(bytes, 8)) : nil
        case .webp: webp(bytes)
        case .avif: avif(bytes)
        case .svg: nil
        }
    }

    /// IHDR must be the first chunk: length 13, then width and height, big-endian.
    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (be32(bytes, 16), be32(bytes, 20))
    }

    /// The first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC): precision, height, width.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            // Fill bytes, and markers that stand alone (TEM, RSTn).
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = be16(bytes, offset + 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { return nil }
                return (be16(bytes, offset + 7), be16(bytes, offset + 5))
            }
            // Start of scan before any frame: no size to read.
            if marker == 0xDA { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// RIFF, then the first chunk: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`, the
    /// canvas).
    private static func webp(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return (le16(bytes, 26) & 0x3FFF, le16(bytes, 28) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (le24(bytes, 24) + 1, le24(bytes, 27) + 1)
        default:
            return nil
        }
    }

    /// The largest image spatial extent (`ispe`: version and flags, then width and height,
    /// big-endian) among the item properties — a grid's tiles and thumbnails have their own.
    private static func avif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let tag = Array("ispe".utf8)
        var best: (width: Int, height: Int)?
        var offset = 4
        let end = min(bytes.count, 1 << 20) - 16
        while offset < end {
            if bytes[offset] == tag[0], bytes[offset + 1] == tag[1], bytes[offset + 2] == tag[2],
                bytes[offset + 3] == tag[3], be32(bytes, offset - 4) == 20
            {
                let size = (be32(bytes, offset + 8), be32(bytes, offset + 12))
                if size.0 * size.1 > (best.map { $0.width * $0.height } ?? -1) { best = size }
                offset += 16
            } else {
                offset += 1
            }
        }
        return best
    }

    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func le24(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }
    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
}
