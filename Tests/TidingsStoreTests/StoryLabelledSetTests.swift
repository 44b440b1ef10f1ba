import Foundation
import Testing
import TidingsModel
import TidingsStore

/// Issue 42's labelled set: tellings of stories as sources of one section tell them — wire copy
/// run by several papers with their own titles, aggregator titles (" - Source"), tracking and AMP
/// links, updates of a story — beside different stories that look alike (the same kind of event
/// in another town, a translation, a follow-up days later). Every telling carries the story it
/// belongs to; the fold's stories are scored by pairs: precision (pairs grouped that are one
/// story) and recall (pairs of one story that were grouped). Written by hand for this test (the
/// shared corpus holds no edited retellings across sources; docs/sections.md has what it showed).
/// The rule's thresholds were set before the set was written and not changed after; the set is
/// to grow, with a part held out once thresholds are tuned on it.
@Suite("Story grouping on a labelled set")
struct StoryLabelledSetTests {
    /// One telling: its story, source, hours after the set's start, link, title and summary.
    struct Telling {
        var story: String
        var source: String
        var hours: Double
        var url: String
        var title: String
        var summary: String
    }

    static let wire =
        "Alle skoler i Bergen holder stengt mandag etter at stormen Ingunn rev tak av hus og veltet trær over hele byen."
    static let ferry =
        "Partene i fergestreiken ble enige natt til søndag, og alle samband går som normalt fra klokken seks."
    static let quake =
        "A magnitude 6.1 earthquake struck off the coast of northern Japan on Tuesday, shaking buildings in Sendai but causing no tsunami, the weather agency said."
    static let rates =
        "Norges Bank holdt styringsrenten uendret på 4,5 prosent torsdag, men varslet at den trolig blir satt ned i mars."
    static let election =
        "Socialdemokraterna blir största parti med 31 procent av rösterna när nästan alla valdistrikt är räknade, enligt Valmyndigheten."

