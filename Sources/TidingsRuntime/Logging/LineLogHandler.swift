import Foundation
import Logging
import TidingsModel
import TidingsServer

/// How `tidings` writes its log (`log.format`, `TIDINGS_LOG_FORMAT`).
public enum LogFormat: String, Sendable, CaseIterable {
    /// swift-log's lines for people: "2026-11-24T23:53:08+0000 info tidings: [TidingsRuntime] …"
    /// (``TextLogLine``).
    case text
    /// One JSON object per line for a log collector (``JSONLogLine``).
    case json

    /// Makes every logger of the process write in this format; once, before any logger is made.
    public func bootstrap() {
        LoggingSystem.bootstrap(
            { label, provider in handler(label: label, metadataProvider: provider) }, metadataProvider: nil)
    }

    /// A handler writing this format's lines, to standard error unless `write` says where.
    public func handler(
        label: String, metadataProvider: Logger.MetadataProvider? = nil,
        write: @escaping @Sendable (String) -> Void = LineLogHandler.standardError
    ) -> LineLogHandler {
        let render: LineLogHandler.Render =
            switch self {
            case .text: { TextLogLine.render($0, label: $1, fields: $2) }
            case .json: { JSONLogLine.render($0, label: $1, fields: $2) }
            }
        return LineLogHandler(label: label, metadataProvider: metadataProvider, render: render, write: write)
    }
}

/// A log handler that writes each record as one line: the logger's metadata, its metadata
/// provider's and the call's merged (the call's winning) and rendered only when a line is written —
/// a server changes a logger's metadata on every request (its request id) and writes a line for few
/// of them (docs/benchmarks.md, what every request pays). `LogFormat.handler` makes one of each
/// format.
public struct LineLogHandler: LogHandler {
    /// The line of one record, from its label and its merged metadata, with its newline.
    public typealias Render = @Sendable (_ event: LogEvent, _ label: String, _ fields: Logger.Metadata) -> String

    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    let label: String
    private let render: Render
    private let write: @Sendable (String) -> Void

    public init(
        label: String, metadataProvider: Logger.MetadataProvider? = nil, render: @escaping Render,
        write: @escaping @Sendable (String) -> Void = LineLogHandler.standardError
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.render = render
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
        if let given = event.metadata { fields.merge(given) { $1 } }
        write(render(event, label, fields))
    }

    /// One `write(2)` per line, so lines of concurrent loggers never interleave.
    public static let standardError: @Sendable (String) -> Void = { line in
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

extension Logger.Metadata {
    /// The request's id, kept under Hummingbird's key (``requestIDMetadataKey``; the request-id
    /// middleware puts a caller's id there), as the line's `request_id` — one id a line, in either
    /// format (``JSONLogLine``, ``TextLogLine``).
    mutating func nameRequestID() {
        guard let id = removeValue(forKey: requestIDMetadataKey) else { return }
        if self["request_id"] == nil { self["request_id"] = id }
    }
}

/// Each record as one line of JSON on standard error: `time` (UTC, milliseconds), `level`,
/// `label`, `source` (the module that logged), `message`, then every metadata value as a field of
/// its own, so a collector filters on `request_id`, `source_id` or `status` without parsing
/// messages.
public enum JSONLogLine {
    public static func render(_ event: LogEvent, label: String, fields: Logger.Metadata) -> String {
        var fields = fields
        fields.nameRequestID()
        var line = "{\"time\":"
        Self.append(string: Self.timestamp(Date()), to: &line)
        line += ",\"level\":"
        Self.append(string: event.level.rawValue, to: &line)
        line += ",\"label\":"
        Self.append(string: label, to: &line)
        line += ",\"source\":"
        Self.append(string: event.source, to: &line)
        line += ",\"message\":"
        Self.append(string: event.message.description, to: &line)
        for key in fields.keys.sorted() where !Self.reserved.contains(key) {
            line += ","
            Self.append(string: key, to: &line)
            line += ":"
            Self.append(fields[key]!, to: &line)
        }
        line += "}\n"
        return line
    }

    /// Fields every line has; metadata of the same name is left out rather than written twice.
    static let reserved: Set<String> = ["time", "level", "label", "source", "message"]

    static func append(_ value: Logger.Metadata.Value, to line: inout String) {
        switch value {
        case .string(let text): append(string: text, to: &line)
        case .stringConvertible(let convertible): append(value: convertible, to: &line)
        case .array(let values):
            line += "["
            for (index, element) in values.enumerated() {
                if index > 0 { line += "," }
                append(element, to: &line)
            }
            line += "]"
        case .dictionary(let values):
            line += "{"
            for (index, key) in values.keys.sorted().enumerated() {
                if index > 0 { line += "," }
                append(string: key, to: &line)
                line += ":"
                append(values[key]!, to: &line)
            }
            line += "}"
        }
    }

    static func append(string text: String, to line: inout String) { JSONStringLiteral.append(text, to: &line) }

    /// Numbers and booleans stay what they are (`"failures":3`, `"duration_ms":34.13`, `"cut":true`),
    /// so a collector sums and compares them; anything else is written as its description. A number
    /// JSON cannot hold (infinity, NaN) is written as a string.
    static func append(value: any CustomStringConvertible & Sendable, to line: inout String) {
        switch value {
        case let flag as Bool: line += flag ? "true" : "false"
        case let number as any BinaryInteger: line += number.description
        case let number as Double where number.isFinite: line += number.description
        case let number as Float where number.isFinite: line += number.description
        default: append(string: value.description, to: &line)
        }
    }

    /// "2026-11-24T23:53:08.123Z".
    static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
