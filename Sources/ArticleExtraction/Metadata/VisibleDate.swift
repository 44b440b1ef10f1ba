import FeedParsing
import Foundation

/// The date a page shows its reader beside its main heading — "Posted on March 5, 2025", "5 Mar
/// 2025 · 4 min read", "Updated 2025-03-05" — for pages whose metadata and markup give none: many
/// blogs and shops' articles print it under the title and nowhere else. Read in the text from
/// ``before`` characters ahead of the page's first visible `h1` to ``after`` characters past it;
/// the first date there wins. Month names are those of `MonthName` (seventeen languages, full,
/// genitive and abbreviated); numeric dates are read as ISO `YYYY-MM-DD`, `YYYY/MM/DD`, dotted
/// `DD.MM.YYYY`, East Asian `YYYY年M月D日`, and with slashes or dashes only when day and month
/// cannot be mistaken (`03/05/2025` is March or May depending on the country).
enum VisibleDate {
    static let before = 300
    static let after = 600

    /// The date near the page's main heading as `YYYY-MM-DD`, if there is one.
    static func near(mainHeadingOf tree: HTMLTree) -> String? {
        guard
            let heading = tree.descendants(of: tree.body, where: { $0 == .h1 }).first(where: {
                tree.stats[Int($0)].solid > 0 && !ArticleTitle.isHidden($0, in: tree)
            })
        else { return nil }
        return first(in: window(around: heading, in: tree))
    }

    static let skipped = KindSet([.script, .style, .template, .noscript, .svg, .head])

    /// The visible text around `heading`, spaces collapsed: the end of what comes before it, the
    /// heading, and the beginning of what follows. Text nodes count as their text and a space,
    /// other elements without children (a break, an image) as a space.
    static func window(around heading: HTMLTree.Node, in tree: HTMLTree) -> String {
        // A heading inside what is never read (a template, a noscript) has no window.
        var ancestor = tree.parent[Int(heading)]
        while ancestor != HTMLTree.none, ancestor != tree.body {
            if skipped.contains(tree.kind[Int(ancestor)]) { return "" }
            ancestor = tree.parent[Int(ancestor)]
        }
        guard ancestor == tree.body else { return "" }
        // Before the heading: read backwards from it until `before` scalars are known, so that
        // the text of a long page ahead of its heading is not all decoded. Unicode scalars rather
        // than characters: the window's bounds need no grapheme breaking.
        var pieces: [[Unicode.Scalar]] = []
        var count = 0
        var node = heading
        while count < before, let leaf = previousLeaf(before: node, in: tree) {
            node = leaf
            var piece: [Unicode.Scalar] = []
            if tree.kind[Int(leaf)] == .text {
                piece.append(contentsOf: HTMLTree.collapsingSpaces(tree.textContent(leaf)).unicodeScalars)
            }
            piece.append(" ")
            count += piece.count
            pieces.append(piece)
        }
        var scalars = Array(pieces.reversed().joined())
        if scalars.count > before { scalars.removeFirst(scalars.count - before) }
        // The heading and what follows, in document order, up to `after` scalars past its end.
        var headingEnd: Int?
        var current = heading
        while current != HTMLTree.none {
            let index = Int(current)
            if tree.kind[index] == .text {
                scalars.append(contentsOf: HTMLTree.collapsingSpaces(tree.textContent(current)).unicodeScalars)
                scalars.append(" ")
                if let end = headingEnd, scalars.count >= end + after { break }
            } else if !skipped.contains(tree.kind[index]), tree.firstChild[index] != HTMLTree.none {
                current = tree.firstChild[index]
                continue
            } else {
                scalars.append(" ")  // an element without text between words: a break, an image
            }
            // On to the next sibling of this node, or of its nearest ancestor that has one.
            while current != tree.body, tree.next[Int(current)] == HTMLTree.none {
                if current == heading { headingEnd = scalars.count }
                current = tree.parent[Int(current)]
            }
            if current == tree.body { break }
            if current == heading { headingEnd = scalars.count }
            current = tree.next[Int(current)]
        }
        guard let end = headingEnd else { return "" }
        var window = String.UnicodeScalarView()
        window.append(contentsOf: scalars.prefix(end + after))
        return String(window)
    }

