import Foundation
import TidingsModel

/// Text in several languages.
public struct LocalizedText: Sendable, Hashable {
    /// The text per language; at least one.
    public var values: [LanguageTag: String]

    /// One text for every language.
    public init(_ text: String) { values = [.en: text] }

    /// Texts per language.
    public init(_ values: [LanguageTag: String]) { self.values = values }

    /// The text for a reader of `language`: along its fallback chain (`nb-NO` → `nb` → `no`),
    /// then the brand's, then English, then the first language written.
    public func text(_ language: LanguageTag, brand: LanguageTag? = nil) -> String {
        for tag in language.lookupOrder(brand: brand) {
            if let text = values[tag] { return text }
        }
        return values.min { $0.key.identifier < $1.key.identifier }?.value ?? ""
    }
}
