import Testing

@testable import TextAnalysis

struct SearchAnalyzerTests {
    let plain = SearchAnalyzer(nil)

    @Test func wordsAreLowercasedFoldedAndSplit() {
        #expect(
            plain.terms("Flommen i TROMSØ: Ærlig talt, e-mail 2026 Café naïve Straße") == [
                "flommen", "i", "tromso", "aerlig", "talt", "e", "mail", "2026", "cafe", "naive", "strasse",
            ])
        // A letter written as a base and a combining mark folds as the precomposed one does.
        #expect(plain.terms("e\u{301}cole") == plain.terms("\u{E9}cole"))
        // Russian: ё is е, й stays.
        #expect(plain.terms("ЁЛКА йод Йемен") == ["елка", "йод", "йемен"])
        // Full-width letters are ASCII.
        #expect(plain.terms("ＴＩＤＩＮＧＳ") == ["tidings"])
    }

    @Test func unspacedScriptsArePairs() {
        #expect(plain.terms("東京都に") == ["東京", "京都", "都に"])
        #expect(plain.terms("東 京") == ["東", "京"])
        #expect(plain.terms("서울시 news") == ["서울", "울시", "news"])
        #expect(plain.terms("ทดสอบ") == ["ทด", "ดส", "สอ", "อบ"])
    }

    @Test func tokensKnowWhereTheyWere() {
        let text = "Hei, Ålesund!"
        let tokens = plain.tokens(text)
        #expect(tokens.map { String(text.unicodeScalars[$0.range]) } == ["Hei", "Ålesund"])
        #expect(tokens.map(\.word) == ["hei", "alesund"])
    }

    @Test func longWordsAreCut() {
        let long = String(repeating: "a", count: 500)
        #expect(plain.terms(long) == [String(repeating: "a", count: SearchAnalyzer.maxWordLength)])
    }

    @Test func stemmingComesBeforeFolding() {
        let german = SearchAnalyzer(language: "de-DE")
        #expect(german.language == .german)
        let terms = german.terms("Häuser")
        #expect(terms.count == 1)
        #expect(terms[0].unicodeScalars.allSatisfy { $0.isASCII })
        #expect(SearchAnalyzer(language: "nb-NO").language == .norwegian)
        #expect(SearchAnalyzer(language: "nn").language == .norwegian)
        #expect(SearchAnalyzer(language: "fr").language == nil)
        #expect(SearchAnalyzer(language: nil).language == nil)
    }

    @Test func emptyAndOddTexts() {
        #expect(plain.terms("").isEmpty)
        #expect(plain.terms(" \u{0}\u{7}\n…—!").isEmpty)
        #expect(plain.terms("\u{301}x") == ["x"])
        for analyzer in SearchAnalyzer.everyLanguage {
            _ = analyzer.terms("a ё 1 ß ǅ İstanbul \u{10FFFF} \u{E000}")
        }
    }
}

struct SearchQueryTests {
    let english = [SearchAnalyzer(.english)]

    func terms(_ words: String...) -> SearchQuery.Part { .terms(Set(words.map { [$0] })) }

