import TidingsModel

/// Messages the server shows on the reader's error pages, in the page's language.
public enum WebMessage: Sendable, CaseIterable {
    case notFoundBrand, notFoundSection, notFoundArticle, notFoundProduct, notFoundCard, notFoundPage
    case badCursor, forbidden, unexpected

    /// The message in `language` (`web.message.*` in the catalogs).
    func text(_ language: LanguageTag) -> String { Translations.current.string(key, language) }

    /// The catalog key of this message.
    var key: String {
        switch self {
        case .notFoundBrand: "web.message.notFoundBrand"
        case .notFoundSection: "web.message.notFoundSection"
        case .notFoundArticle: "web.message.notFoundArticle"
        case .notFoundProduct: "web.message.notFoundProduct"
        case .notFoundCard: "web.message.notFoundCard"
        case .notFoundPage: "web.message.notFoundPage"
        case .badCursor: "web.message.badCursor"
        case .forbidden: "web.message.forbidden"
        case .unexpected: "web.message.unexpected"
        }
    }
}

extension WebContext {
    /// `message` in the page's language.
    public func text(_ message: WebMessage) -> String { message.text(language) }
}
