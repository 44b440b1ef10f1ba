import Testing
import TidingsStore

/// Poll statuses are typed in the store's protocol and kept as the text `tidings sources` always
/// showed ("200", "304", "read", "timeout" …), so rows written before they were typed read back.
@Suite("Poll statuses")
struct PollStatusTests {
    static let all: [PollStatus] =
        [.http(200), .http(304), .http(404), .http(503), .fileRead, .fileUnchanged, .unreadable, .notRecorded]
        + PollStatus.FetchFailure.allCases.map(PollStatus.failed)

    @Test("each status is stored as its text and read back as itself", arguments: all)
    func roundTrip(_ status: PollStatus) {
        #expect(PollStatus(stored: status.description) == status)
    }

    @Test("the texts are the ones earlier builds stored")
    func texts() {
        #expect(PollStatus.http(304).description == "304")
        #expect(PollStatus.failed(.tooLarge).description == "too_large")
        #expect(PollStatus.failed(.badURL).description == "bad_url")
        #expect(PollStatus.unreadable.description == "invalid")
        #expect(PollStatus.fileUnchanged.description == "unchanged")
    }

    @Test("a text this build does not know is kept as it is")
    func unknown() {
        #expect(PollStatus(stored: "quic_error") == .other("quic_error"))
        #expect(PollStatus(stored: "quic_error").description == "quic_error")
        #expect(PollStatus(stored: "999") == .other("999"))
    }
}
