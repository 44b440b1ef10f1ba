/// A growable run of bytes that the sanitizer and the plain-text writer write their output into.
///
/// `[UInt8].append(contentsOf:)` checks uniqueness, reserves and copies through an iterator on
/// every call, and those loops append short runs (a word, a tag name, `&amp;`) millions of times:
/// that overhead was a tenth of parsing a feed. Here an append is a capacity check and a copy. A
/// class, so that the structs holding one are not copied with it; never shared between threads.
final class ByteBuffer {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The bytes written so far; valid until the next append.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    subscript(index: Int) -> UInt8 { start[index] }

    /// The bytes as a String (invalid UTF-8 repaired, as `String(decoding:as:)` does).
    var string: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress, source.count > 0 else { return }
        if count + source.count > capacity { grow(toHold: count + source.count) }
        if source.count <= 16 {
            Self.copyShort(from, to: start + count, count: source.count)
        } else {
            (start + count).initialize(from: from, count: source.count)
        }
        count += source.count
    }

    /// Copies 1 to 16 bytes with at most two loads and two stores, which may overlap: most appends
    /// are that short (a word, a tag, `&amp;`), and a call to `memcpy` cost more than the copy.
    /// Nothing is read or written outside the `count` bytes.
    @inline(__always)
    private static func copyShort(_ from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, count: Int) {
        let source = UnsafeRawPointer(from)
        let target = UnsafeMutableRawPointer(to)
        if count >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else {
            // 1 to 3 bytes: the first, the last and the middle one (some of them the same byte).
            to[0] = from[0]
            to[count - 1] = from[count - 1]
            to[count / 2] = from[count / 2]
        }
    }

    func append(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)  // the count is then a constant, and the short copy's branches fold away
    func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Forgets the bytes from `mark` on.
    func truncate(to mark: Int) {
        count = min(count, max(0, mark))
    }

    func reserve(_ wanted: Int) {
        if wanted > capacity { grow(toHold: wanted) }
    }

    @inline(never)
    private func grow(toHold needed: Int) {
        let grown = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }
}
