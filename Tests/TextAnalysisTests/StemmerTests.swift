import Foundation
import Testing
import TextAnalysis

/// The stemmers against the Snowball project's own: Fixtures/stems-<code>.tsv hold words and the
/// stems Snowball's Python stemmers give them (scripts/gen-stemmer-fixtures.py writes them).
@Suite("Snowball stemmers")
struct StemmerTests {
    /// The word–stem pairs of one language's fixture.
    static func fixture(_ language: StemmerLanguage) throws -> [(word: String, stem: String)] {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/stems-" + language.rawValue, withExtension: "tsv"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            try #require(fields.count == 2, "not a word, a tab and a stem: \(line)")
            return (String(fields[0]), String(fields[1]))
        }
    }

    @Test("Every fixture word stems as Snowball's stemmer stems it", arguments: StemmerLanguage.allCases)
    func fixtureWords(language: StemmerLanguage) throws {
        let pairs = try Self.fixture(language)
        #expect(pairs.count >= 1_500)
        let stemmer = Stemmer(language)
        let mismatches = pairs.compactMap { pair -> String? in
            let stem = stemmer.stem(pair.word)
            return stem == pair.stem ? nil : "\(pair.word): expected \(pair.stem), got \(stem)"
        }
        #expect(
            mismatches.isEmpty,
            "\(mismatches.count) of \(pairs.count) words differ; the first: \(mismatches.prefix(10).joined(separator: "; "))"
        )
    }

    @Test("The scalar entry point stems as the string one does", arguments: StemmerLanguage.allCases)
    func scalarEntryPoint(language: StemmerLanguage) throws {
        let stemmer = Stemmer(language)
        var buffer: [Unicode.Scalar] = []
        var mismatches: [String] = []
        for pair in try Self.fixture(language) {
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: pair.word.unicodeScalars)
            stemmer.stem(&buffer)
            var stem = ""
            stem.unicodeScalars.append(contentsOf: buffer)
            if stem != pair.stem { mismatches.append("\(pair.word): expected \(pair.stem), got \(stem)") }
        }
        #expect(mismatches.isEmpty, "the first: \(mismatches.prefix(10).joined(separator: "; "))")
    }

    @Test("English (Porter2), checked by hand")
    func english() {
        let stemmer = Stemmer(.english)
        let expected = [
            "connected": "connect", "connecting": "connect", "connection": "connect", "happiness": "happi",
            "generously": "generous", "dying": "die", "skies": "sky", "news": "news", "geologist": "geolog",
            "hopping": "hop", "running": "run", "agreed": "agre", "it's": "it",
        ]
        for (word, stem) in expected { #expect(stemmer.stem(word) == stem, "\(word)") }
    }

    @Test("Russian, checked by hand")
    func russian() {
        let stemmer = Stemmer(.russian)
        let expected = [
            "книгами": "книг", "красивейший": "красив", "читающий": "чита", "прочитав": "прочита",
            "учиться": "уч", "радость": "радост", "вагонов": "вагон",
            // ё is read as е.
            "ёлка": "елк",
        ]
        for (word, stem) in expected { #expect(stemmer.stem(word) == stem, "\(word)") }
    }

    @Test("Norwegian (Bokmål), checked by hand")
    func norwegian() {
        let stemmer = Stemmer(.norwegian)
        let expected = [
            "bilene": "bil", "huset": "hus", "lærers": "lær", "meldt": "meld", "operativt": "operativ",
            "vennlig": "venn", "kjærligheten": "kjær", "studerte": "studer",
        ]
        for (word, stem) in expected { #expect(stemmer.stem(word) == stem, "\(word)") }
    }

    @Test("Swedish, checked by hand")
    func swedish() {
        let stemmer = Stemmer(.swedish)
        let expected = [
            "flickorna": "flick", "huset": "hus", "friskt": "frisk", "värdefullt": "värdefull",
            "kapaciteten": "kapacitet", "hjälplöst": "hjälplös", "bilarnas": "bil",
        ]
        for (word, stem) in expected { #expect(stemmer.stem(word) == stem, "\(word)") }
    }

    @Test("German, checked by hand: umlauts, ß and their transliterations")
    func german() {
        let stemmer = Stemmer(.german)
        let expected = [
            "häuser": "haus", "bedürfnissen": "bedurfnis", "aufeinanderfolgenden": "aufeinanderfolg",
            "straße": "strass", "strasse": "strass", "lehrerinnen": "lehr", "möglichkeiten": "moglich",
            "aepfel": "apfel", "äpfel": "apfel", "quelle": "quell", "feuer": "feu", "system": "system",
        ]
        for (word, stem) in expected { #expect(stemmer.stem(word) == stem, "\(word)") }
    }

    @Test("Words with nothing to stem come back whole", arguments: StemmerLanguage.allCases)
    func robustness(language: StemmerLanguage) {
        let stemmer = Stemmer(language)
        for word in ["", "a", "y", "ß", "ё", "я", "7", "0", "2024", "x86", "mp3", "東京", "ωμέγα", "😀"] {
            #expect(stemmer.stem(word).unicodeScalars.count <= max(word.unicodeScalars.count, 2), "\(word)")
        }
        #expect(stemmer.stem("") == "")
        #expect(stemmer.stem("2024") == "2024")
        #expect(stemmer.stem("東京") == "東京")
        // Mixed scripts and digits: stemmed without trouble, whatever the stem.
        for word in ["abcабв", "абвabc", "covid19", "19covid", "straßeулица", "ingяя", "ёing", "ßß", "yyyy"] {
            _ = stemmer.stem(word)
            var scalars = Array(word.unicodeScalars)
            stemmer.stem(&scalars)
            #expect(String(String.UnicodeScalarView(scalars)) == stemmer.stem(word), "\(word)")
        }
        var empty: [Unicode.Scalar] = []
        stemmer.stem(&empty)
        #expect(empty.isEmpty)
    }

    @Test("Languages are named by their BCP 47 codes")
    func codes() {
        #expect(StemmerLanguage.allCases.map(\.rawValue) == ["en", "ru", "nb", "sv", "de"])
        #expect(StemmerLanguage(rawValue: "nb") == .norwegian)
        #expect(Stemmer(.german).language == .german)
    }
}
