import Foundation

extension String {
    /// The text without U+0000, which PostgreSQL cannot store in text columns.
    var withoutNUL: String {
        guard utf8.contains(0) else { return self }
        return String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self)
    }
}