    /// The text node or childless (or never read) element just before `node` in document order,
    /// within the body; nil at the body's start.
    static func previousLeaf(before node: HTMLTree.Node, in tree: HTMLTree) -> HTMLTree.Node? {
        var current = node
        while current != tree.body, current != HTMLTree.none {
            let previous = tree.previous[Int(current)]
            if previous == HTMLTree.none {
                current = tree.parent[Int(current)]
                continue
            }
            current = previous
            while tree.kind[Int(current)] != .text, !skipped.contains(tree.kind[Int(current)]),
                tree.lastChild[Int(current)] != HTMLTree.none
            {
                current = tree.lastChild[Int(current)]
            }
            return current
        }
        return nil
    }

    /// Words that stand between a day, its month and its year: "5th of March", Spanish and
    /// Portuguese "4 de diciembre de 2026".
    static let connectors: Set<Substring> = ["of", "de", "del"]

    /// The first date in `text`: "March 5, 2025", "Mar. 5th 2025", "5 March 2025", "5th of March,
    /// 2025", "4. desember 2026", "4 de diciembre de 2026", "2025-03-05", "05.03.2025",
    /// "25/03/2025", "11-29-2024", "2026年12月4日" or "2026년 12월 4일", as `YYYY-MM-DD`. Month names
    /// are those `MonthName` knows, in many languages.
    static func first(in text: String) -> String? {
        // Words and numbers with their positions; punctuation between them is allowed as
        // written dates use it ("Mar. 5, 2025"), anything else breaks a date.
        var tokens: [Substring] = []
        var start: String.Index?
        for index in text.indices {
            let character = text[index]
            if character.isLetter || character.isNumber || character == "-" {
                if start == nil { start = index }
            } else if let from = start {
                tokens.append(text[from..<index])
                start = nil
            }
        }
        if let from = start { tokens.append(text[from...]) }
        for (position, token) in tokens.enumerated() {
            guard let lead = token.utf8.first else { continue }
            guard (0x30...0x39).contains(lead) else {
                // "March 5, 2025", "Mar. 5th 2025" (the numbers are checked first: they are
                // cheaper than a word's case and accents)
                if position + 2 < tokens.count, let day = day(tokens[position + 1]),
                    let year = year(tokens[position + 2]), let month = month(token)
                {
                    return format(year, month, day)
                }
                continue
            }
            if let date = isoDate(token) ?? dashedDate(token) ?? eastAsianDate(tokens[position...].prefix(3)) {
                return date
            }
            if position + 2 < tokens.count,
                let numeric = numericDate(tokens[position], tokens[position + 1], tokens[position + 2], in: text)
            {
                return numeric
            }
            // "5 March 2025", "5th of March, 2025", "4 de diciembre de 2026"
            if let day = day(token) {
                var next = position + 1
                if next < tokens.count, connectors.contains(tokens[next]) { next += 1 }
                guard next < tokens.count, let month = month(tokens[next]) else { continue }
                next += 1
                if next < tokens.count, connectors.contains(tokens[next]) { next += 1 }
                if next < tokens.count, let year = year(tokens[next]) { return format(year, month, day) }
            }
        }
        return nil
    }

    /// The month a word names ("March", "mar", "Sept", "desember", "décembre"), without case.
    static func month(_ word: Substring) -> Int? {
        guard word.utf8.first.map({ $0 >= 0x41 }) == true else { return nil }
        return MonthName.number(word)
    }

    /// Three numbers written as one date, the same separator between them, no space: `2025/03/05`
    /// (year first), `05.03.2025` (day first, as every country writing dots does), and `25/03/2025`
    /// or `03/25/2025` only when one of the first two cannot be a month — `03/05/2025` is March in
    /// one country and May in another, and is not read.
    static func numericDate(_ first: Substring, _ second: Substring, _ third: Substring, in text: String) -> String? {
        guard first.endIndex < second.startIndex, second.endIndex < third.startIndex,
            text.distance(from: first.endIndex, to: second.startIndex) == 1,
            text.distance(from: second.endIndex, to: third.startIndex) == 1
        else { return nil }
        let separator = text[first.endIndex]
        guard separator == text[second.endIndex], separator == "." || separator == "/" else { return nil }
        return numericDate(first, second, third, separator: separator)
    }

    /// A date written with dashes that is not ISO's: `29-11-2024` or `11-29-2024`, read as slashes
    /// are (only when day and month cannot be mistaken), and `2024-1-5`.
    static func dashedDate(_ token: Substring) -> String? {
        guard (8...10).contains(token.utf8.count), token.utf8.first.map({ (0x30...0x39).contains($0) }) == true
        else { return nil }
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return numericDate(parts[0], parts[1], parts[2], separator: "-")
    }

