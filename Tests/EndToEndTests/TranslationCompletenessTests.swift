import Foundation
import Testing
import TidingsModel
import TidingsServer

@testable import TidingsKit
@testable import TidingsWeb
@testable import tidings

/// The shipped language catalogs against the code that reads them: CI fails when a catalog lacks
/// a key, keeps one no code reads, leaves words blank, or takes other placeholders than English.
/// Here, where every target that shows words is in reach: the model, the server, the web reader,
/// the SDK and the terminal reader.
@Suite("Shipped catalogs")
struct TranslationCompletenessTests {
    /// Every key the code reads from the catalogs, from each reader's own list of them.
    static var keysRead: Set<String> {
        Set(
            WebStrings.keys + WebStrings.countedKeys + WebMessage.allCases.map(\.key) + NewsPresenter.translationKeys
                + ConsoleWord.allCases.map(\.key)
                + ["news.was"] + Forecast.Condition.translationKeys + LocaleFormats.wordKeys
                + TidingsError.messageKeys + ["kit.empty"] + FeedItem.accessibilityKeys
                + ReadStrings.Key.allCases.map(\.rawValue))
    }

    /// Keys a catalog may hold for its own language only: patterns that replace CLDR's.
    static let optionalKeys = LocaleFormats.patternKeys

    @Test("every shipped catalog has exactly the keys the code reads, none blank, English's placeholders")
    func complete() throws {
        let catalogs = Translations.shipped
        let english = try #require(LanguageTag("en"))
        #expect(
            catalogs.keys(of: english) == Self.keysRead,
            "English: \(catalogs.keys(of: english).symmetricDifference(Self.keysRead))")
        #expect(Set(catalogs.languages.map(\.identifier)).isSuperset(of: ["en", "ru"]))
        for language in catalogs.languages {
            let keys = catalogs.keys(of: language)
            let unread = keys.subtracting(Self.keysRead).subtracting(Self.optionalKeys)
            #expect(unread.isEmpty, "\(language) has keys no code reads: \(unread.sorted())")
            #expect(
                Self.keysRead.subtracting(keys).isEmpty, "\(language) lacks \(Self.keysRead.subtracting(keys).sorted())"
            )
            for key in keys.sorted() {
                let entry = try #require(catalogs.entry(key, in: language))
                if Self.optionalKeys.contains(key) {
                    #expect(
                        entry.forms.allSatisfy { TranslationEntry.placeholders(in: $0) == ["lld"] },
                        "\(language) \(key): a pattern takes one count, %lld")
                    continue
                }
                let englishForms = catalogs.entry(key, in: english)?.forms ?? []
                let expected = Set(englishForms.map { TranslationEntry.placeholders(in: $0).sorted() })
                for form in entry.forms {
                    #expect(!form.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(key) is blank")
                    #expect(
                        expected.contains(TranslationEntry.placeholders(in: form).sorted()),
                        "\(language) \(key): \"\(form)\" takes other placeholders than English")
                    #expect(
                        form.contains("{n}") == englishForms.contains { $0.contains("{n}") }, "\(language) \(key): {n}")
                    #expect(
                        form.contains("{when}") == englishForms.contains { $0.contains("{when}") },
                        "\(language) \(key): {when}")
                }
            }
        }
    }

    @Test("the web reader's words come from the catalogs, as they read before")
    func webWords() {
        #expect(WebStrings.of(.ru).loadMore == "Загрузить ещё")
        #expect(WebStrings.of(.en).newItems == "{n} new")
        #expect(WebStrings.retryIn(17 * 60, .ru) == "через 17 минут")
        #expect(WebStrings.retryIn(2 * 3600, .ru) == "через 2 часа")
        #expect(WebStrings.retryIn(21 * 60, .ru) == "через 21 минуту")
        #expect(WebStrings.retryIn(30, .ru) == "меньше чем через минуту")
        #expect(WebStrings.retryIn(61 * 60, .en) == "in 61 minutes")
        #expect(WebStrings.retryIn(100 * 60, .en) == "in 2 hours")
        #expect(WebStrings.retryIn(100 * 60, .ru) == "через 2 часа")
        // The console counts a source's failed fetches in each language's plural forms.
        let failing = ConsoleWord.sourceFailing.key
        #expect(Translations.current.string(failing, .en, [.count(1)]) == "Failing: 1 failed fetch")
        #expect(Translations.current.string(failing, .en, [.count(3)]) == "Failing: 3 failed fetches in a row")
        #expect(Translations.current.string(failing, .ru, [.count(2)]) == "Ошибка: 2 неудачные загрузки подряд")
        #expect(Translations.current.string(failing, .ru, [.count(5)]) == "Ошибка: 5 неудачных загрузок подряд")
    }
}
