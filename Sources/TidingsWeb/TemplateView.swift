import Mustache
import TidingsModel

/// A view model whose fields the templates read by name, one field at a time.
///
/// swift-mustache finds `{{name}}` in a value with `Mirror`: it reads every stored property of
/// the value until one is called `name`, and for a name the value lacks it does so in every value
/// up the context stack until one has it (a card's template reads the page's words and links
/// from inside its loop). Reading a property by reflection decodes its type's mangled name, so
/// that was 74 % of the CPU of a web page built on a cache miss (docs/benchmarks.md). A
/// `TemplateView` knows its properties' places by name (learnt once per type): a name it lacks
/// costs one dictionary lookup, and a name it has, the reading of that one property.
public protocol TemplateView: MustacheParent {}

extension TemplateView {
    public func child(named name: String) -> Any? {
        // The places are known before any mirror is made: most names asked are ones a value lacks
        // (the stack is climbed from the innermost value), and those need none.
        guard let field = TemplateFields.field(name, of: self) else { return nil }
        let children = Mirror(reflecting: self).children
        let value = children[children.index(children.startIndex, offsetBy: field.offset)].value
        // As swift-mustache does: an optional property is its value, or nothing. Cast only where
        // the property is optional: the cast to a protocol costs a conformance lookup.
        if field.optional, let optional = value as? any OptionalValue { return optional.wrappedAny }
        return value
    }
}

/// Each view type's stored properties by name: their places among its mirror's children, and
/// whether each is optional.
enum TemplateFields {
    struct Field {
        let offset: Int
        let optional: Bool
    }

    private static let fields = Locked<[ObjectIdentifier: [String: Field]]>([:])

    /// The field called `name` of `value`'s type; the type's fields are learnt from `value` the
    /// first time one of its type is asked.
    static func field<Value>(_ name: String, of value: Value) -> Field? {
        let id = ObjectIdentifier(Value.self)
        if let known = fields.withLock({ $0[id] }) { return known[name] }
        var learnt: [String: Field] = [:]
        for (offset, child) in Mirror(reflecting: value).children.enumerated() {
            guard let label = child.label, learnt[label] == nil else { continue }
            learnt[label] = Field(offset: offset, optional: Mirror(reflecting: child.value).displayStyle == .optional)
        }
        fields.withLock { $0[id] = learnt }
        return learnt[name]
    }
}

private protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedAny: Any? {
        switch self {
        case .some(let value): (value as? any OptionalValue)?.wrappedAny ?? value
        case .none: nil
        }
    }
}

extension AdCard: TemplateView {}
extension AdCard.Creative: TemplateView {}
extension AggregateCard: TemplateView {}
extension AggregateCard.Member: TemplateView {}
extension ArticlePage: TemplateView {}
extension BrandsPage: TemplateView {}
extension BrandsPage.BrandEntry: TemplateView {}
extension CardView: TemplateView {}
extension Chrome: TemplateView {}
extension Chrome.Link: TemplateView {}
extension ConsoleSessionView: TemplateView {}
extension ConsoleSignInPage: TemplateView {}
extension ConsoleHomePage: TemplateView {}
extension ConsoleHomePage.BrandRow: TemplateView {}
extension ConsoleHomePage.SectionRow: TemplateView {}
extension ConsoleAuditPage: TemplateView {}
extension ConsoleAuditPage.Entry: TemplateView {}
extension ConsoleAuditPage.Row: TemplateView {}
extension ConsoleSourcesPage: TemplateView {}
extension ConsoleSourcesPage.Source: TemplateView {}
extension ConsoleSourcesPage.Row: TemplateView {}
extension ConsoleSectionPage: TemplateView {}
extension ConsoleSectionPage.Story: TemplateView {}
extension ConsoleSectionPage.Row: TemplateView {}
extension ConsoleSectionPage.Rule: TemplateView {}
extension ConsoleSectionPage.ScheduleForm: TemplateView {}
extension ConsoleSectionPage.ScheduleForm.Field: TemplateView {}
extension ConsoleSectionPage.RenderForm: TemplateView {}
extension ConsoleSectionPage.RenderForm.Option: TemplateView {}
extension ErrorPage: TemplateView {}
extension NewsCard: TemplateView {}
extension NoticeCard: TemplateView {}
extension PlaceCard: TemplateView {}
extension ProductPage: TemplateView {}
extension ProductPage.Row: TemplateView {}
extension ProductPage.Product: TemplateView {}
extension ProductPage.Point: TemplateView {}
extension SectionPage: TemplateView {}
extension SectionPage.State: TemplateView {}
extension SectionPage.Web: TemplateView {}
extension SourceFailure: TemplateView {}
extension TeaserCard: TemplateView {}
extension WeatherView: TemplateView {}
extension WeatherView.Day: TemplateView {}
extension WidgetCard: TemplateView {}
extension WebContext: TemplateView {}
extension WebStrings: TemplateView {}
extension WebAssets: TemplateView {}
extension WebAssets.File: TemplateView {}
