/// The Snowball English stemmer ("Porter2"), as snowballstem.org describes it, with the changes of
/// Snowball 3.0 (the exceptional -ing and -eed forms handled in step 1b, -ogist, more stems whose
/// R1 is fixed, no undoubling after a lone a, e or o).
final class English: Sendable {
    /// The one instance: its tables are built once, on first use.
    static let shared = English()

    private let vowels = LetterSet("aeiouy")
    /// The letters a short syllable's last letter must not be, besides the vowels.
    private let wxY = LetterSet("wxY")
    private let validLIEndings = LetterSet("cdeghkmnrt")
    private let aeo = LetterSet("aeo")

    private enum Special: Sendable {
        case stem([Unicode.Scalar])
        case invariant
    }

    /// Words stemmed as a whole, before any step.
    private let specialWords = SuffixTable<Special>([
        // snowballstem.org says Snowball 3.0 dropped *skis* → *ski*; Snowball's stemmers still do it.
        "skis": .stem(scalars("ski")), "skies": .stem(scalars("sky")),
        "idly": .stem(scalars("idl")), "gently": .stem(scalars("gentl")), "ugly": .stem(scalars("ugli")),
        "early": .stem(scalars("earli")), "only": .stem(scalars("onli")), "singly": .stem(scalars("singl")),
        "sky": .invariant, "news": .invariant, "howe": .invariant,
        "atlas": .invariant, "cosmos": .invariant, "bias": .invariant, "andes": .invariant,
    ])

    /// Beginnings after which R1 starts, whatever letters they hold.
    private let fixedR1Stems = [
        "gener", "commun", "arsen", "past", "univers", "later", "emerg", "organ", "inter",
    ]
    .map(scalars)

    private let apostropheSuffixes = SuffixTable(["'", "'s", "'s'"])

    private enum Step1a: Sendable { case sses, ies, s, keep }
    private let step1a = SuffixTable<Step1a>([
        "sses": .sses, "ied": .ies, "ies": .ies, "s": .s, "us": .keep, "ss": .keep,
    ])

