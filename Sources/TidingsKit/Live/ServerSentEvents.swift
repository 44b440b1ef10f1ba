import Foundation

/// One Server-Sent Event, as the HTML standard's event-stream parsing gives it.
public struct ServerSentEvent: Sendable, Hashable {
    /// `event:`; "message" when the stream names none.
    public var name: String
    /// The last `id:` seen so far in the stream (the id a reconnect sends as `Last-Event-ID`).
    public var id: String?
    /// The `data:` lines, joined by newlines.
    public var data: String

    public init(name: String = "message", id: String? = nil, data: String) {
        self.name = name
        self.id = id
        self.data = data
    }
}

/// Reads `text/event-stream` bytes as they arrive, in chunks cut anywhere: lines end with CR, LF
/// or CRLF; a blank line dispatches the event gathered; `:` lines are comments (heartbeats).
/// Lines are bounded (`lineLimit`), so a stream that never ends a line cannot grow memory.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var lastWasCR = false
    private var name = ""
    private var data: [String] = []
    private var hasData = false
    /// The last event id (it outlives the event that set it, as the standard says).
    public private(set) var lastEventID: String?
    /// The reconnection time the stream asked for with `retry:`, in milliseconds.
    public private(set) var retry: Int?
    /// Longest line kept, in bytes; the rest of a longer line is dropped.
    public let lineLimit: Int

    public init(lineLimit: Int = 64 * 1024) {
        self.lineLimit = lineLimit
    }

    /// The events `bytes` completes.
    public mutating func consume(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n"), lastWasCR {
                lastWasCR = false
                continue
            }
            lastWasCR = byte == UInt8(ascii: "\r")
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if let event = endLine() { events.append(event) }
            } else if line.count < lineLimit {
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            defer {
                name = ""
                data = []
                hasData = false
            }
            guard hasData else { return nil }
            return ServerSentEvent(
                name: name.isEmpty ? "message" : name, id: lastEventID, data: data.joined(separator: "\n"))
        }
        guard line.first != UInt8(ascii: ":") else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": name = String(value)
        case "data":
            data.append(String(value))
            hasData = true
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry": if let milliseconds = Int(value), milliseconds >= 0 { retry = milliseconds }
        default: break
        }
        return nil
    }
}
