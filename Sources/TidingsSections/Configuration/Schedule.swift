import Foundation
import Yams

/// When a placement rule is in force: from `start` (an embargo) until `end` (an expiry), either
/// open. `start: 2026-12-02T18:00:00+01:00, end: 2026-12-03T00:00:00+01:00` in the file.
public struct Schedule: Sendable, Hashable {
    public var start: Date?
    public var end: Date?

    public init(start: Date? = nil, end: Date? = nil) {
        self.start = start
        self.end = end
    }

    /// Always in force.
    public var isAlways: Bool { start == nil && end == nil }

    /// Whether the rule is in force at `now`: from its start, before its end.
    public func contains(_ now: Date) -> Bool {
        (start.map { $0 <= now } ?? true) && (end.map { now < $0 } ?? true)
    }

    /// Whether the two are ever in force at once.
    public func overlaps(_ other: Schedule) -> Bool {
        let startsBefore = { (start: Date?, end: Date?) in
            guard let start, let end else { return true }
            return start < end
        }
        return startsBefore(start, other.end) && startsBefore(other.start, end)
    }

    /// Its boundaries after `now`.
    func changes(after now: Date) -> [Date] {
        [start, end].compactMap { $0 }.filter { $0 > now }
    }
}

extension Placement {
    /// The rules in force at `now`, the others left out.
    public func scheduled(at now: Date) -> Placement {
        var placement = self
        if let ads, !ads.schedule.contains(now) { placement.ads = nil }
        placement.widgets.removeAll { !$0.schedule.contains(now) }
        placement.notifications.removeAll { !$0.schedule.contains(now) }
        return placement
    }

    /// The next moment after `now` at which a rule starts or ends, if any.
    public func nextChange(after now: Date) -> Date? {
        var dates = ads.map { $0.schedule.changes(after: now) } ?? []
        for widget in widgets { dates += widget.schedule.changes(after: now) }
        for notification in notifications { dates += notification.schedule.changes(after: now) }
        return dates.min()
    }
}

extension BrandsReader {
    /// A rule's `start` and `end` (RFC 3339 times, either left out); `end` must come after `start`.
    func schedule(_ fields: [String: ConfigNode]) throws -> Schedule {
        func time(_ key: String) throws -> Date? {
            guard let node = fields[key] else { return nil }
            let text = try node.string()
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw node.error("must be a time such as 2026-12-02T18:00:00+01:00, not \"\(text)\"")
            }
            return date
        }
        let schedule = Schedule(start: try time("start"), end: try time("end"))
        if let start = schedule.start, let end = schedule.end, end <= start, let node = fields["end"] {
            throw node.error("must come after start (\(start.formatted(.iso8601))): the rule would never be in force")
        }
        return schedule
    }
}

extension BrandsWriter {
    /// A rule's schedule as the reader takes it.
    static func schedule(_ schedule: Schedule) -> [(String, Node)] {
        var fields: [(String, Node)] = []
        if let start = schedule.start { fields.append(("start", Node(start.formatted(.iso8601)))) }
        if let end = schedule.end { fields.append(("end", Node(end.formatted(.iso8601)))) }
        return fields
    }
}
