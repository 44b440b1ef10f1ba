#!/usr/bin/env python3
"""Writes the stemmers' test fixtures, Tests/TextAnalysisTests/Fixtures/stems-<lang>.tsv, with the
Snowball project's own stemmers (the `snowballstemmer` package from PyPI) as the oracle.

    python3 -m venv /tmp/sbvenv && /tmp/sbvenv/bin/pip install snowballstemmer
    /tmp/sbvenv/bin/python scripts/gen-stemmer-fixtures.py

It needs `pip install snowballstemmer` (3.x: the fixtures in the repository were written with
3.1.1, which carries the Snowball 3.0 algorithms). Neither the build nor the tests need Python or
that package: the fixtures are committed, and TextAnalysisTests checks Sources/TextAnalysis against
every line of them. Run it again after changing the word lists below, and commit what it writes.

Each fixture line is a word, a tab and its stem, in UTF-8, sorted. The words are of two kinds:

  - natural words, written out below: nouns, verbs and adjectives in many of their forms,
    compounds, words with the languages' own letters (å æ ø ä ö ü ß ё й);
  - synthetic words, made systematically from a few stems and every suffix the algorithm's steps
    name, alone and in the combinations the steps take apart, so that every rule, every condition
    on the letters before a suffix, and the R1/R2 boundaries meet a word that takes each way;
    with very short words, words without vowels and words that are all suffix.
"""
import pathlib
import sys

try:
    import snowballstemmer
except ImportError:
    sys.exit("gen-stemmer-fixtures: needs the snowballstemmer package (pip install snowballstemmer)")

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "TextAnalysisTests" / "Fixtures"
# Fixtures are resources of the test bundle; keep each one small.
MAX_BYTES = 80_000


def words(text):
    return text.split()


def cross(stems, suffixes):
    return [stem + suffix for stem in stems for suffix in suffixes]


# Words every language gets: short, digits, no letters of its own, mixed scripts.
COMMON = words("""
    a b i y z á ä ö ü ß å æ ø ё й я и ab ba ay ya 0 7 42 2024 1st 3d mp3 x86 a1 1a covid19 ß1
    bcd xyz tsktsk nth hmm grr brr pfft zzz
    москва moskva berlin абв abcабв ñandú ωμέγα 東京 ﬁ
""")

# --- English -------------------------------------------------------------------------------------

