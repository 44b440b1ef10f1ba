import Foundation
import TidingsModel

/// Where an image URL is signed: every image a page or the API shows is linked as `/img/` and
/// the URL sealed for the `image` scope, so the proxy fetches only URLs this server put there.
extension SigningKeys {
    /// Page links through the proxy; no images when the key cannot be read (the store is down).
    func imageLinks() async -> ImageLinks {
        guard let seal = try? await seal(for: .image) else { return .none }
        return ImageLinks { "/img/" + seal.seal($0.absoluteString, for: .image) }
    }

    /// The http(s) URL of the image a proxy path's `token` names, when these keys signed it.
    func imageURL(_ token: String) async throws -> URL? {
        guard let text = try await open(token, for: .image), let url = URL(string: text), url.webAddress != nil
        else { return nil }
        return url
    }
}