    static let tellings: [Telling] = [
        // Wire copy, run by three papers under their own titles and links.
        .init(
            story: "storm", source: "ntb", hours: 0, url: "https://ntb.example/storm-bergen",
            title: "Storm stenger skoler i Bergen", summary: wire),
        .init(
            story: "storm", source: "ba", hours: 0.5, url: "https://ba.example/nyheter/storm-skoler",
            title: "Alle skoler i Bergen stengt etter stormen", summary: wire + " Det opplyser kommunen."),
        .init(
            story: "storm", source: "bt", hours: 1, url: "https://bt.example/a/8812",
            title: "Ingunn stenger skolene", summary: wire),
        // An aggregator's title with its source's name, linking the wire's page with tracking.
        .init(
            story: "storm", source: "gnews", hours: 1.5, url: "https://ntb.example/storm-bergen?utm_source=gn",
            title: "Storm stenger skoler i Bergen - NTB", summary: ""),
        // The same kind of event in another town, the same day, from the same wire desk's template.
        .init(
            story: "storm-oslo", source: "aftenposten", hours: 2, url: "https://ap.example/oslo-skoler",
            title: "Storm stenger skoler i Oslo",
            summary:
                "Flere skoler i Oslo holder stengt mandag etter at stormen Ingunn veltet trær langs skoleveiene i Groruddalen."
        ),
        // The ferry strike: an AMP copy, a mobile copy, and an update two days later (a new story).
        .init(
            story: "ferry", source: "ntb", hours: 3, url: "https://ntb.example/ferge",
            title: "Fergestreiken er over", summary: ferry),
        .init(
            story: "ferry", source: "vl", hours: 3.2, url: "https://www.ntb.example/amp/ferge",
            title: "Streiken er over – fergene går igjen", summary: ferry),
        .init(
            story: "ferry", source: "sunnmore", hours: 4, url: "https://m.ntb.example/ferge/",
            title: "Enige i natt: fergene går", summary: ""),
        .init(
            story: "ferry-later", source: "vl", hours: 52, url: "https://vl.example/ferge-etterspill",
            title: "Fergestreiken er over, men køene er ikke det",
            summary: "To dager etter streiken står bilene fortsatt i kø ved Halhjem, der rederiet mangler mannskap."),
        // An earthquake: wire copy in English, and a translation into Norwegian (kept apart).
        .init(
            story: "quake", source: "reuters", hours: 5, url: "https://reuters.example/world/quake-japan",
            title: "Strong quake hits northern Japan, no tsunami warning", summary: quake),
        .init(
            story: "quake", source: "guardian", hours: 5.5, url: "https://guardian.example/world/2026/quake",
            title: "Magnitude 6.1 earthquake strikes off Japan", summary: quake),
        .init(
            story: "quake-nb", source: "nrk", hours: 6, url: "https://nrk.example/urix/jordskjelv-japan",
            title: "Kraftig jordskjelv utenfor Japan",
            summary:
                "Et jordskjelv med styrke 6,1 rystet bygninger i Sendai tirsdag, men det kom ingen tsunami, opplyser meteorologene."
        ),
        // The central bank: wire copy twice; a different bank's decision the same day.
        .init(
            story: "rates", source: "e24", hours: 7, url: "https://e24.example/renten-uendret",
            title: "Renten står stille", summary: rates),
        .init(
            story: "rates", source: "dn", hours: 7.2, url: "https://dn.example/renten",
            title: "Norges Bank holder renten på 4,5 prosent", summary: rates),
        .init(
            story: "rates-se", source: "di", hours: 7.5, url: "https://di.example/riksbanken",
            title: "Riksbanken holder renten uendret",
            summary:
                "Riksbanken lot styrräntan ligga kvar på 2,25 procent torsdag och räknar med att den ligger kvar året ut."
        ),
        // A Swedish election night, wire copy; a Danish headline on another count.
        .init(
            story: "election", source: "tt", hours: 9, url: "https://tt.example/val-s-storst",
            title: "S blir största parti", summary: election),
        .init(
            story: "election", source: "svd", hours: 9.5, url: "https://svd.example/valet/s-storst",
            title: "Valet: Socialdemokraterna största parti", summary: election),
        .init(
            story: "election-dk", source: "dr", hours: 10, url: "https://dr.example/valg",
            title: "Socialdemokratiet bliver største parti",
            summary:
                "Socialdemokratiet får 27 procent af stemmerne ved kommunalvalget, viser de foreløbige tal fra Danmarks Statistik."
        ),
        // Independent reporting of one event: other words throughout (grouped only by a link).
        .init(
            story: "fire", source: "ba", hours: 11, url: "https://ba.example/brann-bryggen",
            title: "Brann på Bryggen slukket",
            summary: "Brannvesenet fikk kontroll over brannen i et av de gamle trehusene etter to timer."),
        .init(
            story: "fire", source: "bt", hours: 11.5, url: "https://bt.example/bryggen-brann",
            title: "Fikk kontroll på Bryggen-brannen",
            summary: "Ingen ble skadet da det begynte å brenne i et lagerbygg på Bryggen natt til fredag."),
        // Two different cup finals with one template.
        .init(
            story: "cup-men", source: "vg", hours: 12, url: "https://vg.example/sport/cupfinale-menn",
            title: "Brann vant cupfinalen",
            summary: "Brann slo Molde 2–1 i cupfinalen på Ullevaal søndag og tok sitt første cupgull siden 2004."),
        .init(
            story: "cup-women", source: "nrk", hours: 12.5, url: "https://nrk.example/sport/cupfinale-kvinner",
            title: "Brann vant cupfinalen",
            summary: "Brann slo Vålerenga 3–0 i kvinnenes cupfinale på Ullevaal lørdag og tok dobbelten."),
    ]

    static let dpa =
        "Nach tagelangem Regen ist der Rhein in Köln über die Ufer getreten; die Altstadt wurde am Montagmorgen teilweise evakuiert, teilte die Feuerwehr mit."
    static let stt =
        "Eduskunta hyväksyi tiistaina lain, joka nostaa alinta eläkeikää vuodella vuodesta 2030 alkaen. Laki sai 112 ääntä puolesta ja 71 vastaan."
    static let tass =
        "Центральный банк России повысил ключевую ставку до 18 процентов годовых, сообщила в пятницу пресс-служба регулятора."
    static let ap =
        "Apple shares fell more than 4% on Monday after the company said sales of its newest phones in China were weaker than expected during the holiday quarter."
    static let equinor =
        "Equinor-aksjen steg 3,2 prosent på Oslo Børs fredag etter at selskapet la fram sterkere kvartalstall enn analytikerne hadde ventet."