EN_NATURAL = words("""
    consign consigned consigning consignment consist consisted consistency consistent consistently
    consisting consists consolation consolations consolatory console consoled consoles consolidate
    consolidated consolidating consoling consolingly consols consonant consort consorted consorting
    conspicuous conspicuously conspiracy conspirator conspirators conspire conspired conspiring
    constable constables constance constancy constant knack knackeries knacks knag knave knaves
    knavish kneaded kneading knee kneel kneeled kneeling kneels knees knell knelt knew knick knif
    knife knight knightly knights knit knits knitted knitting knives knob knobs knock knocked knocker
    knockers knocking knocks knopp knot knots
    caresses flies dies mules denied died agreed owned humbled sized meeting stating siezing itemization
    sensational traditional reference colonizer plotted happy happiness happily relational conditional
    rational valenci hesitanci digitizer conformabli radicalli differentli vileli analogousli
    vietnamization predication operator feudalism decisiveness hopefulness callousness formaliti
    sensitiviti sensibiliti triplicate formative formalize electriciti electrical hopeful goodness
    revival allowance inference airliner gyroscopic adjustable defensible irritant replacement
    adjustment dependent adoption homologou communism activate angulariti homologous effective
    bowdlerize probate rate cease controll roll
    generate generates generated generating general generally generic generically generous generously
    communication communications community communities arsenic arsenal past paste pastes pasted
    pasting universe universes universal universally university universities later lateral laterally
    emerge emergency emergent organ organic organize organization inter intern internal international
    interval interfere
    skis skies sky ski dying lying tying vying hying dyings inning innings outing outings canning
    cannings herring herrings earring earrings evening evenings proceed proceeds exceed exceeding
    succeed succeeded succeeding idly gently ugly early only singly news howe atlas cosmos bias andes
    geologist geology biologist biology apologist astrology
    running runs ran runner runners jumped jumping jumps walked walking walker walks talked talking
    hoped hoping hopes hopped hopping filed filing filled filling failed failing agreement agreements
    national nationalism nationalist nationality nationalities nationally nationalize nationalized
    relate related relates relating relation relations relationship relative relatively relativity
    happiest happier unhappy cried cries crying tried tries trying played playing player players
    enjoy enjoyed enjoying enjoyment boy boys toy toys say says saying stay stayed stays staying
    buy buys buying employ employed employer employee employees yesterday youth young younger
    yellow yellowish yellower yes yet yield yielded yielding year years yearly beyond crayon
    abilities ability able ably capable capability disable disabled possible possibly possibility
    responsibility responsible responsibly visible visibility visibly edible credible incredibly
    heroism criticism critical criticize criticized critic critics ethical ethically ethics
    maximum minimum museum opinion opinions action actions active actively activity activities
    decision decisions division television vision revision tension pension mission missions
    nation nations station stations ration creation creations cooperation organisation
    argument arguments government governments movement movements statement statements element
    elements development developments management department agreement environment environmental
    different difference differences differently excellent excellence present presence presently
    importance important importantly significance significant significantly balance balanced
    hopeless hopelessly hopelessness careless carelessly carelessness useful usefully usefulness
    beautiful beautifully wonderful wonderfully faithful faithfully faithfulness cheerfulness
    dangerous dangerously famous famously various variously nervous nervousness obvious obviously
    kindness darkness sadness goodness illness business businesses witness witnesses
    quickly slowly badly sadly madly gladly fully really truly duly wholly coolly dully
    reply replied replies apply applied applies supply supplied supplies fly flying flight
    studies studied studying study student students city cities party parties baby babies
    lady ladies story stories family families country countries company companies memory
    ties tie tied pies lies cries skiing skied
    agreed freed feed feeds fed bleed bleeding breed speed speeding needed needing indeed
    bled bred shred shredded shredding embed embedded bed beds bead beads shed sheds
    uproot uprooted bestow bestowed disturb disturbed trap trapped entrap entrapped rap
    hope hopeful tape taped scrape scraped able table whistle house goose grieve grieved
    fizzed buzzed boxed fixed fixing mixed taxing snowed snowing flowed allowed bowed
    luxuriate luxuriated luxuriating troubled troubling sized sizing hoped added adding
    egged egging offed ebbed erring erred inning
    news newspaper newspapers newsletter sewing sewed ski skiing
    communist communists organisms organism arsenals emergencies
    fish fishes fishing fished rhythm rhythms crypt crypts spy spies spying shy shyly
    programming programmer programmers programmed computer computers computing compute computed
    analysis analyses analyze analyzed analyzing analyst analytical analytically
    search searched searching searches searcher index indexed indexes indices indexing
    stem stemmed stemming stems stemmer stemmers word words wording worded
    swimming swimmer swam swim swims sitting sit sits sat setting settings
    """)

EN_STEMS = words("""
    b ab at bab bed hop fil bow fix cry y ay abys connect relat sens happ add hopp ebb inn even proc
    succ geol trol gener past univers inter
    """)
EN_SUFFIXES = words("""
    s es ies ied sses us ss eed eedly ed edly ing ingly y ys yed ying e es ed ement ly li
    tional enci anci abli entli izer ization ational ation ator alism aliti alli fulness
    ousli ousness iveness iviti biliti bli ogist ogi logi fulli lessli cli dli eli gli hli
    kli mli nli rli tli bli fli
    alize icate iciti ical ful ness ative
    al ance ence er ic able ible ant ement ment ent ism ate iti ous ive ize ion sion tion xion
    e l ll le el
    ations ational tionally ousnesses iveness fulness lessness izations ementing atively
    """)
EN_APOSTROPHES = ["'s", "it's", "'tis", "dogs'", "dog's", "'dog", "o'clock", "james's", "''", "'''s"]
EN_ALL_SUFFIX = words("""
    s es ies ied sses ss us eed eedly ed edly ing ingly ying yings tional ational ation ations ement
    ments ence ance able ible alism fulness ousness iveness biliti ogist ogi ative alize ness ful
    """)


def english():
    return (EN_NATURAL + cross(EN_STEMS, EN_SUFFIXES) + EN_APOSTROPHES + EN_ALL_SUFFIX
            + cross(["y", "ay", "ey", "oy", "by", "yy", "aya", "ayy", "sayy", "yay"], ["", "s", "ing", "ed"]))


