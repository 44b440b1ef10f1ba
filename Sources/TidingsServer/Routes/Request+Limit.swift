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
