/// The Snowball Russian stemmer, as snowballstem.org describes it: every ending is looked for in RV,
/// the part of the word after its first vowel; ё is read as е first.
final class Russian: Sendable {
    /// The one instance: its tables are built once, on first use.
    static let shared = Russian()

    private let vowels = LetterSet("аеиоуыэюя", base: 0x400)

    /// Endings of group 1 must follow а or я (itself in RV); group 2's stand alone.
    private enum Group: Sendable { case one, two }

    private let perfectiveGerund = SuffixTable<Group>([
        "в": .one, "вши": .one, "вшись": .one,
        "ив": .two, "ивши": .two, "ившись": .two, "ыв": .two, "ывши": .two, "ывшись": .two,
    ])

    private let adjective = SuffixTable([
        "ее", "ие", "ые", "ое", "ими", "ыми", "ей", "ий", "ый", "ой", "ем", "им", "ым", "ом", "его", "ого", "ему",
        "ому", "их", "ых", "ую", "юю", "ая", "яя", "ою", "ею",
    ])

    private let participle = SuffixTable<Group>([
        "ем": .one, "нн": .one, "вш": .one, "ющ": .one, "щ": .one,
        "ивш": .two, "ывш": .two, "ующ": .two,
    ])

    private let reflexive = SuffixTable(["ся", "сь"])

    private let verb = SuffixTable<Group>([
        "ла": .one, "на": .one, "ете": .one, "йте": .one, "ли": .one, "й": .one, "л": .one, "ем": .one, "н": .one,
        "ло": .one, "но": .one, "ет": .one, "ют": .one, "ны": .one, "ть": .one, "ешь": .one, "нно": .one,
        "ила": .two, "ыла": .two, "ена": .two, "ейте": .two, "уйте": .two, "ите": .two, "или": .two, "ыли": .two,
        "ей": .two, "уй": .two, "ил": .two, "ыл": .two, "им": .two, "ым": .two, "ен": .two, "ило": .two,
        "ыло": .two, "ено": .two, "ят": .two, "ует": .two, "уют": .two, "ит": .two, "ыт": .two, "ены": .two,
        "ить": .two, "ыть": .two, "ишь": .two, "ую": .two, "ю": .two,
    ])

    private let noun = SuffixTable([
        "а", "ев", "ов", "ие", "ье", "е", "иями", "ями", "ами", "еи", "ии", "и", "ией", "ей", "ой", "ий", "й",
        "иям", "ям", "ием", "ем", "ам", "ом", "о", "у", "ах", "иях", "ях", "ы", "ь", "ию", "ью", "ю", "ия", "ья",
        "я",
    ])

    private let superlative = SuffixTable(["ейш", "ейше"])
    private let derivational = SuffixTable(["ост", "ость"])
    private let doubleN = scalars("нн")

    func stem(_ word: inout Letters) {
        for index in 0..<word.count where word[index] == "ё" { word[index] = "е" }
        var rv = 0
        while rv < word.count && !vowels.contains(word[rv]) { rv += 1 }
        rv = min(rv + 1, word.count)
        let r2 = word.regionStart(from: word.regionStart(from: 0, vowels: vowels), vowels: vowels)

        // Step 1: a perfective gerund, or else a reflexive ending and then an adjectival, verb or
        // noun ending.
        if !remove(perfectiveGerund, from: &word, rv: rv) {
            if let match = reflexive.longest(in: word, from: rv) { word.truncate(to: match.start) }
            if !removeAdjectival(&word, rv: rv) && !remove(verb, from: &word, rv: rv),
                let match = noun.longest(in: word, from: rv)
            {
                word.truncate(to: match.start)
            }
        }
        // Step 2.
        if word.count > rv && word.last == "и" { word.removeLast() }
        // Step 3: a derivational ending, all of it in R2.
        if let match = derivational.longest(in: word, from: rv), match.start >= r2 { word.truncate(to: match.start) }
        // Step 4: undouble н, or remove a superlative ending and undouble н, or remove ь.
        if word.has(doubleN, endingAt: word.count) && word.count - 2 >= rv {
            word.removeLast()
        } else if let match = superlative.longest(in: word, from: rv) {
            word.truncate(to: match.start)
            if word.has(doubleN, endingAt: word.count) && word.count - 2 >= rv { word.removeLast() }
        } else if word.count > rv && word.last == "ь" {
            word.removeLast()
        }
    }

    /// Removes the longest ending of `table` in RV, when it stands after а or я in group 1.
    private func remove(_ table: SuffixTable<Group>, from word: inout Letters, rv: Int) -> Bool {
        guard let match = table.longest(in: word, from: rv) else { return false }
        if case .one = match.rule {
            let before = match.start - 1
            guard before >= rv && (word[before] == "а" || word[before] == "я") else { return false }
        }
        word.truncate(to: match.start)
        return true
    }

    /// Removes an adjective ending and a participle ending before it, if there is one.
    private func removeAdjectival(_ word: inout Letters, rv: Int) -> Bool {
        guard let match = adjective.longest(in: word, from: rv) else { return false }
        word.truncate(to: match.start)
        _ = remove(participle, from: &word, rv: rv)
        return true
    }
}
