/// A set of words looked for among the whole words of an element's class or id — runs of letters
/// and digits, split where a lower-case letter meets an upper-case one (`relatedPosts` is
/// "related" and "posts"), compared without case — read on the attribute's bytes as they are, so
/// that asking it of every element of a page allocates nothing (the tests check it against the
/// same split done on a `String`).
struct NameWords: Sendable {
    /// The words, lower-case ASCII.
    private let words: [[UInt8]]
    /// Bit `n` set when a word has `n` bytes: most of a page's class words are ruled out by their
    /// length alone, without hashing (a `Set` of lengths hashed every word of every class).
    private let lengths: UInt64

    init(_ words: some Sequence<String>) {
        self.words = words.map { Array($0.lowercased().utf8) }
        lengths = self.words.reduce(0) { $1.count < 64 ? $0 | 1 << UInt64($1.count) : $0 }
    }

    /// Whether `node`'s class (and its id, unless `classOnly`) has one of the words.
    func named(_ node: HTMLTree.Node, in tree: HTMLTree, classOnly: Bool = false) -> Bool {
        // The flags say, from the tree's building, which of the two the element has at all: most
        // elements have neither, and their attributes are not searched.
        let flags = tree.flags[Int(node)]
        if flags.contains(.hasClass), let value = tree.rawAttribute(node, "class"), contains(value) { return true }
        if !classOnly, flags.contains(.hasID), let value = tree.rawAttribute(node, "id"), contains(value) {
            return true
        }
        return false
    }

    /// Whether one of the whole words of `value` is one of the words.
    func contains(_ value: ArraySlice<UInt8>) -> Bool {
        var start = value.startIndex
        var index = value.startIndex
        var previousLower = false
        while index < value.endIndex {
            let byte = value[index]
            let isLower = (0x61...0x7A).contains(byte)
            let isUpper = (0x41...0x5A).contains(byte)
            // Letters and digits; bytes of a multi-byte character count as letters.
            let isWordByte = isLower || isUpper || (0x30...0x39).contains(byte) || byte >= 0x80
            if !isWordByte {
                if start < index, matches(value[start..<index]) { return true }
                start = index + 1
                previousLower = false
            } else if isUpper, previousLower {
                if start < index, matches(value[start..<index]) { return true }
                start = index
                previousLower = false
            } else {
                previousLower = isLower
            }
            index += 1
        }
        return start < index && matches(value[start..<index])
    }

    private func matches(_ word: ArraySlice<UInt8>) -> Bool {
        guard word.count < 64, lengths & 1 << UInt64(word.count) != 0 else { return false }
        return words.contains { candidate in
            candidate.count == word.count
                && zip(candidate, word).allSatisfy { expected, byte in
                    expected == ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                }
        }
    }
}
