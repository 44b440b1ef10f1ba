import Testing
import TidingsModel

@Suite("SectionKey: the one name of a brand's section")
struct SectionKeyTests {
    @Test("its stream is brand/section, and reads back")
    func roundTrip() {
        let key = SectionKey(brand: "grocery", section: "news")
        #expect(key.stream == "grocery/news")
        #expect("\(key)" == "grocery/news")
        #expect(SectionKey(stream: key.stream) == key)
    }

    @Test(
        "a stream name that is not exactly two non-empty ids is refused",
        arguments: ["grocery", "grocery/", "/news", "/", "", "a/b/c", "grocery//news"])
    func refused(_ stream: String) {
        #expect(SectionKey(stream: stream) == nil)
    }
}
