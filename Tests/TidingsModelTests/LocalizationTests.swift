import Foundation
import Testing

@testable import TidingsModel

/// Issue 35's layer: BCP 47 tags and their fallback, negotiation, CLDR plural rules, and words
/// read from String Catalog files.
@Suite("Localization")
struct LocalizationTests {
    static func tag(_ text: String) -> LanguageTag { LanguageTag(text)! }

    @Test("tags are read in any case with - or _, kept canonical; deprecated codes take their preferred value")
    func parsing() {
        #expect(LanguageTag("NB_no")?.identifier == "nb-NO")
        #expect(LanguageTag("zh-hant-tw")?.identifier == "zh-Hant-TW")
        #expect(LanguageTag("es-419")?.region == "419")
        #expect(LanguageTag("ar-EG-u-nu-latn")?.identifier == "ar-EG-u-nu-latn")
        #expect(LanguageTag("ar-EG-u-nu-latn")?.base.identifier == "ar-EG")
        #expect(LanguageTag("iw-IL")?.identifier == "he-IL")
        #expect(LanguageTag(" sv ")?.identifier == "sv")
        for bad in ["", "x-private", "e", "1234", "en--US", "en-US-", "nb-NO-toolongsubtag", "ру", "en US", "*"] {
            #expect(LanguageTag(bad) == nil, "\(bad)")
        }
    }

    @Test("words are looked for along CLDR's chain: region, script kept when unusual, Norwegian's standards")
    func fallbackChains() {
        let chains: [(String, [String])] = [
            ("nb-NO", ["nb-NO", "nb", "no"]),
            ("nn", ["nn", "no", "nb"]),
            ("no-NO", ["no-NO", "no", "nb"]),
            ("sv-FI", ["sv-FI", "sv"]),
            ("en-Latn-US", ["en-Latn-US", "en-Latn", "en"]),
            ("zh-Hant-TW", ["zh-Hant-TW", "zh-Hant"]),
            ("zh-TW", ["zh-TW", "zh-Hant-TW", "zh-Hant"]),
            ("zh-CN", ["zh-CN", "zh"]),
            ("sr-Latn", ["sr-Latn"]),
            ("ar-EG-u-nu-latn", ["ar-EG", "ar"]),
        ]
        for (tag, chain) in chains {
            #expect(Self.tag(tag).fallbackChain.map(\.identifier) == chain, "\(tag)")
        }
        #expect(Self.tag("ar").isRightToLeft && Self.tag("he-IL").isRightToLeft && !Self.tag("nb").isRightToLeft)
    }

    @Test("negotiation: ?locale=, then Accept-Language by q-value with fallback, then the brand's")
    func negotiation() {
        let have: Set<String> = ["en", "ru", "nb", "sv"]
        let supported = { (tag: LanguageTag) in tag.fallbackChain.contains { have.contains($0.identifier) } }
        let brand = Self.tag("nb-NO")
        func pick(_ query: String?, _ header: String?) -> String {
            LanguageTag.negotiate(query: query, acceptLanguage: header, fallback: brand, supported: supported)
                .identifier
        }
        #expect(pick("sv-SE", "ru") == "sv-SE", "the query wins")
        #expect(pick("xx", "ru") == "ru", "an unknown query gives way to the header")
        #expect(pick("%%", nil) == "nb-NO")
        #expect(pick(nil, "sv-FI") == "sv-FI", "kept whole: sv words, Finland's formats")
        #expect(pick(nil, "no") == "no", "no reads nb")
        #expect(pick(nil, "de-DE, ru;q=0.5, en;q=0.8") == "en")
        #expect(pick(nil, "ru;q=0.5, sv;q=0.5") == "ru", "ties in the order written")
        #expect(pick(nil, "de, fr") == "nb-NO", "nothing we speak: the brand's")
        #expect(pick(nil, "*;q=0.9, de") == "nb-NO")
        #expect(pick(nil, "ru;q=0, en;q=0.1") == "en", "q=0 is a refusal")
        #expect(pick(nil, "ru;q=x") == "nb-NO", "a q-value that is no number counts as 0")
        #expect(pick(nil, "") == "nb-NO")
        #expect(pick(nil, nil) == "nb-NO")
    }

    /// Counts the issue names, and what CLDR says of each (ICU 76's answers on Linux).
    static let pluralTable: [(String, [PluralCategory])] = [
        // 0, 1, 2, 5, 11, 21, 22, 101, 1.5
        ("ru", [.many, .one, .few, .many, .many, .one, .few, .one, .other]),
        ("en", [.other, .one, .other, .other, .other, .other, .other, .other, .other]),
        ("nb", [.other, .one, .other, .other, .other, .other, .other, .other, .other]),
        ("sv", [.other, .one, .other, .other, .other, .other, .other, .other, .other]),
        ("ar", [.zero, .one, .two, .few, .many, .many, .many, .other, .other]),
        ("pl", [.many, .one, .few, .many, .many, .many, .few, .many, .other]),
        ("ja", [.other, .other, .other, .other, .other, .other, .other, .other, .other]),
        ("da", [.other, .one, .other, .other, .other, .other, .other, .other, .one]),
    ]
    static let counts: [Double] = [0, 1, 2, 5, 11, 21, 22, 101, 1.5]

    @Test("plural categories follow CLDR for ru, en, nb, sv, ar, pl, ja and da at 0/1/2/5/11/21/22/101/1.5")
    func plurals() {
        for (language, categories) in Self.pluralTable {
            let rules = PluralRules(Self.tag(language))
            #expect(Self.counts.map { rules.category($0) } == categories, "\(language)")
        }
        #expect(PluralRules(Self.tag("ru-RU")).category(-3) == .few, "the sign does not change the form")
    }

