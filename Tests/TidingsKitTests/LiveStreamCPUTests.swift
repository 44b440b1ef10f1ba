import Foundation
import Testing
import TidingsModel

@testable import TidingsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An app that follows a feed live and otherwise does nothing must cost nothing: on Linux,
/// FoundationNetworking's URLSession kept a write-readiness source on the stream's socket after the
/// request was sent (curl asks for reading only, the old source is never removed) and woke
/// ~6,000 times a second — 50–70 % of a core for as long as the stream was open.
@Suite("A live stream at rest")
struct LiveStreamCPUTests {
    /// CPU seconds (user + system) this process has used.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// In a process of its own (so nothing else's work is counted), the default transport opens
    /// the section's stream and waits 5 s with it open and quiet (the server sends only its 15 s
    /// heartbeat). The child fails when it used more than 2 % of a core meanwhile.
    @Test("a stream open for 5 s uses at most 2 % of a core")
    func idle() async throws {
        try await ClientTests.withServer(items: [1, 2, 3]) { _, port, _, _ in
            await #expect(processExitsWith: .success) { [port = port as Int] in
                let client = ClientTests.client(port)
                let page = try await client.section(brand: "daily", section: "news")
                let link = try #require(page.updates)
                let updates = try #require(
                    try await client.liveUpdates(link, from: link.position), "the default transport streams")
                let reading = Task { for try await _ in updates {} }
                try await Task.sleep(for: .milliseconds(500))
                let (before, start) = (Self.cpuSeconds(), ContinuousClock.now)
                try await Task.sleep(for: .seconds(5))
                let used = Self.cpuSeconds() - before
                let elapsed = ContinuousClock.now - start
                let share = used / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                reading.cancel()
                #expect(share <= 0.02, "an idle stream used \(String(format: "%.1f", share * 100)) % of a core")
            }
        }
    }
}
