import Foundation
import Mustache

/// Renders the reader's pages from the bundled Mustache templates. Templates escape every
/// `{{field}}` for HTML; the one raw `{{{…}}}` is an article's sanitized content.
public struct WebRenderer: Sendable {
    let library: MustacheLibrary
    /// The static files pages link to.
    public let assets: WebAssets

    /// Loads the templates and assets bundled with this module.
    public init() throws {
        guard let directory = Bundle.module.url(forResource: "templates", withExtension: nil) else {
            throw WebError("web: the templates are missing from the bundle")
        }
        var library = MustacheLibrary()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".mustache")
        }
        for name in names.sorted() {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            do {
                try library.register(text, named: String(name.dropLast(".mustache".count)))
            } catch {
                throw WebError("web: template \(name) does not parse: \(error)")
            }
        }
        self.library = library
        self.assets = try WebAssets()
    }

    /// Renders `page` with its template.
    public func render(_ page: some WebPage) -> RenderedPage {
        guard let html = library.render(page, withTemplate: type(of: page).template) else {
            // Only a template name the bundle lacks gets here, which the tests rule out.
            preconditionFailure("web: no template named \(type(of: page).template)")
        }
        return RenderedPage(html: html)
    }
}

/// A page the renderer can show: a view model named after its template.
public protocol WebPage: Sendable {
    /// The template's file name without `.mustache`.
    static var template: String { get }
}

/// A failure of the web layer's own making (a missing resource).
public struct WebError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
