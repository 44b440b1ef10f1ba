import Foundation
import TidingsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything that can go wrong talking to a Tidings server, as an app shows it: one type for the
/// whole SDK (seed 004's app-wide error type), with a message for the reader in ru or en.
public enum TidingsError: Error, Sendable, Hashable {
    /// No connection: the device is offline, or the server cannot be reached.
    case offline
    /// The server took too long.
    case timeout
    /// The server answered with an error status; `code` and `message` come from its error body.
    case server(status: Int, code: String?, message: String?)
    /// The server answered something the SDK cannot read.
    case badResponse(String)
    /// The request was cancelled.
    case cancelled

    /// Maps a URLSession (or other transport) error; a TidingsError stays what it is.
    public init(transportError error: any Error) {
        // A transport's own TidingsError (a socket stream's `.timeout`) is already the answer.
        if let error = error as? TidingsError {
            self = error
            return
        }
        if error is CancellationError {
            self = .cancelled
            return
        }
        guard let urlError = error as? URLError else {
            self = .offline
            return
        }
        switch urlError.code {
        case .timedOut: self = .timeout
        case .cancelled: self = .cancelled
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            self = .badResponse(urlError.localizedDescription)
        default: self = .offline
        }
    }

    /// Whether trying again may help (the retry button is shown for these).
    public var isRetryable: Bool {
        switch self {
        case .offline, .timeout: true
        case .server(let status, _, _): status >= 500 || status == 429 || status == 408
        case .badResponse, .cancelled: false
        }
    }

    /// The sentence to show the reader.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.offline, .en): "You are offline. Check your connection and try again."
        case (.offline, .ru): "Нет подключения к интернету. Проверьте соединение и попробуйте снова."
        case (.timeout, .en): "The server is taking too long to answer. Try again in a moment."
        case (.timeout, .ru): "Сервер долго не отвечает. Попробуйте чуть позже."
        case (.server(let status, _, _), .en) where status >= 500: "Something went wrong on our side. Try again later."
        case (.server(let status, _, _), .ru) where status >= 500:
            "Что-то пошло не так на нашей стороне. Попробуйте позже."
        case (.server(404, _, _), .en): "This page does not exist any more."
        case (.server(404, _, _), .ru): "Этой страницы больше нет."
        case (.server, .en): "The request could not be completed."
        case (.server, .ru): "Не удалось выполнить запрос."
        case (.badResponse, .en): "The server sent something this app cannot read. Try updating the app."
        case (.badResponse, .ru):
            "Сервер прислал данные, которые приложение не может прочитать. Попробуйте обновить приложение."
        case (.cancelled, .en): "Cancelled."
        case (.cancelled, .ru): "Отменено."
        }
    }
}

extension TidingsError: LocalizedError {
    /// The English message (apps choose a language with ``message(in:)``).
    public var errorDescription: String? { message(in: .en) }
}
