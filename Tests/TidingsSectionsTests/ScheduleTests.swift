import Foundation
import Testing
import TidingsModel

@testable import TidingsSections

/// Ads, widgets and cards with `start` and `end`: read, checked, written back, in force only
/// between them.
struct ScheduleTests {
    static let yaml = """
        brands:
          - id: courier
            name: Courier
            sections:
              - id: news
                title: News
                source: {type: feed, url: "https://courier.example/rss"}
                placement:
                  ads: {every: 5, start: "2026-12-02T18:00:00Z"}
                  widgets:
                    - {position: 4, kind: weather, location: {city: Oslo}}
                    - {position: 2, kind: list, section: news, end: "2026-12-02T18:00:00+01:00"}
                    - {position: 2, kind: carousel, section: news, start: "2026-12-02T17:00:00Z"}
                  notifications:
                    - {id: election, kind: campaign, text: Live, start: "2026-12-02T18:00:00+01:00", end: "2026-12-03T00:00:00+01:00"}
        """

    static let evening = Date(timeIntervalSince1970: 1_796_230_800)  // 2026-12-02T17:00:00Z

    @Test("start and end are read (any offset), kept by the writer, and rules are in force between them")
    func readWriteAndForce() throws {
        let brands = try BrandsWriterTests.load(Self.yaml)
        let placement = brands[0].sections[0].placement
        let card = try #require(placement.notifications.first)
        #expect(card.schedule == Schedule(start: Self.evening, end: Self.evening + 6 * 3600))
        #expect(placement.ads?.schedule == Schedule(start: Self.evening + 3600))
        #expect(placement.widgets.map(\.schedule.isAlways) == [true, false, false])
        // Written and read again: the same rules.
        let again = try BrandsWriterTests.load(try BrandsWriter.yaml(brands))
        #expect(again == brands)
        // In force only between start and end.
        #expect(placement.scheduled(at: Self.evening - 1).notifications.isEmpty)
        #expect(placement.scheduled(at: Self.evening).notifications.map(\.id) == ["election"])
        #expect(placement.scheduled(at: Self.evening + 6 * 3600).notifications.isEmpty, "the end is not in")
        #expect(placement.scheduled(at: Self.evening - 1).widgets.map(\.kind) == [.weather, .list])
        #expect(placement.scheduled(at: Self.evening).widgets.map(\.kind) == [.weather, .carousel])
        #expect(placement.scheduled(at: Self.evening).ads == nil)
        #expect(placement.scheduled(at: Self.evening + 3600).ads != nil)
        // The moments a server drops its pages at.
        #expect(placement.nextChange(after: Self.evening - 60) == Self.evening)
        #expect(placement.nextChange(after: Self.evening) == Self.evening + 3600)
        #expect(placement.nextChange(after: Self.evening + 6 * 3600) == nil)
    }

    @Test("an end not after its start, a time that is not one, and two widgets at one place at once are refused")
    func refused() throws {
        func message(_ yaml: String) -> String {
            do {
                _ = try BrandsWriterTests.load(yaml)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        let backwards = Self.yaml.replacingOccurrences(
            of: "end: \"2026-12-03T00:00:00+01:00\"", with: "end: \"2026-12-02T17:00:00Z\"")
        #expect(message(backwards).contains("end must come after start"), "\(message(backwards))")
        let notATime = Self.yaml.replacingOccurrences(of: "start: \"2026-12-02T18:00:00Z\"", with: "start: tonight")
        #expect(message(notATime).contains("start must be a time such as"), "\(message(notATime))")
        let overlapping = Self.yaml.replacingOccurrences(
            of: "end: \"2026-12-02T18:00:00+01:00\"", with: "end: \"2026-12-02T18:00:01+01:00\"")
        #expect(
            message(overlapping).contains("second widget at position 2 at the same time"), "\(message(overlapping))")
    }

    @Test("schedules overlap when they share a moment; touching ends do not")
    func overlaps() {
        let six = Self.evening
        #expect(Schedule().overlaps(Schedule(start: six)))
        #expect(Schedule(end: six).overlaps(Schedule(start: six)) == false)
        #expect(Schedule(end: six + 1).overlaps(Schedule(start: six)))
        #expect(Schedule(start: six, end: six + 10).overlaps(Schedule(start: six + 5, end: six + 20)))
        #expect(Schedule(start: six, end: six + 10).overlaps(Schedule(start: six + 10)) == false)
    }
}
