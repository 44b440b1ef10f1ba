import CompressNIO
import HTTPTypes
import Hummingbird
import TidingsModel
import TidingsStore

/// Compresses text responses — JSON, HTML, feeds (RSS, Atom, JSON Feed, OPML), CSS, JavaScript,
/// SVG, plain text — with gzip, or deflate, when the request's `Accept-Encoding` takes one and the
/// body is at least `minimumBytes` (smaller ones gain nothing for the work). The ETag becomes
/// weak: the compressed bytes are another representation of the same content, and
/// `If-None-Match` matches the weak form. `Vary: Accept-Encoding` goes on every response of a
/// compressible type it sees, compressed or not, so a cache in between keeps them apart; it sits
/// inside the error envelope, so errors thrown by routes are enveloped after it and carry none (they
/// are never compressed: only 200s are).
///
/// Pages with an ETag are the same bytes served many times, so their compressed bytes are kept,
/// keyed by the plain bytes and the coding (`CompressedBodies`): such a page is compressed once
/// per version, not once per request.
struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    var minimumBytes = 1024
    let cache = CompressedBodies()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        // The three headers read in one pass: each `headers[name]` walks every field and joins
        // what it finds, which cost a kept page's answer 5 % of the server (docs/benchmarks.md).
        var contentType: String?
        var etag: String?
        for field in response.headers {
            switch field.name {
            case .contentEncoding: return response
            case .contentType: contentType = contentType ?? field.value
            case .eTag: etag = etag ?? field.value
            default: continue
            }
        }
        guard Self.isCompressible(contentType) else { return response }
        response.headers[values: .vary].append("Accept-Encoding")
        guard request.method != .head, response.status.code == 200,
            let encoding = Self.encoding(accepted: request.headers[values: .acceptEncoding]),
            (response.body.contentLength ?? minimumBytes) >= minimumBytes
        else { return response }
        let body = try await Self.collect(response.body)
        guard body.readableBytes >= minimumBytes else {
            response.body = .init(byteBuffer: body)
            return response
        }
        // A response with an ETag is bytes served again and again (a cached page or feed):
        // compressed well, once, and kept. One without (an API answer made for one request) is
        // compressed fast and forgotten, so it never pushes the kept ones out.
        let stable = etag != nil
        let compressed: ByteBuffer
        if let etag, let kept = cache[body, encoding, etag: etag] {
            compressed = kept
        } else {
            let configuration = ZlibConfiguration(
                compressionLevel: stable ? .defaultCompressionLevel : .fastestCompression)
            // HTTP's "deflate" is the zlib format (RFC 9110 8.4.1.2), not raw deflate.
            var input = body
            compressed = try input.compress(
                with: encoding == "gzip" ? .gzip(configuration: configuration) : .zlib(configuration: configuration))
            if let etag { cache[body, encoding, etag: etag] = compressed }
        }
        response.headers[.contentEncoding] = encoding
        response.headers[.contentLength] = String(compressed.readableBytes)
        if let etag, !etag.hasPrefix("W/") { response.headers[.eTag] = "W/" + etag }
        response.body = .init(byteBuffer: compressed)
        return response
    }

    /// Whether a response of this type is text worth compressing.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = HeaderValue.mediaType(contentType)
        // An event stream is written as it happens: collecting it to compress would hold it back.
        if type == "text/event-stream" { return false }
        return type.hasPrefix("text/") || compressibleTypes.contains(type)
    }

    /// The coding to answer with: gzip, else deflate, as far as `Accept-Encoding` takes them
    /// (a `q=0` refuses one; `*` takes gzip); nil for identity. Read on the bytes: every request
    /// of a compressible type asks (docs/benchmarks.md, what every request pays).
    static func encoding(accepted values: [String]) -> String? {
        var gzip: Double?
        var deflate: Double?
        var star: Double?
        for value in values {
            for item in value.utf8.split(separator: UInt8(ascii: ",")) {
                var parameters = item.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)[...]
                guard let first = parameters.popFirst() else { continue }
                let name = HeaderValue.trimmed(Substring(first).utf8)
                var weight = 1.0
                for parameter in parameters {
                    let parameter = HeaderValue.trimmed(Substring(parameter).utf8)
                    guard parameter.count >= 2, parameter.first! | 0x20 == UInt8(ascii: "q"),
                        parameter.dropFirst().first == UInt8(ascii: "=")
                    else { continue }
                    weight = Double(Substring(parameter.dropFirst(2))) ?? 0
                }
                if HeaderValue.equalsIgnoringCase(name, "gzip") {
                    gzip = weight
                } else if HeaderValue.equalsIgnoringCase(name, "deflate") {
                    deflate = weight
                } else if name.elementsEqual("*".utf8) {
                    star = weight
                }
            }
        }
        if let weight = gzip ?? star, weight > 0 { return "gzip" }
        if let weight = deflate, weight > 0 { return "deflate" }
        return nil
    }

    /// The whole body as one buffer.
    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let kept = Collector.Kept()
        try await body.write(Collector(kept: kept))
        return kept.buffer
    }

    /// A body writer that keeps what it is given, in `kept` (the writer itself is consumed).
    struct Collector: ResponseBodyWriter {
        final class Kept {
            var buffer = ByteBuffer()
        }
        let kept: Kept

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            kept.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

/// Compressed bodies kept by their plain bytes and coding, the oldest dropped first past
/// `limitBytes` (plain and compressed bytes counted). Bodies over `maxBodyBytes` are not kept.
final class CompressedBodies: Sendable {
    /// Equal when the plain bytes are, but hashed by the body's ETag and length, not its bytes:
    /// hashing a 14 KB page on every request cost more than the rest of a kept gzip answer's
    /// lookup (docs/benchmarks.md). Bodies sharing an ETag only share a bucket; their bytes still
    /// tell them apart.
    struct Key: Hashable {
        var plain: ByteBuffer
        var encoding: String
        var etag: String

        func hash(into hasher: inout Hasher) {
            hasher.combine(etag)
            hasher.combine(encoding)
            hasher.combine(plain.readableBytes)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.etag == rhs.etag && lhs.encoding == rhs.encoding && lhs.plain == rhs.plain
        }
    }

    private struct State {
        var entries: [Key: ByteBuffer] = [:]
        var order: [Key] = []
        var first = 0
        var bytes = 0
    }

    let limitBytes: Int
    let maxBodyBytes: Int
    private let state = Locked(State())
    private let lookups = CacheLookups("compressed_bodies")

    init(limitBytes: Int = 32 << 20, maxBodyBytes: Int = 1 << 20) {
        self.limitBytes = limitBytes
        self.maxBodyBytes = maxBodyBytes
    }

    subscript(plain: ByteBuffer, encoding: String, etag etag: String) -> ByteBuffer? {
        get {
            guard plain.readableBytes <= maxBodyBytes else { return nil }
            let found = state.withLock { $0.entries[Key(plain: plain, encoding: encoding, etag: etag)] }
            lookups.count(found: found != nil)
            return found
        }
        set {
            guard let newValue, plain.readableBytes <= maxBodyBytes else { return }
            let key = Key(plain: plain, encoding: encoding, etag: etag)
            state.withLock { state in
                guard state.entries.updateValue(newValue, forKey: key) == nil else { return }
                state.order.append(key)
                state.bytes += plain.readableBytes + newValue.readableBytes
                while state.bytes > limitBytes, state.first < state.order.count {
                    let oldest = state.order[state.first]
                    state.first += 1
                    if let dropped = state.entries.removeValue(forKey: oldest) {
                        state.bytes -= oldest.plain.readableBytes + dropped.readableBytes
                    }
                }
                if state.first > 1024, state.first * 2 > state.order.count {
                    state.order.removeFirst(state.first)
                    state.first = 0
                }
            }
        }
    }

    /// How many bodies are kept (for tests).
    var count: Int { state.withLock { $0.entries.count } }
}

/// The media types other than `text/*` that ``CompressionMiddleware`` compresses.
private let compressibleTypes: Set<String> = [
    "application/json", "application/feed+json", "application/problem+json", "application/rss+xml",
    "application/atom+xml", "application/xml", "application/javascript", "application/yaml", "image/svg+xml",
]