# --- Russian -------------------------------------------------------------------------------------

RU_NATURAL = words("""
    в вавиловка вагнера вагон вагона вагоне вагонов вагоном вагоны важная важнее важнейшие
    важнейшими важничал важно важного важное важной важном важному важности важностию важность
    важностью важную важны важные важный важным важных вазах вазы вакса вакханка вал валандался
    валентина валериановых валерию валетами вали валил валился валится валов вальдшнепа вальс
    п па пава павел павильон павильонам павла павлиний павлиньи павлиньим павлович павловна
    стол стола столу столом столе столы столов столам столами столах
    книга книги книге книгу книгой книгою книг книгам книгами книгах
    неделя недели неделе неделю неделей недель неделям неделями неделях
    история истории историю историей историй историям историями историях
    окно окна окну окном окне окон окнам окнами окнах
    море моря морю морем морей морям морями морях
    здание здания зданию зданием зданий зданиям зданиями зданиях
    решение решения решению решением решений решениям решениями решениях
    площадь площади площадью площадей площадям площадями площадях
    ночь ночи ночью ночей ночам ночами ночах
    день дня дню днём днем дни дней дням днями днях
    время времени временем времена времён временам временами
    город города городу городом городе городов городам городами городах
    человек человека человеку человеком человеке люди людей людям людьми людях
    новый новая новое новые нового новой новому новым новыми новых новую новою
    большой большая большое большие большого большому большим большими больших большую
    синий синяя синее синие синего синей синему синим синими синих синюю
    хороший хорошая хорошее хорошие хорошего хорошей хорошему хорошим хорошими хороших хорошую
    красивый красивая красивое красивые красивого красивой красивому красивым красивыми красивых
    красивейший красивейшая красивейшее красивейшего новейший новейшая новейших новейшими
    величайший величайшая длиннейший длиннейшая длиннейшего
    читать читаю читаешь читает читаем читаете читают читал читала читало читали читай читайте
    читая читающий читающая читающего читающих читавший читавшая читавшего читаемый читаемая
    прочитать прочитал прочитала прочитав прочитавши прочитанный прочитанная прочитанного прочитано
    говорить говорю говоришь говорит говорим говорите говорят говорил говорила говорило говорили
    говори говорите говоря говорящий говорящая говоривший говорившего
    делать делаю делаешь делает делаем делаете делают делал делала делали делавший сделав
    сделавши сделанный сделанная сделано сделаны
    писать пишу пишешь пишет пишем пишете пишут писал писала писали написав написанный
    видеть вижу видишь видит видим видите видят видел видела видели увидев увидевши
    жить живу живёшь живет живём живете живут жил жила жило жили живший живущий
    идти иду идёшь идет идём идёте идут шёл шла шло шли шедший идущий
    учиться учусь учишься учится учимся учитесь учатся учился училась учились учась
    улыбаться улыбаюсь улыбается улыбаются улыбался улыбалась улыбнувшись улыбаясь
    умываться умывшись умылся умылась одеться оделся одевшись вернуться вернулся вернувшись
    радость радости радостью радостей радостный радостная радостно
    новость новости новостью новостей скорость скорости скоростью скоростей
    возможность возможности возможностью возможностей необходимость необходимости
    ёлка ёлки ёлку ёжик её всё ещё идёт берёза берёзы жёлтый жёлтая зелёный зелёная
    чёрный чёрного лёд льда мёд счёт учёный учёные шёпот пошёл нашёл
    бегавшая бегавший бегать бегая прыгающий прыгающая поющий поющая
    длинный длинная длинное длинного длинно длиннее каменный каменная деревянный
    стеклянный оловянный особенный особенная особенно ранен раненый
    весна весны весной вёсны земля земли землю землёй железный железная
    рассказывать рассказывая рассказывающий рассказанный рассказ рассказы рассказа
    президент президента президентом правительство правительства правительством
    государство государства государственный государственная экономика экономический
    экономическая политика политический политическая общество общества общественный
    программа программы программе программирование программист программисты
    компьютер компьютеры компьютерный сеть сети сетью сетей информация информации
    поиск поиска поиском поисковый поисковая поисковой
    москва москвы москве москву москвой россия россии россию россией российский российская
    интереснейший интереснейшая мудрейший мудрейшая добрейший
    кошка кошки кошек собака собаки собак мышь мыши мышей мышами
    """)

