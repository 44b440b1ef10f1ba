/// The answer of `POST /api/v1/events`: how many events were accepted, how many were already in the
/// log, and which were refused, by their index in the request.
public struct EventsReport: Codable, Hashable, Sendable {
    /// One refused event.
    public struct Rejection: Codable, Hashable, Sendable {
        public var index: Int
        public var error: APIErrorBody.Detail

        public init(index: Int, error: APIErrorBody.Detail) {
            self.index = index
            self.error = error
        }
    }

    public var accepted: Int
    public var duplicates: Int
    public var rejected: [Rejection]

    public init(accepted: Int, duplicates: Int, rejected: [Rejection]) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
    }
}
