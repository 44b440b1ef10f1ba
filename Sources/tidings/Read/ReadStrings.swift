import TidingsModel

/// The reader's own words (its chrome, not the server's content) in the reader's language — the
/// brand's, unless `--locale` says otherwise — so a Russian brand is not framed in English.
struct ReadStrings {
    let language: Language
    private var ru: Bool { language == .ru }

    /// `count` with the noun's form for it: one/few/many in Russian, singular/plural in English
    /// (CLDR's rules, ``Language/plural(_:)``).
    func count(_ count: Int, _ en: (String, String), _ ru: (one: String, few: String, many: String)) -> String {
        language.counted(count, en: en, ru: ru)
    }

    func items(_ n: Int) -> String { count(n, ("item", "items"), ("элемент", "элемента", "элементов")) }
    func brands(_ n: Int) -> String { count(n, ("brand", "brands"), ("бренд", "бренда", "брендов")) }
    func sections(_ n: Int) -> String { count(n, ("section", "sections"), ("раздел", "раздела", "разделов")) }
    func stories(_ n: Int) -> String { count(n, ("story", "stories"), ("статья", "статьи", "статей")) }
    /// The last line of an aggregate that carries fewer members than it folds.
    func andMore(_ n: Int) -> String {
        let noun = language.form(for: n, en: ("product", "products"), ru: ("товар", "товара", "товаров"))
        return ru ? "и ещё \(n) \(noun)" : "and \(n) more \(noun)"
    }

