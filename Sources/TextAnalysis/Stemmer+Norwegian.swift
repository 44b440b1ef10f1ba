/// The Snowball Norwegian stemmer, as snowballstem.org describes it (Snowball 3.0: -ers handled by
/// what comes before it; ê, ò, ó and ô are vowels). Suffixes are removed only from R1.
final class Norwegian: Sendable {
    /// The one instance: its tables are built once, on first use.
    static let shared = Norwegian()

    private let vowels = LetterSet("aeêioòóôuyæåø")
    private let sEndings = LetterSet("bcdfghjlmnoptvyz")

    private enum Step1: Sendable { case delete, ers, s, ert }
    private let step1 = SuffixTable<Step1>([
        "a": .delete, "e": .delete, "ede": .delete, "ande": .delete, "ende": .delete, "ane": .delete,
        "ene": .delete, "hetene": .delete, "en": .delete, "heten": .delete, "ar": .delete, "er": .delete,
        "heter": .delete, "as": .delete, "es": .delete, "edes": .delete, "endes": .delete, "enes": .delete,
        "hetenes": .delete, "ens": .delete, "hetens": .delete, "ets": .delete, "et": .delete, "het": .delete,
        "ast": .delete,
        "ers": .ers, "s": .s, "erte": .ert, "ert": .ert,
    ])

    /// What may come before -ers: the longest wins, and only the endings marked `true` let -ers go
    /// (any other ending does too).
    private let beforeERS = SuffixTable<Bool>([
        "amm": false, "ast": false, "ind": false, "kap": false, "kk": false, "lt": false, "nk": false,
        "omm": false, "pp": false, "v": false, "øst": false,
        "giv": true, "hav": true, "skap": true,
    ])

    private let step3 = SuffixTable([
        "leg", "eleg", "ig", "eig", "lig", "elig", "els", "lov", "elov", "slov", "hetslov",
    ])

    func stem(_ word: inout Letters) {
        let r1 = word.germanicRegions(vowels: vowels).r1

        if let match = step1.longest(in: word, from: r1) {
            let start = match.start
            switch match.rule {
            case .delete:
                word.truncate(to: start)
            case .ers:
                if beforeERS.longest(in: word, endingAt: start)?.rule ?? true { word.truncate(to: start) }
            case .s:
                if validSEnding(word, start - 1) { word.truncate(to: start) }
            case .ert:
                word.replace(from: start, with: ["e", "r"])
            }
        }
        // Step 2: -dt and -vt in R1 lose their t.
        let count = word.count
        if count - 2 >= r1 && word[count - 1] == "t" && (word[count - 2] == "d" || word[count - 2] == "v") {
            word.removeLast()
        }
        if let match = step3.longest(in: word, from: r1) { word.truncate(to: match.start) }
    }

    /// Whether the letter at `index` is a valid s-ending: one of the set, r not after e, or k not
    /// after a vowel. The letter need not be in R1.
    private func validSEnding(_ word: Letters, _ index: Int) -> Bool {
        guard index >= 0 else { return false }
        switch word[index] {
        case "r": return index == 0 || word[index - 1] != "e"
        case "k": return index > 0 && !vowels.contains(word[index - 1])
        case let letter: return sEndings.contains(letter)
        }
    }
}