    /// The second part, written after the thresholds were fixed: more languages, aggregator
    /// titles naming their source, and the different stories that look most alike in real feeds —
    /// notices cut from one template (a storm warning for two regions, two companies' shares,
    /// floods in two towns). Held out at first, it showed two template notices merged (precision
    /// 0.84), which is where the rule on names came from; so it is no longer held out.
    static let second: [Telling] = [
        // A flood, dpa's copy run by two papers under their own titles; an aggregator's title
        // with the agency's name, linking dpa's page with tracking; the same template for another town.
        .init(
            story: "koeln", source: "dpa", hours: 0, url: "https://dpa.example/hochwasser-koeln",
            title: "Hochwasser: Kölner Altstadt teilweise evakuiert", summary: dpa),
        .init(
            story: "koeln", source: "spiegel", hours: 0.4, url: "https://spiegel.example/panorama/koeln-a-8812",
            title: "Rhein tritt über die Ufer – Evakuierung in Köln", summary: dpa),
        .init(
            story: "koeln", source: "zeit", hours: 0.8, url: "https://zeit.example/news/2026-12/07/hochwasser",
            title: "Köln evakuiert Teile der Altstadt", summary: dpa + " Die Lage bleibt angespannt."),
        .init(
            story: "koeln", source: "gnews", hours: 1, url: "https://dpa.example/hochwasser-koeln?utm_medium=rss",
            title: "Hochwasser: Kölner Altstadt teilweise evakuiert - dpa", summary: ""),
        .init(
            story: "siegburg", source: "ksta", hours: 1.5, url: "https://ksta.example/region/siegburg-sieg",
            title: "Hochwasser: Straßen in Siegburg gesperrt",
            summary:
                "Nach tagelangem Regen ist die Sieg in Siegburg über die Ufer getreten; mehrere Straßen wurden am Montagmorgen gesperrt, teilte die Polizei mit."
        ),
        // A law passed, STT's copy in two Finnish papers; Yle's Swedish service in its own words.
        .init(
            story: "pension", source: "hs", hours: 3, url: "https://hs.example/politiikka/art-2000011",
            title: "Eläkeikä nousee vuodella", summary: stt),
        .init(
            story: "pension", source: "iltalehti", hours: 3.3, url: "https://il.example/politiikka/a/eb91",
            title: "Eduskunta päätti: eläkeikä nousee", summary: stt),
        .init(
            story: "pension-sv", source: "svenska-yle", hours: 3.6, url: "https://svenska.yle.example/a/7-1001",
            title: "Riksdagen höjde pensionsåldern",
            summary:
                "Riksdagen godkände på tisdagen en lag som höjer den lägsta pensionsåldern med ett år från och med 2030."
        ),
        // A central bank decision, TASS's copy run by two outlets under their own titles.
        .init(
            story: "rate-ru", source: "tass", hours: 5, url: "https://tass.example/ekonomika/2211",
            title: "ЦБ повысил ключевую ставку до 18%", summary: tass),
        .init(
            story: "rate-ru", source: "rbc", hours: 5.2, url: "https://rbc.example/finances/07/12/2026/ab12",
            title: "Банк России поднял ставку", summary: tass),
        // AP's copy in two papers; an aggregator's title naming the paper it links.
        .init(
            story: "apple", source: "ap", hours: 7, url: "https://apnews.example/article/apple-china-sales",
            title: "Apple shares slide on weak iPhone sales in China", summary: ap),
        .init(
            story: "apple", source: "abc", hours: 7.3, url: "https://abcnews.example/Business/apple-shares",
            title: "Apple stock falls after disappointing China sales", summary: ap),
        .init(
            story: "apple", source: "The Washington Post", hours: 7.6,
            url: "https://www.washingtonpost.example/business/2026/12/07/apple-china/",
            title: "Apple shares slide on weak iPhone sales in China - The Washington Post", summary: ap),
        .init(
            story: "apple", source: "gnews", hours: 8,
            url: "https://washingtonpost.example/business/2026/12/07/apple-china?utm_source=gn&utm_medium=feed",
            title: "Apple shares slide on weak iPhone sales in China - The Washington Post", summary: ""),
        // Two companies' shares, one template, two sources.
        .init(
            story: "equinor", source: "e24", hours: 9, url: "https://e24.example/boers/equinor-steg",
            title: "Equinor steg etter kvartalstallene", summary: equinor),
        .init(
            story: "equinor", source: "dn", hours: 9.2, url: "https://dn.example/marked/equinor",
            title: "Equinor til værs på børsen", summary: equinor),
        .init(
            story: "akerbp", source: "finansavisen", hours: 9.4, url: "https://finansavisen.example/energi/akerbp",
            title: "Aker BP steg etter kvartalstallene",
            summary:
                "Aker BP-aksjen steg 2,9 prosent på Oslo Børs fredag etter at selskapet la fram sterkere kvartalstall enn analytikerne hadde ventet."
        ),
        // Storm warnings for two regions, one template, two regional desks.
        .init(
            story: "warning-nordland", source: "nrk-nordland", hours: 11,
            url: "https://nrk.example/nordland/farevarsel",
            title: "Oransje farevarsel for Nordland",
            summary:
                "Meteorologisk institutt har sendt ut oransje farevarsel for kraftig vind i Nordland fra tirsdag kveld til onsdag morgen."
        ),
        .init(
            story: "warning-troms", source: "nrk-troms", hours: 11.2,
            url: "https://nrk.example/tromsogfinnmark/farevarsel",
            title: "Oransje farevarsel for Troms",
            summary:
                "Meteorologisk institutt har sendt ut oransje farevarsel for kraftig vind i Troms fra tirsdag kveld til onsdag morgen."
        ),
        // An update of a story: the wire's page updated and run again by a paper under the same link.
        .init(
            story: "slide", source: "ntb", hours: 13, url: "https://ntb.example/jordskred-gjerdrum",
            title: "Jordskred i Gjerdrum: flere savnet",
            summary:
                "Et kvikkleireskred har tatt med seg flere hus i Gjerdrum natt til onsdag. Flere personer er savnet."),
        .init(
            story: "slide", source: "romerikes-blad", hours: 16, url: "https://ntb.example/jordskred-gjerdrum",
            title: "Tre funnet omkommet etter skredet",
            summary:
                "Politiet bekrefter at tre personer er funnet omkommet etter kvikkleireskredet i Gjerdrum. Sju er fortsatt savnet."
        ),
    ]