RU_GERUND = words("в вши вшись ив ивши ившись ыв ывши ывшись")
RU_ADJECTIVE = words("ее ие ые ое ими ыми ей ий ый ой ем им ым ом его ого ему ому их ых ую юю ая яя ою ею")
RU_PARTICIPLE = words("ем нн вш ющ щ ивш ывш ующ")
RU_REFLEXIVE = words("ся сь")
RU_VERB = words("""
    ла на ете йте ли й л ем н ло но ет ют ны ть ешь нно ила ыла ена ейте уйте ите или ыли ей уй ил
    ыл им ым ен ило ыло ено ят ует уют ит ыт ены ить ыть ишь ую ю
    """)
RU_NOUN = words("""
    а ев ов ие ье е иями ями ами еи ии и ией ей ой ий й иям ям ием ем ам ом о у ах иях ях ы ь ию
    ью ю ия ья я
    """)
RU_LATER = words("""
    и ость ост ости остью остей остям ейш ейше ейший ейшая ейшего ейшими нн нна нный нного нь ь
    ённый ёнок ёк ость ейшенн еннейш ь ьи
    """)


def russian():
    endings = (RU_GERUND + RU_ADJECTIVE + RU_VERB + RU_NOUN + RU_LATER + RU_REFLEXIVE
               + cross(RU_PARTICIPLE, ["ая", "ий", "ее", "ого", "ым"])
               + cross(["ла", "ил", "ть", "ет", "ют", "ешь", "ите", "ую", "ен", "ал", "ял"], RU_REFLEXIVE)
               + cross(["в", "вши"], RU_REFLEXIVE))
    stems = ["", "б", "а", "я", "ба", "бя", "бра", "стол", "мя", "знач", "красн", "рабо"]
    return RU_NATURAL + cross(stems, endings) + words("ё ёё ёж ёлочн щ ъ ь ьь йй ый ая ся вшись")


# --- Norwegian -----------------------------------------------------------------------------------

NO_NATURAL = words("""
    havnedistrikt havnedistriktene havnedistrikter havnedistriktet havnedistriktets havnedrift
    havnedriften havneeffektivitet havneeier havneeiere havneenheter havneforbund havneforbundets
    havneformål havneforvaltningen havnefunksjonene havnefunksjoner havnefylkene havnefylker
    havnehagen havneinfrastrukturen havneinnretningene havneinnretninger havneinteresser
    havnekapasitet havnekassa havnekasse havnekassemidler havnekassen havnekassene havnekassens
    havnelokalisering havneloven havnelovens havneløsning havneløsningene havneløsninger
    havnemessig havnemyndighetene havnemyndigheter
    opning opninga opningsbalanse opningsbalansen opp oppad opparbeide opparbeidede opparbeidelse
    opparbeider opparbeides opparbeidet opparbeiding oppattbygging oppbevarer oppbevaring
    oppblåst oppblåste oppbrente oppbygd oppbygde oppbygget oppbygging oppbygginga oppbyggingen
    oppdage oppdager oppdaterte oppdeling oppdelingen oppdelt oppdrag oppdraget oppdragsavtale
    bil bilen biler bilene bilens bilenes hus huset husene husets hjem hjemmet hjemmene
    jente jenta jenten jenter jentene jentenes gutt gutten gutter guttene guttens
    bok boka boken bøker bøkene barn barnet barna barnas mann mannen menn mennene
    kvinne kvinnen kvinner kvinnene land landet landene landets by byen byer byene byens
    snakke snakker snakket snakkende snakkes kaste kaster kastet kastes lese leser leste lest
    leses skrive skriver skrev skrevet skrivende spise spiser spiste spist kjøpe kjøper kjøpte
    kjøpt studere studerer studerte studert interessert interesserte organisert organiserte
    gå går gikk gått stå står stod stått både måte måten måtene først først førstkommende
    stor store stort større størst største grønn grønne grønt vakker vakkert vakre liten lite
    små mindre minst gammel gammelt gamle eldre eldst ny nytt nye nyere nyest
    frihet friheten frihetene kjærlighet kjærligheten ærlighet ærligheten sikkerhet
    sikkerheten mulighet muligheten muligheter mulighetene hemmelighet hemmeligheter
    vennlig vennlige vennlighet farlig farlige ærlig ærlige heldig heldige viktig viktige
    viktigste lovlig ulovlig kjærlig herlig herlige
    meldt operativt levd flyttet kjørt bestemt kjent kalt ventet sendt hendt
    lærer læreren lærere lærerne lærers lærerens bakers baker bakeren bakere kammers givers
    sangers sangeren dommers dommeren svømmers svømmeren kjøkkenet søsteren søstre søstrene
    brødre brødrene fedre fedrene mødre mødrene døtre døtrene sønn sønnen sønner sønnene
    sjø sjøen sjøer sjøene blåbær blåbæret blåbærene øye øyet øyne øynene øl ølet
    fôr fôret fôring fôre kafé kafeen idé ideen ideene òg dér allé alléen
    jernbanestasjon jernbanestasjonen jernbanestasjonene sykehus sykehuset sykehusene
    regjering regjeringen regjeringens stortinget stortingets næringsliv næringslivet
    søk søker søkte søkt søkene søkemotor søkemotoren søkemotorer nyheter nyhetene nyhetens
    datamaskin datamaskinen datamaskiner datamaskinene programvare programmering
    kjempe kjempene kjempet kjempende lovlighet hetslov sannsynligvis sannsynlig
    """)