    #if os(Linux)
        @Test("the rules written out for platforms without ICU's agree with ICU's over 0…1000 and fractions")
        func fallbackAgreesWithICU() {
            let numbers = (0...1000).map(Double.init) + [0.5, 1.5, 2.5, 3.5, 11.5, 21.25]
            for language in ["ru", "uk", "pl", "ar", "ja", "zh", "ko", "en", "de", "sv", "nb", "nn", "fi", "da"] {
                let rules = PluralRules(Self.tag(language))
                let differ = numbers.filter {
                    rules.category($0) != PluralRules.fallbackCategory($0, language: language)
                }
                #expect(differ.isEmpty, "\(language): \(differ.prefix(5))")
            }
        }
    #endif

    /// Writes `files` (name → JSON) into a new folder and loads it.
    static func catalogs(_ files: [String: String]) throws -> Translations {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return try Translations.load(directory: folder)
    }

    /// A catalog file holding `language`'s `entries` (a value is a text, or plural forms).
    static func file(_ language: String, _ entries: [String: Any]) -> String {
        var strings: [String: Any] = [:]
        for (key, value) in entries {
            let localization: Any
            if let text = value as? String {
                localization = ["stringUnit": ["state": "translated", "value": text]]
            } else {
                let forms = (value as? [String: String]) ?? [:]
                localization = [
                    "variations": ["plural": forms.mapValues { ["stringUnit": ["state": "translated", "value": $0]] }]
                ]
            }
            strings[key] = ["localizations": [language: localization]]
        }
        let json: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": strings]
        return String(
            decoding: try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("words fall back key by key: the reader's chain, the brand's, English; plurals by the words' language")
    func lookup() throws {
        let catalogs = try Self.catalogs([
            "en.xcstrings": Self.file(
                "en",
                [
                    "more": "Load more", "new": ["one": "%lld new story", "other": "%lld new stories"],
                    "only.en": "English only", "both": "%1$@ of %2$@", "pct": "100%% sure, %@",
                ]),
            "nb.xcstrings": Self.file(
                "nb",
                [
                    "more": "Vis flere", "new": ["one": "%lld ny sak", "other": "%lld nye saker"],
                    "both": "%2$@ av %1$@",
                ]),
            "ru.xcstrings": Self.file(
                "ru",
                [
                    "more": "Ещё",
                    "new": [
                        "one": "%lld новость", "few": "%lld новости", "many": "%lld новостей", "other": "%lld новости",
                    ],
                ]),
        ])
        #expect(catalogs.languages.map(\.identifier) == ["en", "nb", "ru"])
        let nb = Self.tag("nb-NO")
        #expect(catalogs.string("more", nb) == "Vis flere")
        #expect(catalogs.string("more", Self.tag("no")) == "Vis flere", "no reads the nb catalog")
        #expect(catalogs.string("only.en", nb) == "English only", "a key nb lacks comes from English")
        #expect(catalogs.string("new", nb, [1]) == "1 ny sak")
        #expect(catalogs.string("new", nb, [3]) == "3 nye saker")
        #expect(catalogs.string("new", Self.tag("ru"), [21]) == "21 новость")
        #expect(catalogs.string("new", Self.tag("ru"), [5]) == "5 новостей")
        #expect(
            catalogs.string("new", Self.tag("ru"), [1234]) == "1\u{00A0}234 новости", "written as Russian writes it")
        #expect(catalogs.string("new", Self.tag("de"), [1]) == "1 new story", "no German: English words")
        #expect(catalogs.string("new", Self.tag("de"), brand: nb, [2]) == "2 nye saker", "then the brand's")
        #expect(catalogs.string("both", nb, ["A", "B"]) == "B av A", "positions")
        #expect(catalogs.string("pct", Self.tag("en"), ["yes"]) == "100% sure, yes")
        #expect(catalogs.string("no.such.key", nb) == "no.such.key")
        #expect(catalogs.supports(Self.tag("nn")))
        #expect(!catalogs.supports(Self.tag("sv-FI")))
    }

    @Test("a catalog added on top replaces words key by key and brings new languages")
    func adding() throws {
        let base = try Self.catalogs(["en.xcstrings": Self.file("en", ["a": "A", "b": "B"])])
        let extra = try Self.catalogs([
            "en.xcstrings": Self.file("en", ["b": "Bee"]), "is.xcstrings": Self.file("is", ["a": "Á"]),
        ])
        let merged = base.adding(extra)
        #expect(merged.string("a", Self.tag("en")) == "A")
        #expect(merged.string("b", Self.tag("en")) == "Bee")
        #expect(merged.string("a", Self.tag("is-IS")) == "Á")
        #expect(merged.supports(Self.tag("is")))
    }

    @Test("a catalog that does not read names the file, key and language")
    func badCatalogs() throws {
        let cases: [(String, String)] = [
            ("{", "x.xcstrings"),
            (
                #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"e n":{"stringUnit":{"value":"v"}}}}}}"#,
                "not a language tag"
            ),
            (
                #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"ru":{"variations":{"plural":{"one":{"stringUnit":{"value":"v"}}}}}}}}}"#,
                "needs an \"other\" form"
            ),
            (
                #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"ru":{"variations":{"plural":{"other":{"stringUnit":{"value":"v"}},"several":{"stringUnit":{"value":"v"}}}}}}}}}"#,
                "\"several\" is not a plural category"
            ),
            (
                #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"ru":{}}}}}"#,
                "neither a stringUnit nor plural variations"
            ),
        ]
        for (text, message) in cases {
            #expect {
                _ = try Self.catalogs(["x.xcstrings": text])
            } throws: { error in
                "\(error)".contains(message) && "\(error)".hasPrefix("language catalog: x.xcstrings")
            }
        }
    }
}
