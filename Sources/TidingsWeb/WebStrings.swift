import TidingsModel

/// The reader's own words (not the content's), per language.
struct WebStrings: Sendable {
    var skip: String
    var brandsTitle: String
    var brandsLead: String
    var sections: String
    var language: String
    var loadMore: String
    var loading: String
    var refresh: String
    var refreshed: String
    var nothingNew: String
    /// The live pill: "{n}" is the count of new items.
    var newItems: String
    /// What opens an aggregate's list of members: "{n}" is how many it folds.
    var showAll: String
    /// The last line of an aggregate's list when it carries fewer members than it folds.
    var andMore: String
    var reload: String
    var retry: String
    var advertisement: String
    /// The visible label on an ad: short, as newspapers print it.
    var adLabel: String
    var dismiss: String
    var notice: String
    var openOriginal: String
    var openSite: String
    var webSection: String
    var back: String
    var priceHistory: String
    var date: String
    var price: String
    var change: String
    var created: String
    var keys: String
    var feeds: String
    var loadFailed: String
    var stale: String
    var emptyTitle: String
    var emptyMessage: String
    var catalogEmptyTitle: String
    var catalogEmptyMessage: String
    var errorTitle: String
    var notFoundTitle: String
    /// The link home from a page that does not exist: "To the front page of NAME".
    var toFrontPage: String
    /// A failing source's error state: "{when}" is `retryIn`'s words.
    var sourceFailed: String
    /// The same for a document that came but could not be read.
    var sourceUnreadable: String
    var weather: String
    var nearby: String
    /// "Forecast: " before the provider's name.
    var forecastBy: String
    /// A weather widget whose forecast is all past.
    var forecastOutdated: String

    /// When a failing source is tried again, for `sourceFailed`: "in 17 minutes" / "через 17 минут",
    /// "in 2 hours" / "через 2 часа", "in under a minute" / "меньше чем через минуту".
    static func retryIn(_ seconds: Int, _ language: Language) -> String {
        let minutes = (seconds + 59) / 60
        let words: String
        switch minutes {
        case ...1: return language == .ru ? "меньше чем через минуту" : "in under a minute"
        case ..<90: words = language.counted(minutes, en: ("minute", "minutes"), ru: ("минуту", "минуты", "минут"))
        default: words = language.counted((minutes + 30) / 60, en: ("hour", "hours"), ru: ("час", "часа", "часов"))
        }
        return language == .ru ? "через " + words : "in " + words
    }

    static func of(_ language: Language) -> WebStrings {
        switch language {
        case .en: english
        case .ru: russian
        }
    }

    static let english = WebStrings(
        skip: "Skip to content", brandsTitle: "Tidings", brandsLead: "Choose a publication to read.",
        sections: "Sections", language: "Language", loadMore: "Load more", loading: "Loading…", refresh: "Refresh",
        refreshed: "new items on top", nothingNew: "Nothing new yet", newItems: "{n} new", showAll: "All {n}",
        andMore: "and {n} more", reload: "Load again",
        retry: "Try again",
        advertisement: "Advertisement", adLabel: "Ad", dismiss: "Dismiss", notice: "Notice",
        openOriginal: "Read on the original site", openSite: "Open the page", webSection: "This section is a web page.",
        back: "Back to", priceHistory: "Price history", date: "Date", price: "Price", change: "Change",
        created: "added to the catalog", keys: "Keys: j / k next and previous card, o open it.", feeds: "Feeds",
        loadFailed: "Could not load more. Check your connection and try again.",
        stale: "This section could not be updated; showing what was fetched before.",
        emptyTitle: "Nothing here yet",
        emptyMessage: "New stories will appear here as soon as they are published.",
        catalogEmptyTitle: "No changes in the product catalog",
        catalogEmptyMessage:
            "Here you can find out about new products added to the catalog and price changes of existing ones.",
        errorTitle: "Something went wrong", notFoundTitle: "Page not found", toFrontPage: "To the front page of",
        sourceFailed: "The source of this section could not be fetched. Tidings tries again {when}.",
        sourceUnreadable:
            "The source of this section sent something Tidings could not read. Tidings tries again {when}.",
        weather: "Weather", nearby: "Around you", forecastBy: "Forecast: ",
        forecastOutdated: "No current forecast")

    // The catalog's empty state is seed 000's wording.
    static let russian = WebStrings(
        skip: "К содержанию", brandsTitle: "Tidings", brandsLead: "Выберите издание.", sections: "Разделы",
        language: "Язык", loadMore: "Загрузить ещё", loading: "Загрузка…", refresh: "Обновить",
        refreshed: "новых сверху", nothingNew: "Новых материалов пока нет", newItems: "Новое: {n}", showAll: "Все {n}",
        andMore: "и ещё {n}",
        reload: "Загрузить снова",
        retry: "Повторить", advertisement: "Реклама", adLabel: "Реклама", dismiss: "Скрыть", notice: "Уведомление",
        openOriginal: "Читать на сайте источника", openSite: "Открыть страницу",
        webSection: "Этот раздел — веб-страница.", back: "Назад:", priceHistory: "История цены", date: "Дата",
        price: "Цена", change: "Изменение", created: "добавлен в каталог",
        keys: "Клавиши: j / k — следующая и предыдущая карточка, o — открыть.", feeds: "Ленты",
        loadFailed: "Не удалось загрузить. Проверьте соединение и попробуйте снова.",
        stale: "Раздел не удалось обновить; показано то, что было получено раньше.",
        emptyTitle: "Здесь пока пусто",
        emptyMessage: "Новые материалы появятся здесь, как только выйдут.",
        catalogEmptyTitle: "Нет изменений в каталоге товаров",
        catalogEmptyMessage:
            "Здесь вы можете узнать о добавлении новых товаров в каталог и об изменении цен на существующие товары",
        errorTitle: "Что-то пошло не так", notFoundTitle: "Страница не найдена", toFrontPage: "На главную:",
        sourceFailed: "Не удалось получить материалы этого раздела. Tidings попробует снова {when}.",
        sourceUnreadable:
            "Источник этого раздела прислал то, что Tidings не смог прочитать. Tidings попробует снова {when}.",
        weather: "Погода", nearby: "Рядом с вами", forecastBy: "Прогноз: ",
        forecastOutdated: "Актуального прогноза нет")
}
