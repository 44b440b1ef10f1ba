import Foundation
import Testing

@testable import TidingsWeb

/// Templates read view models by name through `TemplateView`, not swift-mustache's `Mirror`
/// search: the same answers, found without reading every field.
@Suite("Template views")
struct TemplateViewTests {
    @Test("a field is found by name as Mirror finds it: an optional is its value or nothing, a missing name nothing")
    func fieldsByName() {
        let plain = Chrome.Link(title: "News", href: "/courier/news", current: true)
        #expect(plain.child(named: "title") as? String == "News")
        #expect(plain.child(named: "current") as? Bool == true)
        #expect(plain.child(named: "code") == nil, "an optional without a value is nothing")
        #expect(plain.child(named: "missing") == nil)
        let coded = Chrome.Link(title: "RSS", href: "/feeds/courier/news.rss", current: false, code: "nb")
        // Asked again on another value of the same type: the places learnt are the same.
        #expect(coded.child(named: "code") as? String == "nb", "an optional with a value is the value")
        #expect(coded.child(named: "href") as? String == "/feeds/courier/news.rss")
    }
}
