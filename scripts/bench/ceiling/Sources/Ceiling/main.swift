import Foundation
import HTTPTypes
import Hummingbird

// Usage: Ceiling PORT DIR
// Serves each DIR/NAME.body at /NAME with the headers in DIR/NAME.headers (lines "Name: value",
// as `curl -D` writes them; the status line, Date, Content-Length, Connection and
// Transfer-Encoding are left to the framework, as it sets them for Tidings too).
let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: Ceiling PORT DIR\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[2])
let skipped: Set<String> = ["date", "content-length", "connection", "transfer-encoding"]
let router = Router()
let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".body") }
for file in names {
    let name = String(file.dropLast(".body".count))
    let body = ByteBuffer(bytes: try Data(contentsOf: directory.appendingPathComponent(file)))
    var headers = HTTPFields()
    let written = (try? String(contentsOf: directory.appendingPathComponent(name + ".headers"), encoding: .utf8)) ?? ""
    for line in written.split(whereSeparator: \.isNewline) {
        guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("HTTP/") else { continue }
        let field = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !skipped.contains(field.lowercased()), let fieldName = HTTPField.Name(field) else { continue }
        headers.append(HTTPField(name: fieldName, value: value))
    }
    let fields = headers
    router.get(RouterPath(name)) { _, _ in Response(status: .ok, headers: fields, body: .init(byteBuffer: body)) }
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
print("ceiling: \(names.count) bodies, listening on 127.0.0.1:\(port)")
try await app.runService()