    @Test func wordsPhrasesExclusionsAndOr() throws {
        let query = try SearchQuery("flood \"river bank\" -storm rain OR snow", analyzers: [SearchAnalyzer(nil)])
        #expect(
            query.clauses == [
                [terms("flood")], [.terms([["river", "bank"]])], [terms("rain"), terms("snow")],
            ])
        #expect(query.excluded == [terms("storm")])
    }

    @Test func everyLanguagesFormsAreAlternatives() throws {
        let query = try SearchQuery("Flommen")
        guard case .terms(let forms) = query.clauses[0][0] else {
            Issue.record("not terms")
            return
        }
        #expect(forms.contains(["flommen"]))
        #expect(forms.contains(SearchAnalyzer(.norwegian).terms("Flommen")))
    }

    @Test func prefixes() throws {
        #expect(try SearchQuery("flo*", analyzers: english).clauses == [[.prefix("flo")]])
        // One letter is too short to be a prefix: it is a word.
        #expect(try SearchQuery("f*", analyzers: english).clauses == [[terms("f")]])
        // Typing: the last word is a prefix unless a space follows it.
        #expect(
            try SearchQuery("river flo", analyzers: [SearchAnalyzer(nil)], typing: true).clauses == [
                [terms("river")], [.prefix("flo")],
            ])
        #expect(
            try SearchQuery("river flo ", analyzers: [SearchAnalyzer(nil)], typing: true).clauses == [
                [terms("river")], [terms("flo")],
            ])
        #expect(try SearchQuery("Tromsø*", analyzers: english).clauses == [[.prefix("tromso")]])
        #expect(try SearchQuery("東*", analyzers: english).clauses == [[.prefix("東")]])
    }

    @Test func engineSyntaxIsText() throws {
        let query = try SearchQuery("title:flood NEAR(a b) AND ^x {col}", analyzers: [SearchAnalyzer(nil)])
        #expect(
            query.clauses == [
                // A run of characters without spaces is a phrase of its words.
                [.terms([["title", "flood"]])], [.terms([["near", "a"]])], [terms("b")], [terms("and")], [terms("x")],
                [terms("col")],
            ])
    }

    @Test func oddQueries() throws {
        #expect(throws: SearchQueryError.empty) { try SearchQuery("") }
        #expect(throws: SearchQueryError.empty) { try SearchQuery("  \"\" - -- !!! OR") }
        #expect(throws: SearchQueryError.onlyExclusions) { try SearchQuery("-storm -\"a b\"") }
        #expect(throws: SearchQueryError.tooLong(limit: SearchQuery.maxLength)) {
            try SearchQuery(String(repeating: "flood ", count: 2_000))
        }
        #expect(throws: SearchQueryError.tooManyTerms(limit: SearchQuery.maxTerms)) {
            try SearchQuery((0..<40).map { "w\($0)" }.joined(separator: " "))
        }
        // An unclosed quote runs to the end; control characters separate words.
        let query = try SearchQuery("\"river\u{0}bank", analyzers: [SearchAnalyzer(nil)])
        #expect(query.clauses == [[.terms([["river", "bank"]])]])
        // OR at either end, or before an exclusion, joins nothing.
        #expect(try SearchQuery("OR a OR -b", analyzers: [SearchAnalyzer(nil)]).clauses == [[terms("a")]])
        // "or" in lower case is a word.
        #expect(try SearchQuery("a or b", analyzers: [SearchAnalyzer(nil)]).clauses.count == 3)
    }

    @Test func highlights() throws {
        let query = try SearchQuery("floods riv*", analyzers: english)
        let analyzer = SearchAnalyzer(.english)
        let text = "The flooding river: flood warnings"
        let marked = analyzer.tokens(text).filter { query.highlights($0, in: text, analyzers: [analyzer]) }.map {
            String(text.unicodeScalars[$0.range])
        }
        #expect(marked.contains("river"))
        #expect(marked.contains("flood"))
        #expect(!marked.contains("The"))
    }
}

struct SearchSnippetTests {
    let analyzer = SearchAnalyzer(nil)

    @Test func shortTextIsWholeWithMarks() throws {
        let query = try SearchQuery("river", analyzers: [analyzer])
        let snippet = SearchSnippet("The river rose.", query: query)
        #expect(
            snippet.parts == [
                .init(text: "The ", match: false), .init(text: "river", match: true),
                .init(text: " rose.", match: false),
            ])
    }

    @Test func longTextIsCutAroundTheMostTerms() throws {
        let filler = Array(repeating: "lorem ipsum dolor sit amet", count: 20).joined(separator: " ")
        let text = "river at the start. " + filler + " where the river met the bank, " + filler
        let query = try SearchQuery("river bank", analyzers: [analyzer])
        let snippet = SearchSnippet(text, query: query, length: 80)
        let joined = snippet.parts.map(\.text).joined()
        #expect(joined.hasPrefix("…"))
        #expect(joined.hasSuffix("…"))
        #expect(joined.count <= 84)
        #expect(snippet.parts.filter(\.match).map(\.text) == ["river", "bank"])
    }

    @Test func noMatchGivesTheStart() throws {
        let query = try SearchQuery("absent", analyzers: [analyzer])
        let text = String(repeating: "word ", count: 100)
        let snippet = SearchSnippet(text, query: query, length: 40)
        #expect(!snippet.hasMatch)
        #expect(snippet.parts.map(\.text).joined().hasPrefix("word"))
    }
}
