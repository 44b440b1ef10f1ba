/// The Snowball German stemmer, as snowballstem.org describes it, with the changes of Snowball 3.0:
/// ae, oe and ue read as ä, ö and ü (once the "german2" variant), -erin and -erinnen removed, -ln
/// and -lns made -l, -et removed where safe, *system* kept whole.
final class German: Sendable {
    /// The one instance: its tables are built once, on first use.
    static let shared = German()

    private let vowels = LetterSet("aeiouyäöü")
    private let sEndings = LetterSet("bdfghklmnrt")
    private let stEndings = LetterSet("bdfghklmnt")
    private let etEndings = LetterSet("dfgklmnrstUzä")

    private enum Step1: Sendable { case em, delete, e, s, ln }
    private let step1 = SuffixTable<Step1>([
        "em": .em, "ern": .delete, "er": .delete, "e": .e, "en": .e, "es": .e, "s": .s,
        "erin": .delete, "erinnen": .delete, "ln": .ln, "lns": .ln,
    ])

    private enum Step2: Sendable { case delete, st, et }
    private let step2 = SuffixTable<Step2>(["en": .delete, "er": .delete, "est": .delete, "st": .st, "et": .et])
    /// Words that keep their -et (*geordnet*, *internet*, *planet*, *ticket*, *vertret*...).
    private let etKept = SuffixTable(["geordn", "intern", "plan", "tick", "tr"])

    private enum Step3: Sendable { case endUng, igIkIsch, lichHeit, keit }
    private let step3 = SuffixTable<Step3>([
        "end": .endUng, "ung": .endUng, "ig": .igIkIsch, "ik": .igIkIsch, "isch": .igIkIsch,
        "lich": .lichHeit, "heit": .lichHeit, "keit": .keit,
    ])
    private let erEn = SuffixTable(["er", "en"])
    private let lichIg = SuffixTable(["lich", "ig"])

    private let syst = scalars("syst")
    private let niss = scalars("niss")
    private let ig = scalars("ig")

    func stem(_ word: inout Letters) {
        prepare(&word)
        let (r1, r2) = word.germanicRegions(vowels: vowels)
        step1(&word, r1: r1)
        step2(&word, r1: r1)
        step3(&word, r1: r1, r2: r2)
        for index in 0..<word.count {
            switch word[index] {
            case "U", "ü": word[index] = "u"
            case "Y": word[index] = "y"
            case "ä": word[index] = "a"
            case "ö": word[index] = "o"
            default: break
            }
        }
    }

    /// Marks u and y between vowels as consonants (U, Y), then reads ß as ss, and ae, oe and ue
    /// as ä, ö and ü (but not ue after q).
    private func prepare(_ word: inout Letters) {
        var index = 1
        while index < word.count - 1 {
            let letter = word[index]
            if (letter == "u" || letter == "y") && vowels.contains(word[index - 1]) && vowels.contains(word[index + 1])
            {
                word[index] = letter == "u" ? "U" : "Y"
            }
            index += 1
        }
        index = 0
        while index < word.count {
            let letter = word[index]
            let next = index + 1 < word.count ? word[index + 1] : nil
            if letter == "ß" {
                word.openGap(at: index)
                word[index] = "s"
                word[index + 1] = "s"
                index += 2
            } else if letter == "q" && next == "u" {
                index += 2
            } else if next == "e" && (letter == "a" || letter == "o" || letter == "u") {
                word[index] = letter == "a" ? "ä" : letter == "o" ? "ö" : "ü"
                word.remove(at: index + 1)
                index += 1
            } else {
                index += 1
            }
        }
    }

    private func step1(_ word: inout Letters, r1: Int) {
        guard let match = step1.longest(in: word), match.start >= r1 else { return }
        let start = match.start
        switch match.rule {
        case .em:
            if !word.has(syst, endingAt: start) { word.truncate(to: start) }
        case .delete:
            word.truncate(to: start)
        case .e:
            word.truncate(to: start)
            if word.ends(with: niss) { word.removeLast() }
        case .s:
            if start > 0 && sEndings.contains(word[start - 1]) { word.truncate(to: start) }
        case .ln:
            word.truncate(to: start + 1)
        }
    }

    private func step2(_ word: inout Letters, r1: Int) {
        guard let match = step2.longest(in: word), match.start >= r1 else { return }
        let start = match.start
        switch match.rule {
        case .delete:
            word.truncate(to: start)
        case .st:
            // After a valid st-ending that has at least 3 letters before it.
            if start >= 4 && stEndings.contains(word[start - 1]) { word.truncate(to: start) }
        case .et:
            if start > 0 && etEndings.contains(word[start - 1]) && !etKept.any(in: word, endingAt: start) {
                word.truncate(to: start)
            }
        }
    }

    private func step3(_ word: inout Letters, r1: Int, r2: Int) {
        guard let match = step3.longest(in: word) else { return }
        let start = match.start
        switch match.rule {
        case .endUng:
            guard start >= r2 else { return }
            word.truncate(to: start)
            // -igend, -igung: the ig goes too, in R2 and not after e.
            if word.ends(with: ig) && start - 2 >= r2 && !(start >= 3 && word[start - 3] == "e") {
                word.truncate(to: start - 2)
            }
        case .igIkIsch:
            if start >= r2 && !(start > 0 && word[start - 1] == "e") { word.truncate(to: start) }
        case .lichHeit:
            guard start >= r2 else { return }
            word.truncate(to: start)
            if let before = erEn.longest(in: word), before.start >= r1 { word.truncate(to: before.start) }
        case .keit:
            guard start >= r2 else { return }
            word.truncate(to: start)
            if let before = lichIg.longest(in: word), before.start >= r2 { word.truncate(to: before.start) }
        }
    }
}
