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
        (start + count).initialize(from: from, count: source.count)
        count += source.count
    }

    func append(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { append($0) }
    }

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
