/// The Snowball Swedish stemmer, as snowballstem.org describes it (Snowball 3.0: some -et removed,
/// -öst made -ös after more letters). Suffixes are removed only from R1.
final class Swedish: Sendable {
    /// The one instance: its tables are built once, on first use.
    static let shared = Swedish()

    private let vowels = LetterSet("aeiouyäåö")
    private let sEndings = LetterSet("bcdfghjklmnoprtvy")
    private let ostEndings = LetterSet("iklnprtuv")

    private enum Step1: Sendable { case delete, s, et }
    private let step1 = SuffixTable<Step1>([
        "a": .delete, "arna": .delete, "erna": .delete, "heterna": .delete, "orna": .delete, "ad": .delete,
        "e": .delete, "ade": .delete, "ande": .delete, "arne": .delete, "are": .delete, "aste": .delete,
        "en": .delete, "anden": .delete, "aren": .delete, "heten": .delete, "ern": .delete, "ar": .delete,
        "er": .delete, "heter": .delete, "or": .delete, "as": .delete, "arnas": .delete, "ernas": .delete,
        "ornas": .delete, "es": .delete, "ades": .delete, "andes": .delete, "ens": .delete, "arens": .delete,
        "hetens": .delete, "erns": .delete, "at": .delete, "andet": .delete, "het": .delete, "ast": .delete,
        "s": .s, "et": .et,
    ])

    /// Words that keep their -et (*frihet*, *societet*, *kapacitet*, *alfabet*, *komet*, *paket*...).
    private let etKept = SuffixTable([
        "h", "iet", "uit", "fab", "cit", "dit", "alit", "ilit", "mit", "nit", "pit", "rit", "sit", "tit", "ivit",
        "kvit", "xit", "kom", "rak", "pak", "stak",
    ])

    private let consonantPairs = SuffixTable(["dd", "gd", "nn", "dt", "gt", "kt", "tt"])

    private enum Step3: Sendable { case delete, ost, fullt }
    private let step3 = SuffixTable<Step3>([
        "lig": .delete, "ig": .delete, "els": .delete, "öst": .ost, "fullt": .fullt,
    ])

    private let et = scalars("et")

    func stem(_ word: inout Letters) {
        let r1 = word.germanicRegions(vowels: vowels).r1

        if let match = step1.longest(in: word, from: r1) {
            let start = match.start
            switch match.rule {
            case .delete:
                word.truncate(to: start)
            case .s:
                if word.has(et, endingAt: start) && validETEnding(word, start - 2) {
                    word.truncate(to: start - 2)
                } else if start > 0 && sEndings.contains(word[start - 1]) {
                    word.truncate(to: start)
                }
            case .et:
                if validETEnding(word, start) { word.truncate(to: start) }
            }
        }
        // Step 2: a consonant pair in R1 loses its last letter.
        if consonantPairs.longest(in: word, from: r1) != nil { word.removeLast() }
        if let match = step3.longest(in: word, from: r1) {
            switch match.rule {
            case .delete: word.truncate(to: match.start)
            case .ost: if match.start > 0 && ostEndings.contains(word[match.start - 1]) { word.removeLast() }
            case .fullt: word.removeLast()
            }
        }
    }

    /// Whether the letters before `end` make a valid et-ending: at least one letter, a vowel and a
    /// non-vowel, not ending as the words that keep their -et do. They need not be in R1.
    private func validETEnding(_ word: Letters, _ end: Int) -> Bool {
        end >= 3 && !vowels.contains(word[end - 1]) && vowels.contains(word[end - 2])
            && !etKept.any(in: word, endingAt: end)
    }
}
