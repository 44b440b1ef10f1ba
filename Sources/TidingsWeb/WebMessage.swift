import TidingsModel

/// Messages the server shows on the reader's error pages, in the page's language.
public enum WebMessage: Sendable {
    case notFoundBrand, notFoundSection, notFoundArticle, notFoundProduct, notFoundCard, notFoundPage
    case badCursor, forbidden, unexpected

    func text(_ language: Language) -> String {
        let english = language == .en
        switch self {
        case .notFoundBrand: return english ? "There is no such publication." : "Такого издания нет."
        case .notFoundSection:
            return english ? "This publication has no such section." : "В этом издании нет такого раздела."
        case .notFoundArticle:
            return english ? "This article is no longer here." : "Этого материала здесь больше нет."
        case .notFoundProduct: return english ? "There is no such product." : "Такого товара нет."
        case .notFoundCard: return english ? "There is no such card to dismiss." : "Такой карточки нет."
        case .notFoundPage: return english ? "There is no such page." : "Такой страницы нет."
        case .badCursor:
            return english
                ? "This page link has expired. Start again from the top of the section."
                : "Ссылка на страницу устарела. Начните с начала раздела."
        case .forbidden:
            return english ? "Only this site's pages can do that." : "Это можно сделать только со страниц этого сайта."
        case .unexpected:
            return english
                ? "The page could not be loaded. Please try again in a moment."
                : "Страницу не удалось загрузить. Попробуйте ещё раз чуть позже."
        }
    }
}

extension WebContext {
    /// `message` in the page's language.
    public func text(_ message: WebMessage) -> String { message.text(language) }
}
