import Testing
import TidingsIngest

/// When a source is fetched next.
struct PollScheduleTests {
    let schedule = PollSchedule(interval: 900, floor: 60, ceiling: 6 * 3600)

    @Test func withoutHintsTheConfiguredIntervalIsUsed() {
        #expect(schedule.afterSuccess(freshness: nil, documentHint: nil) == 900)
    }

    @Test func theLargerHintWinsWithinFloorAndCeiling() {
        #expect(schedule.afterSuccess(freshness: 300, documentHint: 1800) == 1800)
        #expect(schedule.afterSuccess(freshness: 7200, documentHint: 60) == 7200)
        #expect(schedule.afterSuccess(freshness: 5, documentHint: nil) == 60, "the floor")
        #expect(schedule.afterSuccess(freshness: 86_400 * 7, documentHint: nil) == 6 * 3600, "the ceiling")
    }

    @Test func maxAgeZeroIsNotAnInterval() {
        #expect(schedule.afterSuccess(freshness: 0, documentHint: nil) == 900)
    }

    @Test func failuresBackOffExponentiallyUpToTheCeiling() {
        let delays = (1...10).map { schedule.afterFailure(failures: $0, retryAfter: nil) }
        #expect(delays == [60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 21600])
    }

    @Test func retryAfterIsHonouredButCapped() {
        #expect(schedule.afterFailure(failures: 1, retryAfter: 600) == 600)
        #expect(schedule.afterFailure(failures: 1, retryAfter: 86_400) == 6 * 3600)
    }

    @Test func jitterStretchesByAtMostTenPercentAndIsFixedPerSource() {
        let jitter = PollSchedule.jitter(for: "https://a.example/rss")
        #expect((0..<1).contains(jitter))
        #expect(jitter == PollSchedule.jitter(for: "https://a.example/rss"))
        let delay = schedule.afterSuccess(freshness: nil, documentHint: nil, jitter: jitter)
        #expect(delay >= 900 && delay < 990)
        let spread = Set((0..<50).map { PollSchedule.jitter(for: "https://a.example/\($0)") })
        #expect(spread.count > 40, "sources configured together spread out")
    }
}
