import Crypto
import Foundation
import TidingsModel

/// What a token is for. A token verifies only for the scope it was issued for: a news cursor is
/// no section cursor, a section's cursor pages no other section or brand, and neither is an image
/// URL the proxy serves (`Images/ImageSigning.swift`).
enum TokenScope: Sendable {
    case news
    case section(SectionKey)
    /// A search's next page, for one brand.
    case search(String)
    /// A product search's next page.
    case productSearch
    case image

    /// Signed with the payload, never sent: brand and section ids are slugs, so no NUL.
    var label: String {
        switch self {
        case .news: "news"
        case .section(let key): "section:\(key.stream)"
        case .search(let brand): "search:\(brand)"
        case .productSearch: "product-search"
        case .image: "image"
        }
    }

    /// Longer tokens are refused before any work: a cursor is short; an image URL may be as long
    /// as the parser keeps (`parse.max_url_length`, at most 8192 by default), 4/3 of it in base64.
    var maximumTokenLength: Int {
        switch self {
        case .news, .section, .search, .productSearch: 1_000
        case .image: 12_000
        }
    }
}

/// Signs tokens — cursors, image URLs — with HMAC-SHA256: a token is base64url(payload ‖ tag), the
/// tag the first 16 bytes of HMAC(key, scope ‖ 0x00 ‖ payload). Clients cannot make, change or move
/// a token; a server with the same key (every server over one database) accepts it.
struct TokenSeal: Sendable {
    /// 128 bits of tag: the truncation RFC 2104 allows, and keeps tokens short.
    static let tagLength = 16
    let key: SymmetricKey

    /// The token for `payload`, bound to `scope`.
    func seal(_ payload: String, for scope: TokenScope) -> String {
        let bytes = Array(payload.utf8)
        return Base64URL.encode(bytes: bytes + tag(bytes, scope))
    }

    /// The payload of a token this key sealed for `scope`; nil for anything else.
    func open(_ token: String, for scope: TokenScope) -> String? {
        guard token.utf8.count <= scope.maximumTokenLength, let data = Base64URL.decodeBytes(token),
            data.count > Self.tagLength
        else { return nil }
        let payload = Array(data.dropLast(Self.tagLength))
        let expected = tag(payload, scope)
        guard constantTimeEqual(data.suffix(Self.tagLength), expected) else { return nil }
        return String(validating: payload, as: UTF8.self)
    }

    private func tag(_ payload: [UInt8], _ scope: TokenScope) -> [UInt8] {
        var hmac = HMAC<SHA256>(key: key)
        hmac.update(data: Array(scope.label.utf8) + [0])
        hmac.update(data: payload)
        return Array(hmac.finalize().prefix(Self.tagLength))
    }
}
