import Foundation
import Logging

/// swift-log's line for people — "2026-11-24T23:53:08+0000 info tidings: key=value [TidingsRuntime]
/// message" — as swift-log's `StreamLogHandler` writes it. `StreamLogHandler` itself renders all
/// of its metadata whenever the metadata changes, which a server does on every request (its request
/// id) while writing a line for few of them; ``LineLogHandler`` renders it only for a line.
public enum TextLogLine {
    public static func render(_ event: LogEvent, label: String, fields: Logger.Metadata) -> String {
        var fields = fields
        fields.nameRequestID()
        if let error = event.error {
            fields["error.message"] = "\(error)"
            fields["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        var line = Self.timestamp(time(nil)) + " \(event.level)" + (label.isEmpty ? "" : " ") + label + ":"
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        line += " [\(event.source)] \(event.message)\n"
        return line
    }

    /// "2026-11-24T23:53:08+0000", in the process's time zone.
    static func timestamp(_ seconds: time_t) -> String {
        var seconds = seconds
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
