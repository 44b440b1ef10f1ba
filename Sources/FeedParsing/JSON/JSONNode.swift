/// A parsed JSON value for other targets of this package (the article extractor reads JSON-LD
/// with it): the parser's depth cap and loose reading, behind a wrapper so that `JSONValue` stays
/// internal (TidingsModel has a public type of that name).
package struct JSONNode {
    let value: JSONValue

    /// Nil when `text` is not JSON.
    package init?(parsing text: [UInt8]) {
        var dropped = false
        guard let value = try? JSONValue(parsing: text, dropped: &dropped) else { return nil }
        self.value = value
    }

    init(_ value: JSONValue) { self.value = value }

    /// The member named `key` of an object.
    package subscript(key: String) -> JSONNode? { value[key].map(JSONNode.init) }

    package var array: [JSONNode]? { value.array?.map(JSONNode.init) }

    /// A string value (not a number written as one).
    package var string: String? {
        switch value {
        case .string, .utf8: value.string
        default: nil
        }
    }
}
