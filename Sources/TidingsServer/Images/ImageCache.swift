import Crypto
import Foundation
import Hummingbird
import Logging
import Metrics
import TidingsModel
import TidingsStore

/// Fetched images on disk, bounded: one file per image URL (`ab/abcdef….png`, named by the SHA-256
/// of the URL), at most `capacity` bytes in all; past that the least recently used go. The most
/// recently served are also kept in memory (at most `memoryCapacity` bytes), so a hot image is
/// answered without touching the disk.
///
/// The index is read from the directory on first use and then kept by this process; files are
/// written to a temporary name and renamed, so a reader never sees half an image. Servers may
/// share the directory, each bounding what it knows of.
final class ImageCache: Sendable {
    /// One cached image.
    struct Image: Sendable {
        var body: ByteBuffer
        var type: ImageType
        /// A strong validator: the first 16 hex digits of the body's SHA-256.
        var etag: String
    }

    private struct Entry {
        var bytes: Int
        var type: ImageType
        var lastUse: UInt64
    }

    private struct State {
        var index: [String: Entry]?
        var total = 0
        var tick: UInt64 = 0
        var memory: [String: (image: Image, lastUse: UInt64)] = [:]
        var memoryTotal = 0
    }

    let directory: URL
    let capacity: Int
    let memoryCapacity: Int
    private let state = Locked(State())
    private let logger: Logger
    /// Lookups answered from memory, from disk, and not at all (`tidings_cache_lookups_total`).
    private let lookups: (memory: Counter, disk: Counter, miss: Counter)

    init(directory: String, capacity: Int, memoryCapacity: Int = 32 << 20, logger: Logger) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        self.capacity = capacity
        self.memoryCapacity = min(memoryCapacity, capacity)
        self.logger = logger
        _ = TidingsMetrics.registry
        let counter = { (result: String) in
            Counter(label: MetricCatalog.cacheLookupsTotal.name, dimensions: [("cache", "images"), ("result", result)])
        }
        lookups = (counter("hit"), counter("hit_disk"), counter("miss"))
    }

    /// The cache's name for `url`.
    static func key(_ url: String) -> String { Hex.string(SHA256.hash(data: Array(url.utf8))) }

    /// The image kept for `key`, from memory or disk.
    func image(_ key: String) -> Image? {
        loadIndex()
        let found: (hot: Image?, type: ImageType?) = state.withLock { state in
            state.tick += 1
            state.index?[key]?.lastUse = state.tick
            if let hot = state.memory[key] {
                state.memory[key]?.lastUse = state.tick
                return (hot.image, nil)
            }
            return (nil, state.index?[key]?.type)
        }
        if let hot = found.hot {
            lookups.memory.increment()
            return hot
        }
        guard let type = found.type, let data = FileManager.default.contents(atPath: file(key, type).path) else {
            lookups.miss.increment()
            return nil
        }
        lookups.disk.increment()
        let image = Self.image(Array(data), type: type)
        remember(key, image)
        return image
    }

    /// Keeps `bytes` for `key` (on disk, and in memory), dropping the least recently used beyond
    /// the capacity. A failure to write is logged; the image is still served this time.
    @discardableResult
    func store(_ bytes: [UInt8], type: ImageType, for key: String) -> Image {
        let image = Self.image(bytes, type: type)
        guard bytes.count <= capacity else { return image }
        loadIndex()
        let target = file(key, type)
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(key).\(UUID().uuidString)")
            try Data(bytes).write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            logger.warning("images: cannot keep \(key) in \(directory.path): \(error)")
            return image
        }
        let evicted: [(String, ImageType)] = state.withLock { state in
            state.tick += 1
            if let old = state.index?[key] { state.total -= old.bytes }
            state.index?[key] = Entry(bytes: bytes.count, type: type, lastUse: state.tick)
            state.total += bytes.count
            var evicted: [(String, ImageType)] = []
            if state.total > capacity, let index = state.index {
                for (name, entry) in index.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                    guard state.total > capacity else { break }
                    guard name != key else { continue }
                    state.index?[name] = nil
                    state.total -= entry.bytes
                    if let hot = state.memory.removeValue(forKey: name) {
                        state.memoryTotal -= hot.image.body.readableBytes
                    }
                    evicted.append((name, entry.type))
                }
            }
            return evicted
        }
        for (name, type) in evicted { try? FileManager.default.removeItem(at: file(name, type)) }
        remember(key, image)
        return image
    }

    /// Bytes this process knows to be in the directory.
    var size: Int {
        loadIndex()
        return state.withLock { $0.total }
    }

    private func file(_ key: String, _ type: ImageType) -> URL {
        directory.appendingPathComponent(String(key.prefix(2)), isDirectory: true)
            .appendingPathComponent("\(key).\(type.fileExtension)")
    }

    /// `bytes` as an image to serve, with its validator.
    static func image(_ bytes: [UInt8], type: ImageType) -> Image {
        Image(body: ByteBuffer(bytes: bytes), type: type, etag: String(Hex.string(SHA256.hash(data: bytes)).prefix(16)))
    }

    /// Keeps `image` in memory, dropping the least recently served beyond `memoryCapacity`.
    private func remember(_ key: String, _ image: Image) {
        let bytes = image.body.readableBytes
        guard bytes <= memoryCapacity / 8 else { return }
        state.withLock { state in
            state.tick += 1
            if let old = state.memory.updateValue((image, state.tick), forKey: key) {
                state.memoryTotal -= old.image.body.readableBytes
            }
            state.memoryTotal += bytes
            guard state.memoryTotal > memoryCapacity else { return }
            for (name, hot) in state.memory.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard state.memoryTotal > memoryCapacity else { break }
                guard name != key else { continue }
                state.memory[name] = nil
                state.memoryTotal -= hot.image.body.readableBytes
            }
        }
    }

    /// The index, read from the directory the first time: every `xx/<key>.<type>` file, oldest
    /// modification first (a restart keeps the order of use only as far as writes show it).
    private func loadIndex() {
        if state.withLock({ $0.index != nil }) { return }
        var found: [(key: String, entry: Entry, modified: Date)] = []
        let manager = FileManager.default
        let shards = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        for shard in shards where shard.utf8.count == 2 {
            let folder = directory.appendingPathComponent(shard, isDirectory: true)
            for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let parts = name.split(separator: ".")
                guard parts.count == 2, parts[0].utf8.count == 64, let type = ImageType(rawValue: String(parts[1])),
                    let attributes = try? manager.attributesOfItem(atPath: folder.appendingPathComponent(name).path),
                    let bytes = (attributes[.size] as? NSNumber)?.intValue
                else { continue }
                let modified = attributes[.modificationDate] as? Date ?? .distantPast
                found.append((String(parts[0]), Entry(bytes: bytes, type: type, lastUse: 0), modified))
            }
        }
        found.sort { $0.modified < $1.modified }
        state.withLock { state in
            guard state.index == nil else { return }
            var index: [String: Entry] = [:]
            for (order, item) in found.enumerated() {
                index[item.key] = Entry(bytes: item.entry.bytes, type: item.entry.type, lastUse: UInt64(order))
                state.total += item.entry.bytes
            }
            state.tick = max(state.tick, UInt64(found.count))
            state.index = index
        }
    }
}
