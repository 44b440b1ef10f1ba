import Foundation
import Testing
import TidingsModel

@testable import TidingsServer

/// Header values read on bytes (`HeaderValue`) read as the Foundation string code before them did.
@Suite("Header values")
struct HeaderValueTests {
    @Test(
        "a media type is the part before its parameters, trimmed, in lower case",
        arguments: [
            ("application/json", "application/json"), ("Application/JSON; charset=utf-8", "application/json"),
            (" text/html ;charset=utf-8", "text/html"), ("\ttext/plain\t", "text/plain"), ("", ""), (";", ""),
            ("image/svg+xml;", "image/svg+xml"), ("Текст/X", "Текст/x"),
        ])
    func mediaType(_ value: String, _ expected: String) {
        #expect(HeaderValue.mediaType(value) == expected)
    }

    @Test(
        "a bearer token: the scheme in any case, the token trimmed",
        arguments: [
            ("Bearer abc", "abc"), ("bearer abc", "abc"), ("BEARER  abc \t", "abc"), ("Bearer ", ""),
            ("Bearer", nil), ("Bearerabc", nil), ("Basic abc", nil), ("", nil), ("Beärer abc", nil),
        ] as [(String, String?)])
    func bearer(_ value: String, _ expected: String?) {
        #expect(HeaderValue.credentials(value, scheme: "bearer") == expected)
    }

    @Test("an events report written directly is the encoder's bytes")
    func eventsReport() throws {
        for report in [
            EventsReport(accepted: 1, duplicates: 0, rejected: []),
            EventsReport(accepted: 0, duplicates: 12, rejected: []),
            EventsReport(
                accepted: 1, duplicates: 0,
                rejected: [.init(index: 1, error: .init(code: "x", message: "y \"z\" / w", field: nil))]),
        ] {
            let written = try EventsController.encoded(report)
            #expect(Data(written.readableBytesView) == (try TidingsJSON.encoder().encode(report)))
        }
    }
}
