/// The one error envelope every endpoint uses: `{"error":{"code":"…","message":"…","field":…}}`.
public struct APIErrorBody: Codable, Hashable, Sendable, Error {
    /// The inner object.
    public struct Detail: Codable, Hashable, Sendable {
        /// Stable machine-readable code ("validation_failed", "not_found").
        public var code: String
        /// Human-readable message, starting with the subsystem.
        public var message: String
        /// The offending input field, when there is one.
        public var field: String?

        public init(code: String, message: String, field: String? = nil) {
            self.code = code
            self.message = message
            self.field = field
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try container.encode(field, forKey: .field)
        }

        enum CodingKeys: String, CodingKey { case code, message, field }
    }

    public var error: Detail

    public init(code: String, message: String, field: String? = nil) {
        self.error = Detail(code: code, message: message, field: field)
    }
}