    private enum Step1b: Sendable { case eed, ed, ing }
    private let step1b = SuffixTable<Step1b>([
        "eed": .eed, "eedly": .eed, "ed": .ed, "edly": .ed, "ing": .ing, "ingly": .ed,
    ])
    /// Words left whole before -eed: *proceed*, *exceed*, *succeed*.
    private let eedKept = ["proc", "exc", "succ"].map(scalars)
    /// Words left whole before -ing: *inning*, *outing*, *canning*, *herring*, *earring*, *evening*.
    private let ingKept = ["inn", "out", "cann", "herr", "earr", "even"].map(scalars)
    private let addE = SuffixTable(["at", "bl", "iz"])
    private let doubles = SuffixTable(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"])

    private enum Rule: Sendable {
        case replace([Unicode.Scalar])
        case delete
        /// Step 2's -ogi, replaced by -og after l.
        case ogi
        /// Step 2's -li, deleted after a valid li-ending.
        case li
        /// Step 3's -ative, deleted in R2.
        case ative
        /// Step 4's -ion, deleted after s or t.
        case ion
    }

    private let step2 = SuffixTable<Rule>([
        "tional": .replace(scalars("tion")), "enci": .replace(scalars("ence")), "anci": .replace(scalars("ance")),
        "abli": .replace(scalars("able")), "entli": .replace(scalars("ent")),
        "izer": .replace(scalars("ize")), "ization": .replace(scalars("ize")),
        "ational": .replace(scalars("ate")), "ation": .replace(scalars("ate")), "ator": .replace(scalars("ate")),
        "alism": .replace(scalars("al")), "aliti": .replace(scalars("al")), "alli": .replace(scalars("al")),
        "fulness": .replace(scalars("ful")), "ousli": .replace(scalars("ous")), "ousness": .replace(scalars("ous")),
        "iveness": .replace(scalars("ive")), "iviti": .replace(scalars("ive")),
        "biliti": .replace(scalars("ble")), "bli": .replace(scalars("ble")),
        "ogist": .replace(scalars("og")), "ogi": .ogi,
        "fulli": .replace(scalars("ful")), "lessli": .replace(scalars("less")), "li": .li,
    ])

    private let step3 = SuffixTable<Rule>([
        "tional": .replace(scalars("tion")), "ational": .replace(scalars("ate")), "alize": .replace(scalars("al")),
        "icate": .replace(scalars("ic")), "iciti": .replace(scalars("ic")), "ical": .replace(scalars("ic")),
        "ful": .delete, "ness": .delete, "ative": .ative,
    ])

    private let step4 = SuffixTable<Rule>([
        "al": .delete, "ance": .delete, "ence": .delete, "er": .delete, "ic": .delete, "able": .delete,
        "ible": .delete, "ant": .delete, "ement": .delete, "ment": .delete, "ent": .delete, "ism": .delete,
        "ate": .delete, "iti": .delete, "ous": .delete, "ive": .delete, "ize": .delete, "ion": .ion,
    ])

    private let past = scalars("past")

    func stem(_ word: inout Letters) {
        if let special = specialWords.whole(word) {
            if case .stem(let stem) = special { word.replace(from: 0, with: stem) }
            return
        }
        guard word.count > 2 else { return }
        if word[0] == "'" { word.remove(at: 0) }
        let markedY = markConsonantY(&word)
        let r1 =
            fixedR1Stems.first { word.has($0, endingAt: $0.count) }?.count
            ?? word.regionStart(from: 0, vowels: vowels)
        let r2 = word.regionStart(from: r1, vowels: vowels)

        if let match = apostropheSuffixes.longest(in: word) { word.truncate(to: match.start) }
        step1a(&word)
        step1b(&word, r1: r1)
        step1c(&word)
        step2(&word, r1: r1)
        step3(&word, r1: r1, r2: r2)
        step4(&word, r2: r2)
        step5(&word, r1: r1, r2: r2)
        if markedY {
            for index in 0..<word.count where word[index] == "Y" { word[index] = "y" }
        }
    }

    /// Marks an initial y, and a y after a vowel, as the consonant Y; whether there was one.
    private func markConsonantY(_ word: inout Letters) -> Bool {
        var marked = false
        if word[0] == "y" {
            word[0] = "Y"
            marked = true
        }
        for index in 1..<word.count where word[index] == "y" && vowels.contains(word[index - 1]) {
            word[index] = "Y"
            marked = true
        }
        return marked
    }

    /// Whether the letters before `end` end in a short syllable: a vowel followed by a non-vowel
    /// other than w, x or Y and preceded by a non-vowel; a vowel at the start of the word followed
    /// by a non-vowel; or *past*.
    private func endsInShortSyllable(_ word: Letters, _ end: Int) -> Bool {
        if end >= 3 && !vowels.contains(word[end - 3]) && vowels.contains(word[end - 2])
            && !vowels.contains(word[end - 1]) && !wxY.contains(word[end - 1])
        {
            return true
        }
        if end == 2 && vowels.contains(word[0]) && !vowels.contains(word[1]) { return true }
        return word.has(past, endingAt: end)
    }

    private func step1a(_ word: inout Letters) {
        guard let match = step1a.longest(in: word) else { return }
        switch match.rule {
        case .sses: word.truncate(to: match.start + 2)
        case .ies: word.replace(from: match.start, with: match.start > 1 ? ["i"] : ["i", "e"])
        case .s:
            // Not after a vowel alone: *gas*, *this* keep their s.
            if word.contains(vowels, in: 0, match.start - 1) { word.truncate(to: match.start) }
        case .keep: break
        }
    }

    private func step1b(_ word: inout Letters, r1: Int) {
        guard let match = step1b.longest(in: word) else { return }
        let start = match.start
        switch match.rule {
        case .eed:
            if !eedKept.contains(where: { word.letters(0, start, are: $0) }) && start >= r1 {
                word.replace(from: start, with: ["e", "e"])
            }
            return
        case .ing:
            // *dying* → *die*; *inning*, *evening* and the like stay whole.
            if start == 2 && !vowels.contains(word[0]) && word[1] == "y" {
                word.replace(from: 1, with: ["i", "e"])
                return
            }
            if ingKept.contains(where: { word.letters(0, start, are: $0) }) { return }
        case .ed: break
        }
        guard word.contains(vowels, in: 0, start) else { return }
        word.truncate(to: start)
        if addE.longest(in: word) != nil {
            word.append("e")
        } else if doubles.longest(in: word) != nil {
            // *hopp* → *hop*, but *add*, *egg*, *off* stay.
            if !(word.count == 3 && aeo.contains(word[0])) { word.removeLast() }
        } else if r1 == word.count && endsInShortSyllable(word, word.count) {
            word.append("e")
        }
    }

    private func step1c(_ word: inout Letters) {
        let count = word.count
        guard count > 2, let last = word.last, last == "y" || last == "Y",
            !vowels.contains(word[count - 2])
        else { return }
        word[count - 1] = "i"
    }

    private func step2(_ word: inout Letters, r1: Int) {
        // No suffix can start in an empty region: nothing to look up.
        guard r1 < word.count, let match = step2.longest(in: word), match.start >= r1 else { return }
        let start = match.start
        switch match.rule {
        case .replace(let replacement): word.replace(from: start, with: replacement)
        case .ogi: if start > 0 && word[start - 1] == "l" { word.replace(from: start, with: ["o", "g"]) }
        case .li: if start > 0 && validLIEndings.contains(word[start - 1]) { word.truncate(to: start) }
        default: break
        }
    }

    private func step3(_ word: inout Letters, r1: Int, r2: Int) {
        // No suffix can start in an empty region: nothing to look up.
        guard r1 < word.count, let match = step3.longest(in: word), match.start >= r1 else { return }
        switch match.rule {
        case .replace(let replacement): word.replace(from: match.start, with: replacement)
        case .delete: word.truncate(to: match.start)
        case .ative: if match.start >= r2 { word.truncate(to: match.start) }
        default: break
        }
    }

    private func step4(_ word: inout Letters, r2: Int) {
        // No suffix can start in an empty region: nothing to look up.
        guard r2 < word.count, let match = step4.longest(in: word), match.start >= r2 else { return }
        switch match.rule {
        case .delete: word.truncate(to: match.start)
        case .ion:
            if match.start > 0 && (word[match.start - 1] == "s" || word[match.start - 1] == "t") {
                word.truncate(to: match.start)
            }
        default: break
        }
    }

    private func step5(_ word: inout Letters, r1: Int, r2: Int) {
        let end = word.count - 1
        guard end >= 0 else { return }
        switch word[end] {
        case "e":
            if end >= r2 || (end >= r1 && !endsInShortSyllable(word, end)) { word.truncate(to: end) }
        case "l":
            if end >= r2 && end > 0 && word[end - 1] == "l" { word.truncate(to: end) }
        default: break
        }
    }
}