    static let nina =
        "Sykkelrytteren Tobias Foss vant lørdag den tredje etappen i Tour of Norway etter et langt brudd i regnet opp mot Stavsro."
    static let afp =
        "French President Emmanuel Macron named Catherine Vautrin as prime minister on Saturday, two weeks after the government lost a confidence vote in parliament."
    static let omni =
        "Polisen i Göteborg har gripit en man i 30-årsåldern misstänkt för mordet på en kvinna i Angered i söndags."

    /// Written after the rule on names, and not used to change anything: the part held out.
    /// Scored as it came out.
    static let heldOut: [Telling] = [
        // NTB's copy, each paper adding a sentence of its own with names in it.
        .init(
            story: "tour", source: "ntb", hours: 0, url: "https://ntb.example/sport/foss-etappe",
            title: "Foss vant etappen", summary: nina),
        .init(
            story: "tour", source: "adressa", hours: 0.3, url: "https://adressa.example/sport/foss-vant",
            title: "Tobias Foss vant kongeetappen", summary: nina + " Han leder nå sammenlagt foran Kristoff."),
        .init(
            story: "tour", source: "tb", hours: 0.6, url: "https://tb.example/sport/sykkel/foss",
            title: "Seier til Foss i regnet", summary: nina + " Mads Pedersen ble nummer to."),
        // Another stage, another winner, the same wire template the next day.
        .init(
            story: "tour-next", source: "ntb", hours: 24, url: "https://ntb.example/sport/kristoff-etappe",
            title: "Kristoff vant etappen",
            summary:
                "Sykkelrytteren Alexander Kristoff vant søndag den fjerde etappen i Tour of Norway etter en massespurt i regnet i Bergen."
        ),
        // AFP in English, run by two papers with Title Case titles; a French paper's own report.
        .init(
            story: "macron", source: "afp", hours: 2, url: "https://afp.example/en/france-politics-pm",
            title: "Macron Names Vautrin Prime Minister", summary: afp),
        .init(
            story: "macron", source: "france24", hours: 2.4, url: "https://france24.example/en/france/20261207-vautrin",
            title: "Catherine Vautrin Named French Prime Minister After Confidence Vote", summary: afp),
        .init(
            story: "macron-fr", source: "lemonde", hours: 2.6, url: "https://lemonde.example/politique/article/vautrin",
            title: "Catherine Vautrin nommée à Matignon",
            summary:
                "Emmanuel Macron a nommé samedi Catherine Vautrin Première ministre, deux semaines après la chute du gouvernement."
        ),
        // TT's copy of a police report, twice; the same template for another town.
        .init(
            story: "murder", source: "gp", hours: 4, url: "https://gp.example/nyheter/goteborg/gripen",
            title: "Man gripen för mord i Angered", summary: omni),
        .init(
            story: "murder", source: "expressen", hours: 4.3, url: "https://expressen.example/gbg/man-gripen",
            title: "Man i 30-årsåldern gripen efter mordet", summary: omni),
        .init(
            story: "murder-malmo", source: "sydsvenskan", hours: 4.6, url: "https://sydsvenskan.example/malmo/gripen",
            title: "Man gripen för mord i Rosengård",
            summary:
                "Polisen i Malmö har gripit en man i 30-årsåldern misstänkt för mordet på en kvinna i Rosengård i söndags."
        ),
        // An aggregator's title naming its source, under the source's AMP link.
        .init(
            story: "murder", source: "Expressen", hours: 5, url: "https://expressen.example/gbg/man-gripen/amp/",
            title: "Man i 30-årsåldern gripen efter mordet - Expressen", summary: ""),
    ]

