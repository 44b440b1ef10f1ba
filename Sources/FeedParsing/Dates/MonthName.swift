import Foundation

/// Month names as dates are written in running text — a feed's `pubDate` in its own language, the
/// "4. desember 2026" under a Norwegian headline — in the languages whose sites and feeds Tidings
/// reads: English, Norwegian, Swedish, Danish, German, Dutch, French, Spanish, Italian, Portuguese,
/// Finnish, Polish, Czech, Turkish, Indonesian, Russian and Ukrainian. Each month is known by its
/// full name, the form dates use where that differs (the genitive of "4 декабря", "4. joulukuuta",
/// "4 grudnia") and its usual abbreviations; words are compared without case or accents, so
/// "Décembre", "decembre" and "DÉC" agree.
///
/// Whole words only: a page's text holds "marathon" and "desserts", which a prefix would read as
/// months. `FeedDate` also tries three-letter prefixes after this table, as the one word a feed's
/// date holds between its numbers is a month.
public enum MonthName {
    /// 1…12 for a month's name or abbreviation, nil for any other word.
    public static func number(_ word: some StringProtocol) -> Int? {
        guard (3...13).contains(word.unicodeScalars.count) else { return nil }  // "mai" to "października"
        return numbers[fold(word)]
    }

    /// Lower case, accents removed: the key the table is built and read with.
    static func fold(_ word: some StringProtocol) -> String {
        let lower = word.lowercased()
        guard lower.utf8.contains(where: { $0 >= 0x80 }) else { return lower }
        return lower.folding(options: .diacriticInsensitive, locale: nil)
    }

    /// Each language's months in order, full names and abbreviations separated by spaces; a month
    /// may list several forms (nominative, genitive, abbreviations). Where two languages write
    /// the same word, they mean the same month ("mars", "mai", "juni", "april"). Written as they are
    /// compared, folded ("fevrier" for "février", "маи" for "май"), so that building the table
    /// folds nothing: folding its hundred accented words through Foundation cost every process
    /// about 0.7 million instructions (docs/benchmarks.md). `MonthNameTests` checks that the forms
    /// are folded and that each names one month.
    static let languages: [[String]] = [
        // English
        [
            "january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul",
            "august aug", "september sep sept", "october oct", "november nov", "december dec",
        ],
        // Norwegian and Danish (Danish writes "december")
        [
            "januar", "februar", "mars marts", "april", "mai maj", "juni", "juli", "august", "september",
            "oktober okt", "november", "desember des december",
        ],
        // Swedish
        [
            "januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober",
            "november", "december",
        ],
        // German (Austria writes "Jänner")
        [
            "januar janner", "februar", "marz mrz", "april", "mai", "juni", "juli", "august", "september",
            "oktober okt", "november", "dezember dez",
        ],
        // Dutch
        [
            "januari", "februari", "maart mrt", "april", "mei", "juni", "juli", "augustus", "september", "oktober okt",
            "november", "december",
        ],
        // French
        [
            "janvier janv", "fevrier fevr fev", "mars", "avril avr", "mai", "juin", "juillet juil", "aout",
            "septembre", "octobre", "novembre", "decembre dec",
        ],
        // Spanish
        [
            "enero ene", "febrero", "marzo", "abril abr", "mayo", "junio", "julio", "agosto ago",
            "septiembre setiembre", "octubre", "noviembre", "diciembre dic",
        ],
        // Italian
        [
            "gennaio gen", "febbraio", "marzo", "aprile", "maggio mag", "giugno giu", "luglio lug", "agosto",
            "settembre set", "ottobre ott", "novembre", "dicembre",
        ],
        // Portuguese
        [
            "janeiro", "fevereiro fev", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro set",
            "outubro out", "novembro", "dezembro dez",
        ],
        // Finnish: the partitive of dates ("4. joulukuuta 2026") and the nominative
        [
            "tammikuuta tammikuu", "helmikuuta helmikuu", "maaliskuuta maaliskuu", "huhtikuuta huhtikuu",
            "toukokuuta toukokuu", "kesakuuta kesakuu", "heinakuuta heinakuu", "elokuuta elokuu",
            "syyskuuta syyskuu", "lokakuuta lokakuu", "marraskuuta marraskuu", "joulukuuta joulukuu",
        ],
        // Polish: genitive of dates, then nominative
        [
            "stycznia styczen", "lutego luty", "marca marzec", "kwietnia kwiecien", "maja maj",
            "czerwca czerwiec", "lipca lipiec", "sierpnia sierpien", "wrzesnia wrzesien",
            "pazdziernika pazdziernik", "listopada listopad", "grudnia grudzien",
        ],
        // Czech: genitive of dates
        [
            "ledna leden", "unora unor", "brezna brezen", "dubna duben", "kvetna kveten", "cervna cerven",
            "cervence cervenec", "srpna srpen", "zari", "rijna rijen", "listopadu", "prosince prosinec",
        ],
        // Turkish
        [
            "ocak", "subat", "mart", "nisan", "mayıs", "haziran", "temmuz", "agustos", "eylul", "ekim",
            "kasım", "aralık",
        ],
        // Indonesian
        [
            "januari", "februari", "maret", "april", "mei", "juni", "juli", "agustus", "september",
            "oktober", "november", "desember",
        ],
        // Russian: genitive of dates, nominative, and the abbreviations of localised RFC 822 dates
        [
            "января январь янв", "февраля февраль фев", "марта март мар", "апреля апрель апр", "мая маи",
            "июня июнь июн", "июля июль июл", "августа август авг", "сентября сентябрь сен сент",
            "октября октябрь окт", "ноября ноябрь ноя", "декабря декабрь дек",
        ],
        // Ukrainian: genitive of dates, then nominative
        [
            "січня січень", "лютого лютии", "березня березень", "квітня квітень", "травня травень",
            "червня червень", "липня липень", "серпня серпень", "вересня вересень", "жовтня жовтень",
            "листопада листопад", "грудня грудень",
        ],
    ]

    static let numbers: [String: Int] = {
        var numbers: [String: Int] = [:]
        for months in languages {
            for (index, forms) in months.enumerated() {
                for form in forms.split(separator: " ") { numbers[String(form)] = index + 1 }
            }
        }
        return numbers
    }()
}