    var chooseBrand: String { ru ? "выберите бренд" : "choose a brand" }
    var chooseSection: String { ru ? "выберите раздел" : "choose a section" }
    var loading: String { ru ? "Загрузка…" : "Loading…" }
    var loadingBrands: String { ru ? "Загрузка брендов…" : "Loading brands…" }
    var loadingSections: String { ru ? "Загрузка разделов…" : "Loading sections…" }
    var noBrands: String { ru ? "Брендов нет." : "No brands." }
    var noSections: String { ru ? "Разделов нет." : "No sections." }
    var webPageMark: String { ru ? " · веб-страница" : " · web page" }
    func itemOf(_ index: Int, _ total: Int) -> String { ru ? "\(index) из \(total)" : "item \(index) of \(total)" }
    func offlineItems(_ time: String) -> String {
        ru
            ? "нет связи с сервером — показано сохранённое в \(time)"
            : "server not reached — showing items fetched at \(time)"
    }
    func offlineBrands(_ time: String) -> String {
        ru ? "нет связи с сервером — бренды, сохранённые в \(time)" : "server not reached — brands kept from \(time)"
    }
    var refreshing: String { ru ? "обновление…" : "refreshing…" }
    /// The live pill.
    func newItems(_ count: Int) -> String { ru ? " новое: \(count) — n показать " : " \(count) new — n to show " }
    var loadingMore: String { ru ? "загрузка…" : "loading more…" }
    var moreKey: String { ru ? "m — ещё" : "m for more" }
    var endOfSection: String { ru ? "конец раздела" : "end of the section" }
    var reloadKey: String { ru ? "r — обновить" : "r to reload" }
    var retryKey: String { ru ? "r — повторить" : "r to retry" }
    func webSection(_ url: String) -> String {
        ru ? "Этот раздел — веб-страница: \(url)" : "This section is a web page: \(url)"
    }
    func unsupported(_ type: String) -> String {
        let name = type.isEmpty ? (ru ? "без типа" : "no type") : type
        return ru ? "(неизвестный элемент: \(name))" : "(unsupported item: \(name))"
    }
    var noLink: String { ru ? "(без ссылки)" : "(no link)" }
    /// An ad slot's format in words: the formats an ad SDK knows by name, any other as sent.
    func adFormat(_ format: String) -> String {
        switch (format, ru) {
        case ("banner", true): "баннер"
        case ("native", true): "нативная"
        case ("video", true): "видео"
        case ("interstitial", true): "полноэкранная"
        default: format
        }
    }
    func ad(_ format: String) -> String { ru ? "Реклама · \(adFormat(format))" : "Ad · \(adFormat(format))" }
    func adSlot(_ format: String) -> String {
        ru ? "Рекламное место (\(adFormat(format)))" : "Ad slot (\(adFormat(format)))"
    }
    /// A widget's kind as a reader calls it.
    func widgetKind(_ kind: Widget.Kind) -> String {
        switch (kind, ru) {
        case (.carousel, false): "carousel"
        case (.carousel, true): "карусель"
        case (.list, false): "list"
        case (.list, true): "список"
        case (.weather, false): "weather"
        case (.weather, true): "погода"
        case (.local, false): "around you"
        case (.local, true): "рядом"
        }
    }
    /// What a widget is, under its title in the detail.
    func widgetExplained(
        _ kind: Widget.Kind, section: String?, hasForecast: Bool = false, forecastOutdated: Bool = false
    ) -> String {
        switch (kind, section) {
        case (.weather, _) where forecastOutdated:
            ru ? "Актуального прогноза нет: он устарел." : "No current forecast: the one given is out of date."
        case (.weather, _) where hasForecast: ru ? "Прогноз погоды." : "The weather forecast."
        case (.local, let section?):
            ru ? "Местные новости раздела «\(section)»." : "Local stories from \(section)."
        case (.carousel, let section?):
            ru ? "Карусель статей раздела «\(section)»." : "A carousel of stories from \(section)."
        case (.list, let section?): ru ? "Список статей раздела «\(section)»." : "A list of stories from \(section)."
        case (.carousel, nil): ru ? "Карусель статей." : "A carousel of stories."
        case (.list, nil): ru ? "Список статей." : "A list of stories."
        case (.weather, _): ru ? "Погода: её показывает приложение." : "The weather, shown by the app."
        case (.local, _): ru ? "Местные новости: их показывает приложение." : "Local news, shown by the app."
        }
    }
    /// A widget's place ("city", "country") in words.
    func place(_ key: String) -> String {
        switch (key, ru) {
        case ("city", false): "City"
        case ("city", true): "Город"
        case ("country", false): "Country"
        case ("country", true): "Страна"
        default: key
        }
    }
    func adExplained(_ id: String) -> String {
        ru
            ? "Место для рекламы: его заполняет рекламный SDK приложения. Место \(id)."
            : "A place for an ad: the app's ad SDK fills it. Slot \(id)."
    }
    func cardExplained(dismissible: Bool) -> String {
        ru
            ? "Карточка-приглашение." + (dismissible ? " d скрывает её." : "")
            : "A notification card." + (dismissible ? " d dismisses it." : "")
    }
    var unknownExplained: String {
        ru
            ? "Эта программа не знает такой элемент; он пришёл таким:"
            : "This reader does not know this type of item; it came as:"
    }
    var product: String { ru ? "Товар: " : "Product: " }
    var size: String { ru ? "Размер: " : "Size: " }
    var price: String { ru ? "Цена: " : "Price: " }
    var oldPrice: String { ru ? "Старая цена: " : "Old price: " }
    var change: String { ru ? "Изменение: " : "Change: " }
    var onlyCards: String { ru ? "Скрыть можно только карточки." : "Only notification cards can be dismissed." }
    var dismissing: String { ru ? "Скрываем…" : "Dismissing…" }
    var dismissed: String { ru ? "Скрыто." : "Dismissed." }
    var everything: String { ru ? "Это всё в этом разделе." : "That is everything in this section." }

    /// The keys of `page`; `d` only when it can dismiss something.
    func help(_ page: ReadUI.Page, dismiss: Bool) -> String {
        let d = dismiss ? (ru ? "d скрыть · " : "d dismiss · ") : ""
        switch (page, ru) {
        case (.brands, false): return "↑↓/jk move · Enter open · r reload · q quit"
        case (.brands, true): return "↑↓/jk выбор · Enter открыть · r обновить · q выход"
        case (.sections, false): return "↑↓/jk move · Enter open · b back · r reload · q quit"
        case (.sections, true): return "↑↓/jk выбор · Enter открыть · b назад · r обновить · q выход"
        case (.feed, false): return "↑↓/jk move · Enter open · m more · r refresh · n new · " + d + "b back · q quit"
        case (.feed, true):
            return "↑↓/jk выбор · Enter открыть · m ещё · r обновить · n новое · " + d + "b назад · q выход"
        case (.detail, false): return "↑↓/jk scroll · b back · " + d + "q quit"
        case (.detail, true): return "↑↓/jk листать · b назад · " + d + "q выход"
        }
    }
}