    /// The fold's stories for the set, by telling index.
    static func fold(_ tellings: [Telling], rule: StoryRule = StoryRule()) -> [Int64] {
        let start = Date(timeIntervalSince1970: 1_796_000_000)
        let keys = tellings.map {
            StoryKeys(url: $0.url, title: $0.title, summary: $0.summary, source: $0.source.uppercased())
        }
        var fold = StoryFold(rule: rule)
        return tellings.indices.map { index in
            fold.add(
                StoryEntry(
                    seq: Int64(index + 1), source: tellings[index].source,
                    at: start.addingTimeInterval(tellings[index].hours * 3600), keys: keys[index]))
        }
    }

    /// Precision and recall over pairs of tellings, and the pairs each way wrong.
    static func score(_ tellings: [Telling], _ stories: [Int64]) -> (
        precision: Double, recall: Double, merged: [String], missed: [String]
    ) {
        var (together, truly, both) = (0, 0, 0)
        var merged: [String] = []
        var missed: [String] = []
        for a in tellings.indices {
            for b in tellings.indices where b > a {
                let grouped = stories[a] == stories[b]
                let same = tellings[a].story == tellings[b].story
                if grouped { together += 1 }
                if same { truly += 1 }
                if grouped && same { both += 1 }
                let pair = "\(tellings[a].source)/\(tellings[a].story) ~ \(tellings[b].source)/\(tellings[b].story)"
                if grouped && !same { merged.append(pair) }
                if same && !grouped { missed.append(pair) }
            }
        }
        return (
            together == 0 ? 1 : Double(both) / Double(together), truly == 0 ? 1 : Double(both) / Double(truly),
            merged, missed
        )
    }

    @Test("never merges two different stories; finds the retellings that share a link or wire copy")
    func labelled() {
        let stories = Self.fold(Self.tellings)
        let score = Self.score(Self.tellings, stories)
        print(
            "story grouping, labelled set: precision \(score.precision), recall \(score.recall); merged: \(score.merged); missed: \(score.missed)"
        )
        // How close the texts came: the most alike pair of different stories, the least alike
        // pair of one story's tellings with words enough to compare.
        let keys = Self.tellings.map {
            StoryKeys(url: $0.url, title: $0.title, summary: $0.summary, source: $0.source.uppercased())
        }
        var closestApart = 0.0
        var farthestTogether = 1.0
        for a in keys.indices {
            for b in keys.indices where b > a && Self.tellings[a].source != Self.tellings[b].source {
                let similarity = keys[a].similarity(to: keys[b])
                if Self.tellings[a].story == Self.tellings[b].story {
                    if keys[a].words >= 6 && keys[b].words >= 6 { farthestTogether = min(farthestTogether, similarity) }
                } else {
                    closestApart = max(closestApart, similarity)
                }
            }
        }
        print(
            "story grouping, labelled set: most alike different stories \(closestApart), least alike retelling \(farthestTogether)"
        )
        #expect(closestApart < StoryRule().minSimilarity)
        #expect(score.merged.isEmpty, "different stories grouped: \(score.merged)")
        #expect(score.precision >= 0.98)
        // The miss the rule accepts: two papers reporting one fire in their own words under their
        // own links share no link and few pairs of words (docs/sections.md).
        #expect(score.missed == ["ba/fire ~ bt/fire"])
        #expect(score.recall >= 0.9)
    }

    @Test("the second part: template notices kept apart by their names, wire copy found")
    func secondPart() {
        let score = Self.score(Self.second, Self.fold(Self.second))
        print(
            "story grouping, second part: precision \(score.precision), recall \(score.recall); merged: \(score.merged); missed: \(score.missed)"
        )
        #expect(score.precision >= 0.98, "different stories grouped: \(score.merged)")
        #expect(score.recall >= 0.9, "missed: \(score.missed)")
    }

    @Test("the held-out part: scored as it came out, the rule untouched")
    func heldOutPart() {
        let score = Self.score(Self.heldOut, Self.fold(Self.heldOut))
        print(
            "story grouping, held-out set: precision \(score.precision), recall \(score.recall); merged: \(score.merged); missed: \(score.missed)"
        )
        #expect(score.precision >= 0.98, "different stories grouped: \(score.merged)")
        #expect(score.recall >= 0.9, "missed: \(score.missed)")
    }
}
