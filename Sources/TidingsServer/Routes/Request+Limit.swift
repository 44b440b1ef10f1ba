import Hummingbird

extension Request {
    /// The `limit` query parameter: `standard` when absent, else a whole number from 1 to
    /// `maximum`; anything else is a 400 naming the field.
    func limit(standard: Int, maximum: Int) throws -> Int {
        guard let text = uri.queryParameters["limit"].map(String.init) else { return standard }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw HTTPAPIError(
                .badRequest, code: "invalid_parameter",
                message: "api: limit must be a whole number from 1 to \(maximum)", field: "limit")
        }
        return value
    }
}

extension Request {
    /// A query parameter a reader typed (a search's `q`), read as HTML forms send it: `+` is a
    /// space (a form's GET writes spaces so), `%2B` a plus, other escapes decoded; an escape that
    /// decodes to no text is kept as written. The name is compared as written, as Hummingbird's
    /// `queryParameters` does. Nil when absent; the first when given twice.
    func typed(_ name: String) -> String? {
        guard let query = uri.query else { return nil }
        func decoded(_ part: Substring) -> String {
            let spaced = part.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == name else { continue }
            return parts.count > 1 ? decoded(parts[1]) : ""
        }
        return nil
    }
}