NO_STEM_SUFFIXES = words("""
    a e ede ande ende ane ene hetene en heten ar er heter as es edes endes enes hetenes ens hetens
    ets et het ast ers erte ert s dt vt t leg eleg ig eig lig elig els lov elov slov hetslov
    lige ligere elsen heter hetens ertes
    """)
NO_STEMS = words("b ab ob bab hus kast snakk lær stork ak aak tur giv fri ærl kjøp sølv") + [""]
NO_S_CONTEXTS = [c + "s" for c in "abcdefghijklmnopqrstuvwxyzæøåêòóô"] + words(
    "ers ekers aks oks iks sks eks ers irs ars urs ørs ørs tks bks")
NO_ERS_CONTEXTS = words("amm ast ind kap kk lt nk omm pp v øst giv hav skap skap tav iv gav ap rr")


def norwegian():
    return (NO_NATURAL + cross(NO_STEMS, NO_STEM_SUFFIXES)
            + cross(["", "b", "ba", "bab", "babab", "tab"], NO_S_CONTEXTS)
            + cross(["", "a", "tabb", "tab", "hus", "sang"], [c + "ers" for c in NO_ERS_CONTEXTS])
            + cross(["", "a", "ba", "bab", "labab"], words("dt vt ddt vvt edt avt tt kt")))


# --- Swedish -------------------------------------------------------------------------------------

SV_NATURAL = words("""
    jakt jaktbössa jakten jakthund jaktkarl jaktkarlar jaktkarlarne jaktkarlens jaktlöjtnant
    jaktlöjtnanten jaktlöjtnantens jalusi jalusien jalusier jalusierna jamaika jamat jamrande jamt
    jande januari japanska jaquette jaquettekappa jargong jasmin jasminen jasminer jasminhäck
    jaspis jaså javäl jazzvindens jcrn jcsus je jemföra jemföras jemförelse jemförelser
    klo kloaken klock klocka klockan klockans klockare klockaren klockarens klockarfar klockarn
    klockarsonen klockas klockkedjan klocklikt klockor klockorna klockornas klockors
    klockringning kloekornas klok kloka klokare klokast klokaste kloke klokhet klokheten klokt
    kloliknande klor klorna kloroform kloster klostergården klosterlik klot klotb klotrund
    bil bilen bilar bilarna bilens bilarnas hus huset husen husens husets flicka flickan flickor
    flickorna flickans flickornas äpple äpplet äpplen äpplena gata gatan gator gatorna gatans
    pojke pojken pojkar pojkarna bok boken böcker böckerna land landet länder länderna
    tala talar talade talat talande talas köra kör körde kört körande läsa läser läste läst
    läsande läses skriva skriver skrev skrivit skrivande hjälpa hjälper hjälpte hjälpt
    stor stort stora större störst största vacker vackert vackra vackrare vackrast
    frihet friheten friheter friheterna nyhet nyheten nyheter nyheterna råhet trohet
    möjlighet möjligheten möjligheter möjligheterna säkerhet säkerheten
    vänlig vänliga vänligt farlig farliga farligt viktig viktiga viktigt viktigaste
    hjälplöst arbetslöst tröstlöst värdelöst hälsolöst löst avlöst upplöst tröst tröstar
    värdefullt meningsfullt fullt
    societet societeten kapacitet kapaciteten elektricitet kvantitet identitet integritet
    majoritet prioritet popularitet anonymitet modernitet spontanitet suveränitet flexibilitet
    mobilitet neutralitet densitet intensitet aggressivitet positivitet antikvitet komplexitet
    annuitet kontinuitet alfabet alfabetet komet kometen raket raketen paket paketet staket
    staketet valet bordet huset taket ljuset hjärtet arbetet samhället samhällets landets
    friskt fröknarnn hundd bredd bredden sagd kvällen
    sjö sjön sjöar sjöarna ö öar öarna år året åren åker åkern åkrar älv älven älvar
    människa människan människor människorna människans barnet barnen barnens
    regering regeringen regeringens riksdag riksdagen sökmotor sökmotorn sökmotorer söka söker
    sökte sökt sökning sökningen sökningar datorer datorn dator program programmet programmering
    järnvägsstation järnvägsstationen sjukhus sjukhuset sjukhusen
    """)

