import Foundation

/// Writes JSON Feed 1.1 with `JSONEncoder` and sorted keys, so the same feed is the same bytes.
struct JSONFeedWriter {
    let feed: SyndicationFeed

    func write() -> [UInt8] {
        let document = Document(
            version: "https://jsonfeed.org/version/1.1", title: feed.title,
            homePageURL: feed.homePageURL?.absoluteString, feedURL: feed.feedURL.absoluteString,
            description: feed.description, language: feed.language,
            authors: feed.authorName.map { [Author(name: $0)] }, items: feed.items.map(Item.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, optionals and arrays of them cannot fail to encode.
        return Array(try! encoder.encode(document))
    }

    private struct Document: Encodable {
        var version: String
        var title: String
        var homePageURL: String?
        var feedURL: String
        var description: String?
        var language: String?
        var authors: [Author]?
        var items: [Item]

        enum CodingKeys: String, CodingKey {
            case version, title, description, language, authors, items
            case homePageURL = "home_page_url"
            case feedURL = "feed_url"
        }
    }

    private struct Author: Encodable {
        var name: String
    }

    private struct Item: Encodable {
        var id: String
        var url: String?
        var title: String?
        var contentHTML: String?
        var contentText: String?
        var summary: String?
        var image: String?
        var datePublished: String?
        var dateModified: String?
        var authors: [Author]?
        var tags: [String]?
        var attachments: [Attachment]?

        struct Attachment: Encodable {
            var url: String
            var mimeType: String
            var sizeInBytes: Int?

            enum CodingKeys: String, CodingKey {
                case url
                case mimeType = "mime_type"
                case sizeInBytes = "size_in_bytes"
            }
        }

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, image, authors, tags, attachments
            case contentHTML = "content_html"
            case contentText = "content_text"
            case datePublished = "date_published"
            case dateModified = "date_modified"
        }

        init(_ item: SyndicationItem) {
            id = item.id
            url = item.url?.absoluteString
            title = item.title
            contentHTML = item.contentHTML
            // Every item needs content_html or content_text: the summary stands in.
            contentText = item.contentHTML == nil ? item.summary ?? "" : nil
            summary = item.summary
            image = item.imageURL?.absoluteString
            datePublished = item.published.map(WireDate.rfc3339)
            dateModified = item.updated.map(WireDate.rfc3339)
            authors = item.authorName.map { [Author(name: $0)] }
            tags = item.categories.isEmpty ? nil : item.categories
            attachments = item.enclosure.map {
                [Attachment(url: $0.url.absoluteString, mimeType: $0.typeOrGeneric, sizeInBytes: $0.length)]
            }
        }
    }
}
