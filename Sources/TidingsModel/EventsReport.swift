/// The answer of `POST /api/v1/events`: how many events were accepted, how many were already in the
/// log, and which were refused, by their index in the request. When nothing was accepted or a
/// duplicate (a 409 or 422), `error` repeats the refusal that decided the status, so the body is
/// also the one error envelope.
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
    /// The refusal that decided an error status; absent on a 200.
    public var error: APIErrorBody.Detail?

    public init(accepted: Int, duplicates: Int, rejected: [Rejection], error: APIErrorBody.Detail? = nil) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
        self.error = error
    }
}
