import Foundation
import Testing

@testable import TidingsModel

/// The one single-flight the page cache, the image proxy and robots.txt share.
@Suite("Single flight")
struct SingleFlightTests {
    /// Work that waits until released, counting its runs.
    final class Gate: Sendable {
        let runs = Locked(0)
        let open = Locked(false)

        func work(_ value: String) async throws -> String {
            runs.withLock { $0 += 1 }
            while !open.current { try await Task.sleep(for: .milliseconds(2)) }
            return value
        }
    }

    @Test("callers of one key at once share one run and its result; other keys run on their own")
    func shares() async throws {
        let flight = SingleFlight<String, String>()
        let gate = Gate()
        let finished = Locked<[Bool]>([])
        try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                let key = index < 15 ? "a" : "b"
                group.addTask {
                    try await flight.value(for: key, work: { try await gate.work(key.uppercased()) }) { _, current in
                        finished.withLock { $0.append(current) }
                    }
                }
            }
            while flight.running < 2 { try await Task.sleep(for: .milliseconds(2)) }
            gate.open.withLock { $0 = true }
            var results: [String] = []
            for try await result in group { results.append(result) }
            #expect(results.sorted() == Array(repeating: "A", count: 15) + Array(repeating: "B", count: 5))
        }
        #expect(gate.runs.current == 2)
        #expect(finished.current == [true, true], "each run told once that it was current")
        #expect(flight.running == 0)
    }

    @Test("a forgotten run still answers its callers, is told it is not current, and the next caller starts afresh")
    func forgets() async throws {
        let flight = SingleFlight<String, String>()
        let gate = Gate()
        let told = Locked<[Bool]>([])
        let first = Task {
            try await flight.value(for: "k", work: { try await gate.work("old") }) { _, current in
                told.withLock { $0.append(current) }
            }
        }
        while flight.running < 1 { try await Task.sleep(for: .milliseconds(2)) }
        flight.forget { $0 == "k" }
        #expect(flight.running == 0)
        let second = Task { try await flight.value(for: "k", work: { try await gate.work("new") }) }
        while flight.running < 1 { try await Task.sleep(for: .milliseconds(2)) }
        gate.open.withLock { $0 = true }
        #expect(try await first.value == "old")
        #expect(try await second.value == "new")
        #expect(gate.runs.current == 2 && told.current == [false])
    }

    @Test("a run's error reaches every caller of it, and the key is free again")
    func fails() async throws {
        struct Broken: Error {}
        let flight = SingleFlight<Int, Int>()
        await #expect(throws: Broken.self) { try await flight.value(for: 1, work: { throw Broken() }) }
        let seven: @Sendable () async throws -> Int = { 7 }
        #expect(try await flight.value(for: 1, work: seven) == 7)
    }
}