    static func numericDate(_ first: Substring, _ second: Substring, _ third: Substring, separator: Character)
        -> String?
    {
        guard let a = Int(first), let b = Int(second), let c = Int(third) else { return nil }
        if first.count == 4, second.count <= 2, third.count <= 2, separator != "." {
            guard let year = year(first), (1...12).contains(b), (1...31).contains(c) else { return nil }
            return format(year, b, c)
        }
        guard first.count <= 2, second.count <= 2, third.count == 4, let year = year(third) else {
            return nil
        }
        if separator == "." || a > 12 {
            guard (1...12).contains(b), (1...31).contains(a) else { return nil }
            return format(year, b, a)
        }
        guard b > 12, (1...31).contains(b), (1...12).contains(a) else { return nil }
        return format(year, a, b)
    }

    /// A date as Chinese and Japanese write it, `2026年12月4日` (one word, as their text has no
    /// spaces), or Korean, `2026년 12월 4일`: the year, month and day each followed by its mark.
    static func eastAsianDate(_ words: ArraySlice<Substring>) -> String? {
        guard let head = words.first, head.utf8.count >= 7, head.utf8.count < 40,
            head.utf8.first.map({ (0x30...0x39).contains($0) }) == true,
            head.unicodeScalars.dropFirst(4).first.map({ $0 == "年" || $0 == "년" }) == true
        else { return nil }
        var numbers: [Int] = []
        var digits = 0
        var count = 0
        for scalar in words.joined().unicodeScalars {
            if (0x30...0x39).contains(scalar.value) {
                guard count < 4 else { return nil }
                digits = digits * 10 + Int(scalar.value - 0x30)
                count += 1
            } else if "年월月일日년".unicodeScalars.contains(scalar), count > 0 {
                numbers.append(digits)
                digits = 0
                count = 0
                if numbers.count == 3 { break }
            } else {
                return nil
            }
        }
        guard numbers.count == 3, (1900...2199).contains(numbers[0]), (1...12).contains(numbers[1]),
            (1...31).contains(numbers[2])
        else { return nil }
        return format(numbers[0], numbers[1], numbers[2])
    }

    /// The date in an element the page names for one — a class or id word date, dates, time,
    /// published, posted, pubdate, dateline or timestamp ("post-date", "entry-date", "c-meta__date",
    /// "publishedAt") — with a short text (under 120 characters) holding a date: the first in
    /// document order outside navigation, asides, footers, comments and reviews.
    static func inDatedElement(of tree: HTMLTree) -> String? {
        tree.firstAnswer(
            within: tree.body,
            pruning: {
                unread.contains(tree.kind[Int($0)]) || PageAuthor.isCommentary($0, in: tree)
                    || tree.flags[Int($0)].contains(.hidden)
            },
            { element in
                guard datedWords.named(element, in: tree) else { return nil }
                let text = tree.innerText(element)
                return text.count < 120 ? first(in: text) : nil
            })
    }

    static let unread = KindSet([.nav, .aside, .footer, .script, .style, .template, .noscript, .svg])
    static let datedWords = NameWords([
        "date", "dates", "time", "published", "posted", "pubdate", "dateline", "timestamp", "datetime",
    ])

    static func isoDate(_ token: Substring) -> String? {
        guard token.utf8.count == 10 else { return nil }
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = year(parts[0]), let month = Int(parts[1]), (1...12).contains(month),
            let day = day(parts[2])
        else { return nil }
        return format(year, month, day)
    }

    /// A day of the month, with or without its English or French suffix ("5", "05", "5th", "1er").
    static func day(_ word: Substring) -> Int? {
        guard (1...4).contains(word.utf8.count), let first = word.utf8.first, (0x30...0x39).contains(first) else {
            return nil
        }
        var digits = word
        for suffix in ["st", "nd", "rd", "th", "er"] where digits.lowercased().hasSuffix(suffix) {
            digits.removeLast(2)
        }
        guard digits.count <= 2, let day = Int(digits), (1...31).contains(day) else { return nil }
        return day
    }

    static func year(_ word: Substring) -> Int? {
        guard word.utf8.count == 4, let year = Int(word), (1900...2199).contains(year) else { return nil }
        return year
    }

    static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }
}
