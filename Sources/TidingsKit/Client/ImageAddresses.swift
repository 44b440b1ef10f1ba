import Foundation
import TidingsModel

/// The server's image proxy paths (`image_proxy_url`: `/img/…`, a path on the server) made absolute
/// against the client's base URL as endpoint paths are (a base with a path, `https://host/tidings`,
/// keeps it), so an app loads an item's image as it is. Applied to every page the client reads,
/// from the network or from its cache.
enum ImageAddresses {
    /// `path` below `base`; an address that is already absolute stays as it is.
    static func absolute(_ path: String?, base: URL) -> String? {
        guard let path else { return nil }
        guard path.hasPrefix("/"), !path.hasPrefix("//") else { return path }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false),
            let relative = URLComponents(string: path)
        else { return path }
        components.percentEncodedPath =
            Endpoint<Void>.prefix(components.percentEncodedPath) + relative.percentEncodedPath
        components.percentEncodedQuery = relative.percentEncodedQuery
        components.fragment = nil
        return components.url?.absoluteString ?? path
    }
}

extension Teaser {
    func resolvingImages(against base: URL) -> Teaser {
        var teaser = self
        teaser.imageProxyURL = ImageAddresses.absolute(imageProxyURL, base: base)
        return teaser
    }
}

extension NewsItem {
    func resolvingImages(against base: URL) -> NewsItem {
        var item = self
        item.product.imageProxyURL = ImageAddresses.absolute(product.imageProxyURL, base: base)
        return item
    }
}

extension FeedItem {
    func resolvingImages(against base: URL) -> FeedItem {
        switch self {
        case .teaser(let teaser):
            return .teaser(teaser.resolvingImages(against: base))
        case .catalogNews(let news):
            return .catalogNews(news.resolvingImages(against: base))
        case .catalogAggregate(var aggregate):
            aggregate.members = aggregate.members.map { $0.resolvingImages(against: base) }
            return .catalogAggregate(aggregate)
        case .widget(var widget):
            widget.items = widget.items.map { $0.resolvingImages(against: base) }
            return .widget(widget)
        case .ad, .notification, .unknown:
            return self
        }
    }
}

extension Feed {
    func resolvingImages(against base: URL) -> Feed {
        guard case .native(let items) = content else { return self }
        var feed = self
        feed.content = .native(items.map { $0.resolvingImages(against: base) })
        return feed
    }
}

extension NewsItemsPage {
    func resolvingImages(against base: URL) -> NewsItemsPage {
        var page = self
        page.items = items.map { $0.resolvingImages(against: base) }
        return page
    }
}

extension SearchPage {
    func resolvingImages(against base: URL) -> SearchPage {
        var page = self
        for index in page.results.indices {
            page.results[index].item = results[index].item.resolvingImages(against: base)
        }
        return page
    }
}

extension ArticleDetail {
    func resolvingImages(against base: URL) -> ArticleDetail {
        var detail = self
        detail.item = item.resolvingImages(against: base)
        detail.fullText?.imageProxyURL = ImageAddresses.absolute(fullText?.imageProxyURL, base: base)
        return detail
    }
}