SV_SUFFIXES = words("""
    a arna erna heterna orna ad e ade ande arne are aste en anden aren heten ern ar er heter or as
    arnas ernas ornas es ades andes ens arens hetens erns at andet het ast s et ets etet
    dd gd nn dt gt kt tt lig ig els öst fullt ligt igt elsen lös löst full
    """)
SV_STEMS = words("b ab ob bab hus tal flick vän jakt sam fri ärl kväll") + [""]
SV_S_CONTEXTS = [c + "s" for c in "abcdefghijklmnopqrstuvwxyzäåö"]
SV_ET_CONTEXTS = words("""
    h iet uit fab cit dit alit ilit mit nit pit rit sit tit ivit kvit xit kom rak pak stak
    bat bal ban bar bol bul bil tab val bord hus ak ok ät öt åt
    """)


def swedish():
    return (SV_NATURAL + cross(SV_STEMS, SV_SUFFIXES)
            + cross(["", "b", "ba", "bab", "babab"], SV_S_CONTEXTS)
            + cross(["", "a", "s", "ka", "tra", "kapa"], cross(SV_ET_CONTEXTS, ["et", "ets"]))
            + cross(["", "a", "ba", "bab", "labab"], cross(words("i k l n p r t u v a s ö"), ["öst"])))


# --- German --------------------------------------------------------------------------------------

DE_NATURAL = words("""
    aufeinander aufeinanderbiss aufeinanderfolge aufeinanderfolgen aufeinanderfolgend
    aufeinanderfolgende aufeinanderfolgenden aufeinanderfolgender aufeinanderfolgt
    aufeinanderfolgten aufeinanderschlügen aufenthalt aufenthalten aufenthaltes auferlegen
    auferlegt auferlegten auferstand auferstanden auferstehen aufersteht auferstehung auferstünde
    auferwecken auferweckt auferzogen aufessen auffa auffallen auffallend auffallenden
    auffallender auffällig auffälligen auffälliges auffassen auffasst auffaßt auffassung
    auffassungsvermögen
    kategorie kategorien kategorisch kategorische kategorischen kategorischer kater katerliede
    katern katers käthchen kathedrale kathinka katholik katholische katholischen katholischer
    kattun kattunhalstücher katz kätzchen kätzchens katze katzen katzenschmer katzensprung
    katzenwürde kätzin kätzlein katzmann kauen kauerte kauf kaufe kaufen käufer kauffahrer
    kaufherr kaufleute käuflich
    haus hauses häuser häusern hause kind kindes kinder kindern kinde frau frauen mann mannes
    männer männern straße straßen strasse strassen mädchen mädchens bedürfnis bedürfnisse
    bedürfnissen ergebnis ergebnisse ergebnissen zeugnis zeugnisse
    machen macht machte machten gemacht machend machende arbeiten arbeitet arbeitete arbeiteten
    gearbeitet arbeitend arbeitung laufen läuft lief liefen gelaufen laufend
    schön schöne schönen schöner schönes schönem schönste schönsten schönheit schönheiten
    groß große großen größer größte größten größere großartig großartige
    möglich mögliche möglichen möglichkeit möglichkeiten unmöglich freundlich freundlichkeit
    herrlichkeit heiligkeit übersetzung übersetzungen zeitung zeitungen regierung regierungen
    bewegung bewegungen endung endungen ordnung ordnungen vereinigung vereinigungen
    beleidigung beleidigungen kündigung kündigungen wichtig wichtige wichtigen wichtigkeit
    lustig lustige lustigkeit ewig ewigkeit praktisch praktische praktischen logisch logische
    politik politiker politisch politische kritik kritisch musik musiker musikalisch
    bundesverfassungsgericht donaudampfschifffahrt kindergarten kindergärten fußball fußballs
    aepfel äpfel apfel muenchen münchen goethe koenig könig koenige quelle quellen feuer feuern
    bauer bauern bayern mauer mauern treue treuen
    lehrerin lehrerinnen lehrer lehrern ärztin ärztinnen fahrerin fahrerinnen sängerin
    wandeln wandelns segeln segelns handeln handelns himmeln zweifeln
    redet redete gebet gebete planet planeten internet internets ticket tickets geordnet vertret
    bauet gerettet betet gesetzt gelernt verlernt gewinnt gefunden gemeldet
    system systeme systemen systems ökosystem betriebssystem problem probleme problemen
    derbsten derbst äckern ackers armes
    müßig muße fließen fließend heißen heißt weiß weißen schließlich schließen
    übung übungen überall über üben übte geübt öffnen öffnung öffentlich öffentlichkeit
    suche suchen suchte gesucht suchmaschine suchmaschinen suchergebnis suchergebnisse
    rechner rechnern rechnen berechnung datenbank datenbanken programm programme programmierung
    nachricht nachrichten nachrichtendienst zeit zeiten zeitlich gleichzeitig gleichzeitigkeit
    """)

DE_SUFFIXES = words("""
    em ern er e en es s erin erinnen ln lns en er est st et end ung ig ik isch lich heit keit
    igend igung ige igen lichkeit igkeit erheit enheit erlich enlich eig eigen isches ischen
    ungen heiten keiten lichen igkeiten ends ungs ets nisse nissen niss ems ene ese
    """)
DE_STEMS = words("b ab ob bab kalb mach arbeit syst bedürfn such herr frei uber mäd") + [""]
DE_S_CONTEXTS = [c + "s" for c in "abcdefghijklmnopqrstuvwxyzäöüß"]
DE_ST_CONTEXTS = [c + "st" for c in "abcdefghijklmnopqrstuvwxyz"]
DE_ET_CONTEXTS = [c + "et" for c in "abcdefghijklmnopqrstuvwxyzäöü"] + words(
    "auet euet geordnet internet plannet planet ticket tret tickert")
DE_PRELUDE = words("""
    aue eue ieu aya eye uyu auyu auua yua ueu que quae qua aee oee uee aeae oeoe ueue ae oe ue
    qu q ß ßß ßa aß äu äue öu üe äe ye yu ay uy ya
    """)


def german():
    return (DE_NATURAL + cross(DE_STEMS, DE_SUFFIXES)
            + cross(["", "b", "ba", "bab", "baab", "babab"], DE_S_CONTEXTS + DE_ST_CONTEXTS + DE_ET_CONTEXTS)
            + cross(["", "b", "kab", "trab"], cross(DE_PRELUDE, ["", "en", "ern"])))


LANGUAGES = {"en": ("english", english), "ru": ("russian", russian), "nb": ("norwegian", norwegian),
             "sv": ("swedish", swedish), "de": ("german", german)}


def main():
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for code, (name, make) in LANGUAGES.items():
        stemmer = snowballstemmer.stemmer(name)
        vocabulary = sorted({word for word in COMMON + make() if word and "\t" not in word})
        lines = ["%s\t%s\n" % (word, stemmer.stemWord(word)) for word in vocabulary]
        text = "".join(lines)
        size = len(text.encode("utf-8"))
        if size > MAX_BYTES:
            sys.exit("gen-stemmer-fixtures: stems-%s.tsv would be %d bytes, more than %d" % (code, size, MAX_BYTES))
        (FIXTURES / ("stems-%s.tsv" % code)).write_text(text, encoding="utf-8")
        print("stems-%s.tsv: %d words, %d bytes" % (code, len(lines), size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
